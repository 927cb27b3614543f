package com.communitybot.core.error;

/** The request, or a data file, holds a value the rules refuse; the message says which and why. */
public class InvalidInputException extends DomainException {

    private static final long serialVersionUID = 1L;

    public InvalidInputException(String message) {
        super(message);
    }

    /** The same refusal, with where it happened put in front: {@code where: message}. */
    public InvalidInputException at(String where) {
        return new InvalidInputException(where + ": " + getMessage());
    }
}
