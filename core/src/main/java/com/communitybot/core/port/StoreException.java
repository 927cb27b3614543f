package com.communitybot.core.port;

/**
 * The one exception a store port throws: the store could not do what was asked (unreachable, refused,
 * timed out), or it answered with a record that cannot be read ({@link #unreadable}). Store adapters throw
 * it in place of their driver's exceptions; core's use cases turn it into the client's
 * {@link com.communitybot.core.error.DatabaseErrorException}.
 */
public class StoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private final boolean unreadable;

    /** The store failed to do what was asked. */
    public StoreException(String message, Throwable cause) {
        this(message, cause, false);
    }

    private StoreException(String message, Throwable cause, boolean unreadable) {
        super(message, cause);
        this.unreadable = unreadable;
    }

    /** The store answered, but a record it gave back cannot be read: a NULL, a number out of range, bad JSON. */
    public static StoreException unreadable(String message, Throwable cause) {
        return new StoreException(message, cause, true);
    }

    /** Whether the store answered with a record that cannot be read, rather than failing to answer. */
    public boolean isUnreadable() {
        return unreadable;
    }
}
