package com.communitybot.discord.fake;

import com.communitybot.core.testing.Await;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits, with a deadline, for the client to catch up with what the {@link FakeDiscord} sent. */
public final class Eventually {

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
        Await.until(what, timeout, () -> {
            if (failOnProblems) {
                problems.assertNone();
            }
            return condition.getAsBoolean();
        });
    }

    /** {@link #await(String, Duration, BooleanSupplier)} with ten seconds, far more than a loopback fake needs. */
    public static void await(String what, BooleanSupplier condition) {
        await(what, Duration.ofSeconds(10), condition);
    }
}
