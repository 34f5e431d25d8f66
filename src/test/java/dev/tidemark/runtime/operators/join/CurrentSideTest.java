package dev.tidemark.runtime.operators.join;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.LongKeySelector;
import java.io.Serializable;
import org.junit.jupiter.api.Test;

/**
 * The untagged window join's key selector reads each element by its side's selector, and is a
 * {@link LongKeySelector} (the window tables then take keys unboxed) exactly when both sides' are
 * or refer to methods that return {@code long}.
 */
class CurrentSideTest {

    record Left(long account) implements Serializable {}

    record Right(long account) implements Serializable {}

    @Test
    void longGettersOnBothSides_giveALongKeySelector_readingEachSideByItsOwn() throws Exception {
        CurrentSide side = new CurrentSide();
        KeySelector<Object, Long> key = side.key((KeySelector<Left, Long>) Left::account, Right::account);
        assertThat(key).isInstanceOf(LongKeySelector.class);
        LongKeySelector<Object> longs = (LongKeySelector<Object>) key;
        side.set(true);
        assertThat(longs.getLongKey(new Left(Long.MIN_VALUE))).isEqualTo(Long.MIN_VALUE);
        assertThat(key.getKey(new Left(7))).isEqualTo(7L);
        side.set(false);
        assertThat(longs.getLongKey(new Right(-3))).isEqualTo(-3);
        assertThat(key.getKey(new Right(1L << 40))).isEqualTo(1L << 40);
    }

    @Test
    void aBoxingLambdaOnEitherSide_keepsBoxedKeys_withTheSameValues() throws Exception {
        CurrentSide side = new CurrentSide();
        KeySelector<Object, Long> leftBoxes = side.key((KeySelector<Left, Long>) l -> l.account(), Right::account);
        KeySelector<Object, Long> rightBoxes = side.key((KeySelector<Left, Long>) Left::account, (Right r) -> r.account());
        assertThat(leftBoxes).isNotInstanceOf(LongKeySelector.class);
        assertThat(rightBoxes).isNotInstanceOf(LongKeySelector.class);
        side.set(true);
        assertThat(leftBoxes.getKey(new Left(5))).isEqualTo(5L);
        assertThat(rightBoxes.getKey(new Left(6))).isEqualTo(6L);
        side.set(false);
        assertThat(leftBoxes.getKey(new Right(8))).isEqualTo(8L);
        assertThat(rightBoxes.getKey(new Right(9))).isEqualTo(9L);
    }
}
