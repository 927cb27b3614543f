package com.communitybot.persistence;

import com.communitybot.core.port.StoreException;
import java.util.function.IntSupplier;

/**
 * Writes a row whether or not it exists, with SQL both databases run: an UPDATE, and when it found no row
 * an INSERT ... ON CONFLICT DO NOTHING. Neither statement fails on a concurrent writer (so a PostgreSQL
 * transaction is never aborted by a unique violation); when both touched nothing, another writer inserted
 * the row between them (or deleted it), and the pair runs again against the now committed row. Both
 * databases make a conflicting INSERT wait for the other writer's commit, so the second attempt succeeds
 * unless yet another writer deleted the row meanwhile; {@link #ATTEMPTS} bounds that race.
 */
final class Upserts {

    /** Pairs tried before giving up: each lost one needs a concurrent insert and a concurrent delete. */
    static final int ATTEMPTS = 5;

    private Upserts() {}

    /** Runs the pair until one of them touched the row; a {@link StoreException} naming {@code what} after {@link #ATTEMPTS}. */
    static void upsert(String what, IntSupplier update, IntSupplier insertIfAbsent) {
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            if (update.getAsInt() > 0 || insertIfAbsent.getAsInt() > 0) {
                return;
            }
        }
        throw new StoreException(
                what + " failed: gave up after " + ATTEMPTS + " attempts, in each of which the"
                        + " UPDATE found no row and the INSERT found one (other writers inserting and deleting it)",
                null);
    }
}
