package com.communitybot.persistence.h2;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * H2's page cache, which lives in the service's heap: how much it holds now and the most it may hold, as H2 reports
 * them in {@code INFORMATION_SCHEMA.SETTINGS} ({@code info.CACHE_SIZE} and {@code info.CACHE_MAX_SIZE}, whole MiB).
 * The cache fills up to its bound after a start and again after each compaction rewrites the file, so the heap
 * after GC grows by as much with no leak: the store's meters show it beside the heap (docs/operating.md).
 */
public final class H2PageCache {

    private static final String READ = "SELECT SETTING_NAME, SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
            + " WHERE SETTING_NAME IN ('info.CACHE_SIZE', 'info.CACHE_MAX_SIZE')";

    private final Supplier<DataSource> pool;

    private H2PageCache(Supplier<DataSource> pool) {
        this.pool = pool;
    }

    /**
     * The page cache of the store the service opens at {@code url}, read through the service's pool, which {@code
     * pool} gives when the cache is read (it need not be open yet); empty when the store is not an H2 file.
     */
    public static Optional<H2PageCache> of(String url, Supplier<DataSource> pool) {
        // In memory, H2 reports no cache.
        return H2Url.fileBase(url).isPresent() ? Optional.of(new H2PageCache(pool)) : Optional.empty();
    }

    /** Bytes the cache holds now and may hold at most, each a whole number of MiB. */
    public record Use(long usedBytes, long maxBytes) {}

    /**
     * What the cache holds now, read on a pooled connection.
     *
     * @throws SQLException when the store cannot answer, or H2 no longer reports its cache
     */
    public Use read() throws SQLException {
        long used = -1;
        long max = -1;
        try (Connection connection =
                        DelegatingDataSource.unwrapDataSource(pool.get()).getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(READ)) {
            while (rows.next()) {
                long bytes = Long.parseLong(rows.getString(2)) << 20;
                if (rows.getString(1).equals("info.CACHE_SIZE")) {
                    used = bytes;
                } else {
                    max = bytes;
                }
            }
        } catch (NumberFormatException e) {
            throw new SQLException("H2 reported its page cache in a form this version does not read", e);
        }
        if (used < 0 || max < 0) {
            throw new SQLException("H2 did not report its page cache (info.CACHE_SIZE, info.CACHE_MAX_SIZE)");
        }
        return new Use(used, max);
    }
}
