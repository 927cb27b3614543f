package com.communitybot.discord;

/** Discord refused the bot token ({@code DISCORD_TOKEN}). */
public final class InvalidDiscordTokenException extends FatalDiscordException {

    private static final long serialVersionUID = 1L;

    InvalidDiscordTokenException(String where) {
        super("Discord refused the bot token (" + where + "): check DISCORD_TOKEN");
    }
}
