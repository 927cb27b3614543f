package com.communitybot.core.error;

/** A create request names something that exists already. */
public class AlreadyExistsException extends DomainException {

    private static final long serialVersionUID = 1L;

    public AlreadyExistsException(String message) {
        super(message);
    }

    /** Spec 4.5. */
    public static AlreadyExistsException track() {
        return new AlreadyExistsException("Track already exists. Use PATCH to update.");
    }

    /** Spec 4.9. */
    public static AlreadyExistsException bridge() {
        return new AlreadyExistsException("Bridge already exists for this role. Use PUT to update.");
    }

    /** Contract 2: a guild already on the beta list. */
    public static AlreadyExistsException betaServer(String guildId) {
        return new AlreadyExistsException("Server " + guildId + " is already in beta testing");
    }
}
