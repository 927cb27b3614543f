package com.communitybot.discord;

/**
 * Learns of a failure after {@link DiscordGuildView#start} has returned that the live view cannot recover from:
 * Discord refused the token on a later login attempt, or closed the gateway for good (refused token, Server
 * Members intent not enabled, ...). The view has been closed by then.
 */
@FunctionalInterface
public interface FatalFailureListener {

    /** Called at most once, on a JDA or adapter thread; the caller is expected to stop the service. */
    void onFatalFailure(FatalDiscordException failure);
}
