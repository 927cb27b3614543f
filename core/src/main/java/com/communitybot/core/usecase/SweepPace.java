package com.communitybot.core.usecase;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * How fast the XP log's retention sweep deletes: at most a number of events a second. Each deleted event is work
 * for the database beyond the delete itself (PostgreSQL writes it to its write-ahead log, and a checkpoint follows
 * every so many megabytes of that log), and that work stalls the bot's commits while it runs. A sweep that deletes
 * only as fast as the bot writes, or some times faster, spreads that work out; a backlog of old events (retention
 * switched on over a long log, or a store that was stopped for weeks) is deleted over minutes rather than in one
 * burst. The figures behind the default are in BENCHMARKS.md, "Member writes and the XP log".
 */
public final class SweepPace {

    /** The pace when none is configured. */
    public static final int DEFAULT_EVENTS_PER_SECOND = 10_000;

    /** Waits the given nanoseconds, or less when interrupted. */
    @FunctionalInterface
    interface Sleeper {
        void sleep(long nanos) throws InterruptedException;
    }

    private final long eventsPerSecond;
    private final LongSupplier nanoTime;
    private final Sleeper sleeper;

    SweepPace(long eventsPerSecond, LongSupplier nanoTime, Sleeper sleeper) {
        if (eventsPerSecond < 1) {
            throw new IllegalArgumentException(
                    "the sweep's pace must be at least one event a second, not " + eventsPerSecond);
        }
        this.eventsPerSecond = eventsPerSecond;
        this.nanoTime = nanoTime;
        this.sleeper = sleeper;
    }

    /** A pace of at most {@code eventsPerSecond} deleted events a second, on the JVM's clock. */
    public static SweepPace eventsPerSecond(long eventsPerSecond) {
        return new SweepPace(eventsPerSecond, System::nanoTime, TimeUnit.NANOSECONDS::sleep);
    }

    /** The most events a second this pace lets a sweep delete. */
    public long eventsPerSecond() {
        return eventsPerSecond;
    }

    /** One sweep's pacing, from now. */
    Run start() {
        return new Run(nanoTime.getAsLong());
    }

    /** Keeps one sweep to its pace: after each batch, waits until the events deleted so far are due. */
    final class Run {
        private final long started;
        private long deleted;

        private Run(long started) {
            this.started = started;
        }

        /** Counts {@code events} more deleted, and waits until the pace allows the next batch. */
        void deleted(int events) throws InterruptedException {
            deleted += events;
            long due = started + TimeUnit.SECONDS.toNanos(deleted) / eventsPerSecond;
            long wait = due - nanoTime.getAsLong();
            if (wait > 0) {
                sleeper.sleep(wait);
            }
        }
    }
}
