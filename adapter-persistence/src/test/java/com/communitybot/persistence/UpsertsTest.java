package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.port.StoreException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class UpsertsTest {

    private final AtomicInteger updates = new AtomicInteger();
    private final AtomicInteger inserts = new AtomicInteger();

    @Test
    void anExistingRow_isUpdated_withoutAnInsert() {
        Upserts.upsert("Writing", () -> count(updates, 1), () -> count(inserts, 1));

        assertThat(updates).hasValue(1);
        assertThat(inserts).hasValue(0);
    }

    @Test
    void aMissingRow_isInserted() {
        Upserts.upsert("Writing", () -> count(updates, 0), () -> count(inserts, 1));

        assertThat(updates).hasValue(1);
        assertThat(inserts).hasValue(1);
    }

    @Test
    void aRowInsertedByAnotherWriterBetweenThePair_isUpdatedOnTheSecondAttempt() {
        Upserts.upsert("Writing", () -> count(updates, updates.get() == 0 ? 0 : 1), () -> count(inserts, 0));

        assertThat(updates).hasValue(2);
        assertThat(inserts).hasValue(1);
    }

    @Test
    void aRowThatKeepsComingAndGoing_givesUpAfterTheAttempts_withAStoreExceptionSayingWhy() {
        assertThatThrownBy(() -> Upserts.upsert(
                        "Writing track 'main' of guild 1", () -> count(updates, 0), () -> count(inserts, 0)))
                .isInstanceOf(StoreException.class)
                .hasMessageStartingWith(
                        "Writing track 'main' of guild 1 failed: gave up after " + Upserts.ATTEMPTS + " attempts");

        assertThat(updates).hasValue(Upserts.ATTEMPTS);
        assertThat(inserts).hasValue(Upserts.ATTEMPTS);
    }

    private static int count(AtomicInteger calls, int rows) {
        calls.incrementAndGet();
        return rows;
    }
}
