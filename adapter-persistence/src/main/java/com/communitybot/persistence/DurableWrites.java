package com.communitybot.persistence;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * Writes that are in the store's file when they return. H2 commits a transaction to memory and writes it to
 * its file up to {@code WRITE_DELAY} (500 ms) later, from a background thread ({@code TransactionStore.endTransaction}
 * saves at once only when the delay is 0, which also stops that thread and with it H2's online compaction). A
 * {@code kill -9} in that half second lost writes the service had already acknowledged with 200/201
 * ({@code CrashSafetyIT}). So after each write on H2 a {@code CHECKPOINT} saves every committed change to the
 * file (the operating system's page cache: that survives the end of the process, not a power cut; H2 does not
 * {@code fsync} a commit). PostgreSQL commits durably by itself ({@code synchronous_commit}), so nothing is done
 * there.
 */
@Singleton
final class DurableWrites {

    private final DataSource pool;
    private volatile Boolean h2;

    DurableWrites(DataSource dataSource) {
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
    }

    /** Runs the write {@code call} (translated as {@link DriverExceptions#translated}), then makes it durable. */
    <T> T write(String what, Supplier<T> call) {
        T result = DriverExceptions.translated(what, call);
        persist(what);
        return result;
    }

    /** Saves what is committed to the store's file (H2); a no-op on PostgreSQL. */
    void persist(String what) {
        if (Boolean.FALSE.equals(h2)) {
            return;
        }
        try (Connection connection = pool.getConnection()) {
            if (h2 == null) {
                h2 = "H2".equals(connection.getMetaData().getDatabaseProductName());
            }
            if (h2) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("CHECKPOINT");
                }
            }
        } catch (SQLException e) {
            throw DriverExceptions.translate(what + " (saving it to the file)", e);
        }
    }
}
