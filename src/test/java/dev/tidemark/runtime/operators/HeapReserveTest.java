package dev.tidemark.runtime.operators;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeapReserveTest {

    @Test
    void anOutOfMemoryErrorFreesTheReserve_otherFailuresDoNot_andAJobStartTakesItBack() {
        HeapReserve.restore();
        HeapReserve.releaseOn(new IllegalStateException("a bug, not a full heap"));
        assertThat(HeapReserve.held()).isTrue();
        OperatorException.tag("Window", new OutOfMemoryError("Java heap space"));
        assertThat(HeapReserve.held()).as("freed before the tag is made").isFalse();
        HeapReserve.restore();
        assertThat(HeapReserve.held()).isTrue();
    }
}
