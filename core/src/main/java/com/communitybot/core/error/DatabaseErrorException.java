package com.communitybot.core.error;

import com.communitybot.core.port.StoreException;

/**
 * What a client is told when the store failed under a use case: one of the five 500 messages of spec
 * section 7. Core's use cases throw it, each message chosen by the translator of the port that failed
 * ({@code LevelStoreErrors}, {@code SettingsStoreErrors}, {@code BetaStoreErrors} in the use-case package);
 * the cause is the port's {@link StoreException}, for the log, never for the client.
 */
public final class DatabaseErrorException extends DomainException {

    private static final long serialVersionUID = 1L;

    private DatabaseErrorException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * A read failed: {@link #responseUnreadable} when the store answered with a record that cannot be read,
     * {@link #queryFailed} otherwise.
     */
    public static DatabaseErrorException readFailed(StoreException e) {
        return e.isUnreadable() ? responseUnreadable(e) : queryFailed(e);
    }

    /** A store read or query fails. */
    public static DatabaseErrorException queryFailed(Throwable cause) {
        return new DatabaseErrorException("Database query failed", cause);
    }

    /** Query results cannot be read. */
    public static DatabaseErrorException responseUnreadable(Throwable cause) {
        return new DatabaseErrorException("Failed to parse database response", cause);
    }

    /** A guild-settings write fails. */
    public static DatabaseErrorException updateFailed(Throwable cause) {
        return new DatabaseErrorException("Database update failed", cause);
    }

    /** Beta entry creation fails. */
    public static DatabaseErrorException createFailed(Throwable cause) {
        return new DatabaseErrorException("Database create failed", cause);
    }

    /** Beta entry deletion fails. */
    public static DatabaseErrorException deleteFailed(Throwable cause) {
        return new DatabaseErrorException("Database delete failed", cause);
    }
}
