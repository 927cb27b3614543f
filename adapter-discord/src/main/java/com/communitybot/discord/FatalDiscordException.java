package com.communitybot.discord;

/**
 * Discord refuses this bot for good (a refused token, a privileged intent not enabled, sharding it cannot
 * accept): waiting will not help, so the service stops with this exception's one-line message.
 */
public class FatalDiscordException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    FatalDiscordException(String message) {
        super(message);
    }
}
