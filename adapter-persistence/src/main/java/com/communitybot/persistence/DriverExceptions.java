package com.communitybot.persistence;

import com.communitybot.core.port.StoreException;
import io.micronaut.data.connection.exceptions.ConnectionException;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.transaction.exceptions.TransactionException;
import java.sql.SQLException;
import java.util.function.Supplier;

/**
 * The persistence adapter's one translation: what the JDBC driver, the pool or the transaction manager
 * throws becomes the ports' {@link StoreException}, naming what was being done. Which message a client is
 * then shown is core's business, not this adapter's. Public for package {@code h2}, whose failures are translated
 * the same way.
 */
public final class DriverExceptions {

    private DriverExceptions() {}

    /** Runs {@code call}; a failure of the store becomes a {@link StoreException} naming {@code what}. */
    static <T> T translated(String what, Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            throw translate(what, e);
        }
    }

    /**
     * {@code e} as a {@link StoreException} when the store caused it; otherwise {@code e} itself, so a bug
     * or a caller's own exception is not dressed up as a store failure.
     */
    static RuntimeException translate(String what, RuntimeException e) {
        if (e instanceof StoreException) {
            return e;
        }
        if (isStoreFailure(e)) {
            return new StoreException(what + " failed: " + e.getMessage(), e);
        }
        return e;
    }

    public static StoreException translate(String what, SQLException e) {
        return new StoreException(what + " failed: " + e.getMessage(), e);
    }

    private static boolean isStoreFailure(Throwable e) {
        if (e instanceof DataAccessException
                || e instanceof TransactionException
                || e instanceof ConnectionException
                || e instanceof io.micronaut.data.connection.jdbc.exceptions.CannotGetJdbcConnectionException
                || e instanceof io.micronaut.transaction.jdbc.exceptions.CannotGetJdbcConnectionException) {
            return true;
        }
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException) {
                return true;
            }
        }
        return false;
    }
}
