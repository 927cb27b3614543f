package com.communitybot.persistence;

import java.util.function.IntSupplier;

/**
 * Writes a row whether or not it exists, with SQL both databases run: an UPDATE, and when it found no row
 * an INSERT ... ON CONFLICT DO NOTHING. Neither statement fails on a concurrent writer (so a PostgreSQL
 * transaction is never aborted by a unique violation); when both touched nothing, another writer inserted
 * the row between them (or deleted it), and the pair runs again against the now committed row.
 */
final class Upserts {

    private Upserts() {
    }

    static void upsert(IntSupplier update, IntSupplier insertIfAbsent) {
        while (update.getAsInt() == 0 && insertIfAbsent.getAsInt() == 0) {
            Thread.onSpinWait();
        }
    }
}
