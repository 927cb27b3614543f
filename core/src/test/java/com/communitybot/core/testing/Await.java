package com.communitybot.core.testing;

import java.time.Duration;

/**
 * Waits for a state the test can see but is not told of (a log line, a closed socket, an empty pool), asking
 * again every few milliseconds until it holds or a deadline has passed. The test goes on the moment the state is
 * there, so a loaded machine makes it slower, never wrong: no test orders events by sleeping a guessed time
 * (docs/testing.md, "Waiting in tests").
 */
public final class Await {

    /** How often the condition is asked again: far below any wait a test has, far above a busy loop's cost. */
    private static final long POLL_MILLIS = 10;

    private Await() {}

    /** A condition that may throw, as reading a socket or a database does. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    /** Returns once {@code condition} holds; fails naming {@code what} once {@code limit} has passed without it. */
    public static void until(String what, Duration limit, Condition condition) {
        until(what, limit, Duration.ofMillis(POLL_MILLIS), condition);
    }

    /** As {@link #until(String, Duration, Condition)}, asking every {@code poll}: for a moment to be caught closely. */
    public static void until(String what, Duration limit, Duration poll, Condition condition) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            try {
                if (condition.holds()) {
                    return;
                }
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw new AssertionError("failed while waiting for: " + what, e);
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + limit.toMillis() + " ms: " + what);
            }
            try {
                Thread.sleep(poll.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for: " + what, e);
            }
        }
    }
}
