package dev.tidemark.runtime.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.LongKeySelector;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A method reference that returns a {@code long} key becomes a {@link LongKeySelector} with the
 * same keys, also in the copy a job makes; anything else stays as the user wrote it.
 */
class UnboxedKeysTest {

    record Click(long user, Long boxedUser, String page) implements Serializable {}

    static long userOf(Click click) {
        return click.user();
    }

    private static final List<Click> CLICKS = List.of(new Click(0, 0L, "/"), new Click(-7, -7L, "/a"),
            new Click(Long.MAX_VALUE, Long.MAX_VALUE, "/b"), new Click(Long.MIN_VALUE, Long.MIN_VALUE, "/c"));

    @Test
    void aReferenceToALongAccessorOrFunction_becomesALongKeySelectorWithTheSameKeys() throws Exception {
        for (KeySelector<Click, Long> reference : List.<KeySelector<Click, Long>>of(Click::user,
                UnboxedKeysTest::userOf)) {
            KeySelector<Click, Long> unboxed = UnboxedKeys.of(reference);
            assertThat(unboxed).isInstanceOf(LongKeySelector.class);
            KeySelector<Click, Long> copy = copyOf(unboxed); // as a job's tasks get it
            for (Click click : CLICKS) {
                assertThat(((LongKeySelector<Click>) copy).getLongKey(click)).isEqualTo(click.user());
                assertThat(copy.getKey(click)).isEqualTo(reference.getKey(click));
            }
        }
    }

    @Test
    void lambdas_boxedKeys_capturingReferences_andOtherKeys_stayAsWritten() {
        KeySelector<Click, Long> lambda = click -> click.user();
        KeySelector<Click, Long> boxed = Click::boxedUser;
        Click other = new Click(1, 1L, "/");
        KeySelector<Click, Boolean> capturing = other::equals;
        KeySelector<Click, String> page = Click::page;
        for (KeySelector<Click, ?> selector : List.of(lambda, boxed, capturing, page)) {
            assertThat(UnboxedKeys.of(selector)).isSameAs(selector);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T copyOf(T value) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }
}
