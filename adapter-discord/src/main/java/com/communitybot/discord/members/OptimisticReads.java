package com.communitybot.discord.members;

import java.util.concurrent.locks.StampedLock;
import java.util.function.Supplier;

/**
 * Reads of a structure whose writers take a {@link StampedLock}'s write lock, made without waiting for a lock as
 * long as no write runs at the same time: the read runs optimistically, and counts when the lock's stamp is still
 * valid after it; else it runs again under the read lock. Readers of a guild's members far outnumber its writes.
 */
final class OptimisticReads {

    private OptimisticReads() {}

    /**
     * {@code read}'s result, read without a lock as long as no write overlaps it; else read again under the read
     * lock. A write that changes the arrays under the first read may make it fail: it is then read again too.
     */
    static <T> T read(StampedLock lock, Supplier<T> read) {
        long stamp = lock.tryOptimisticRead();
        if (stamp != 0) {
            try {
                T result = read.get();
                if (lock.validate(stamp)) {
                    return result;
                }
            } catch (RuntimeException overlappedWrite) {
                // A write changed the arrays under the optimistic read: read again under the lock.
            }
        }
        stamp = lock.readLock();
        try {
            return read.get();
        } finally {
            lock.unlockRead(stamp);
        }
    }
}
