package dev.tidemark.runtime.operators.window;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The key index is given up only with few windows per element, over enough elements, and when keys
 * came back rarely at two judgements in a row (a job's first window finds every key new); it is
 * taken up again when at least half of the tables' lookups find their key, at two judgements in a
 * row.
 */
class KeyRecurrenceTest {

    private static void count(KeyRecurrence recurrence, int elements, int held) {
        for (int i = 0; i < elements; i++) {
            recurrence.element(i < held);
        }
    }

    @Test
    void rareKeysAtTwoJudgementsInARow_giveTheIndexUp() {
        KeyRecurrence recurrence = new KeyRecurrence(2);
        count(recurrence, 5_000, 0);
        assertThat(recurrence.indexDoesNotPay()).as("first judgement").isFalse();
        count(recurrence, 5_000, 1_000);
        assertThat(recurrence.indexDoesNotPay()).as("second, under a quarter held").isTrue();
    }

    @Test
    void keysThatComeBack_orTooFewElements_keepTheIndex() {
        KeyRecurrence recurrence = new KeyRecurrence(KeyRecurrence.MAX_WINDOWS);
        count(recurrence, 5_000, 0);
        assertThat(recurrence.indexDoesNotPay()).isFalse();
        count(recurrence, 5_000, 2_000); // 40 % held: not rare, and the run starts again
        assertThat(recurrence.indexDoesNotPay()).isFalse();
        count(recurrence, 5_000, 0);
        assertThat(recurrence.indexDoesNotPay()).isFalse();
        count(recurrence, 100, 0); // too few to judge: counted on
        assertThat(recurrence.indexDoesNotPay()).isFalse();
        count(recurrence, 4_000, 0);
        assertThat(recurrence.indexDoesNotPay()).as("4,100 elements, none held, second in a row").isTrue();
    }

    @Test
    void manyWindowsPerElement_keepTheIndex_howeverRarelyKeysComeBack() {
        KeyRecurrence recurrence = new KeyRecurrence(KeyRecurrence.MAX_WINDOWS + 1);
        for (int judgement = 0; judgement < 4; judgement++) {
            count(recurrence, 10_000, 0);
            assertThat(recurrence.indexDoesNotPay()).isFalse();
        }
    }

    private static void lookUp(KeyRecurrence recurrence, int lookups, int found) {
        for (int i = 0; i < lookups; i++) {
            recurrence.lookup(i < found);
        }
    }

    private static KeyRecurrence givenUp() {
        KeyRecurrence recurrence = new KeyRecurrence(2);
        count(recurrence, 5_000, 0);
        recurrence.indexDoesNotPay();
        count(recurrence, 5_000, 0);
        assertThat(recurrence.indexDoesNotPay()).isTrue();
        return recurrence;
    }

    @Test
    void keysFoundInHalfTheLookups_atTwoJudgementsInARow_takeTheIndexUpAgain() {
        KeyRecurrence recurrence = givenUp();
        lookUp(recurrence, 5_000, 2_500);
        assertThat(recurrence.indexPaysAgain()).as("first judgement").isFalse();
        lookUp(recurrence, 5_000, 4_000);
        assertThat(recurrence.indexPaysAgain()).as("second, half or more found").isTrue();
    }

    @Test
    void keysFoundInUnderHalfTheLookups_orTooFewLookups_leaveTheIndexGivenUp() {
        KeyRecurrence recurrence = givenUp();
        lookUp(recurrence, 5_000, 5_000);
        assertThat(recurrence.indexPaysAgain()).isFalse();
        lookUp(recurrence, 5_000, 2_499); // just under half: the run starts again
        assertThat(recurrence.indexPaysAgain()).isFalse();
        lookUp(recurrence, 5_000, 5_000);
        assertThat(recurrence.indexPaysAgain()).isFalse();
        lookUp(recurrence, 100, 100); // too few to judge: counted on
        assertThat(recurrence.indexPaysAgain()).isFalse();
        lookUp(recurrence, 4_000, 2_000);
        assertThat(recurrence.indexPaysAgain()).as("4,100 lookups, 2,100 found, second in a row").isTrue();
    }

    @Test
    void anIndexTakenUpAgain_isGivenUpOnlyAfterTwoNewJudgements() {
        KeyRecurrence recurrence = givenUp();
        lookUp(recurrence, 5_000, 5_000);
        recurrence.indexPaysAgain();
        lookUp(recurrence, 5_000, 5_000);
        assertThat(recurrence.indexPaysAgain()).isTrue();
        count(recurrence, 5_000, 0);
        assertThat(recurrence.indexDoesNotPay()).as("the rare judgements before the drop do not count").isFalse();
        count(recurrence, 5_000, 0);
        assertThat(recurrence.indexDoesNotPay()).isTrue();
    }
}
