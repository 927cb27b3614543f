package com.communitybot.core.error;

/** Something the request names does not exist: the guild in the live view, a track, a bridge. */
public class NotFoundException extends DomainException {

    private static final long serialVersionUID = 1L;

    public NotFoundException(String message) {
        super(message);
    }

    /** The bot is not in the guild (spec 4, step 3). */
    public static NotFoundException botNotInGuild() {
        return new NotFoundException("Bot is not in this guild");
    }

    /** No track of that name in the guild (spec 4.7). */
    public static NotFoundException trackNotFound() {
        return new NotFoundException("Track not found");
    }

    /** No bridge for that input role in the guild (spec 4.11). */
    public static NotFoundException bridgeNotFound() {
        return new NotFoundException("Bridge not found");
    }

    /** The user has no ranked record in the guild (the member rank addition to spec 4.2). */
    public static NotFoundException userNotRanked() {
        return new NotFoundException("User not ranked");
    }
}
