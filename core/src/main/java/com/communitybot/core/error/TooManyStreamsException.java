package com.communitybot.core.error;

/** The service already holds as many live streams as it is allowed to (ledger L4: {@code MAX_STREAMS}). */
public class TooManyStreamsException extends DomainException {

    private static final long serialVersionUID = 1L;

    public TooManyStreamsException() {
        super("Too many streams");
    }
}
