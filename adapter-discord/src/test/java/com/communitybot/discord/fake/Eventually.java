package com.communitybot.discord.fake;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits, with a deadline, for the client to catch up with what the {@link FakeDiscord} sent. */
public final class Eventually {

    private static final Duration POLL = Duration.ofMillis(20);

    private Eventually() {}

    /**
     * Returns once {@code condition} holds; fails when {@code timeout} has passed, or at once when a problem has
     * been logged meanwhile (see {@link LoggedProblems}).
     */
    public static void await(String what, Duration timeout, BooleanSupplier condition) {
        await(what, timeout, condition, true);
    }

    /** Like {@link #await(String, Duration, BooleanSupplier)}, for a test that expects JDA to log an error. */
    public static void awaitDespiteLoggedProblems(String what, Duration timeout, BooleanSupplier condition) {
        await(what, timeout, condition, false);
    }

    private static void await(String what, Duration timeout, BooleanSupplier condition, boolean failOnProblems) {
        LoggedProblems problems = LoggedProblems.recorder();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (failOnProblems) {
                problems.assertNone();
            }
            if (condition.getAsBoolean()) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + timeout.toMillis() + " ms waiting for: " + what);
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for: " + what, e);
            }
        }
    }

    /** {@link #await(String, Duration, BooleanSupplier)} with ten seconds, far more than a loopback fake needs. */
    public static void await(String what, BooleanSupplier condition) {
        await(what, Duration.ofSeconds(10), condition);
    }
}
