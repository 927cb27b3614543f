package com.communitybot.bench.baseline;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The service's store through plain JDBC: one connection per reader thread, opened when first needed and
 * dropped when it fails. An H2 URL gets the settings the service gives it (StoreUrls in adapter-persistence),
 * except that its results are lazy: a query hands out its first row before it has read its last. The service
 * cannot have that (H2's lazy results break under its own concurrent writes); the baseline never writes.
 */
final class Store implements AutoCloseable {

    private static final String H2_OPTIONS =
            "MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;LAZY_QUERY_EXECUTION=TRUE;DB_CLOSE_ON_EXIT=FALSE";

    private final String url;
    private final String user;
    private final String password;
    final boolean postgres;
    private final ThreadLocal<Connection> connections = new ThreadLocal<>();
    /** Held open from start to end, so the H2 database is not closed and reopened between requests. */
    private final Connection keeper;

    Store(String url, String user, String password) throws SQLException {
        this.url = withH2Options(url);
        boolean h2 = !this.url.equals(url) || url.regionMatches(true, 0, "jdbc:h2:", 0, "jdbc:h2:".length());
        // Micronaut's data source, which opened the store for the service, logs into an H2 database as "sa".
        this.user = user == null && h2 ? "sa" : user;
        this.password = password == null && h2 ? "" : password;
        this.postgres = url.regionMatches(true, 0, "jdbc:postgresql:", 0, "jdbc:postgresql:".length());
        this.keeper = open(); // a store that cannot be reached stops the start, as the service's does
    }

    /** This thread's connection, in a transaction of its own (PostgreSQL streams a result only in one). */
    Connection connection() throws SQLException {
        Connection connection = connections.get();
        if (connection == null) {
            connection = open();
            connections.set(connection);
        }
        return connection;
    }

    /** Closes this thread's connection after a failure; the next read opens a new one. */
    void drop() {
        Connection connection = connections.get();
        connections.remove();
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // it failed already
            }
        }
    }

    private Connection open() throws SQLException {
        Connection connection = DriverManager.getConnection(url, user, password);
        connection.setAutoCommit(false);
        connection.setReadOnly(true);
        return connection;
    }

    @Override
    public void close() {
        try {
            keeper.close();
        } catch (SQLException ignored) {
            // closing at exit
        }
    }

    /** As the service's StoreUrls.withRequiredOptions, with lazy results (see above). */
    static String withH2Options(String url) {
        if (!url.regionMatches(true, 0, "jdbc:h2:", 0, "jdbc:h2:".length())) {
            return url;
        }
        String[] parts = url.split(";");
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            if (!parts[i].isEmpty()) {
                int eq = parts[i].indexOf('=');
                settings.put((eq < 0 ? parts[i] : parts[i].substring(0, eq)).toUpperCase(Locale.ROOT), parts[i]);
            }
        }
        for (String option : H2_OPTIONS.split(";")) {
            settings.put(option.substring(0, option.indexOf('=')), option);
        }
        return parts[0] + ";" + String.join(";", settings.values());
    }
}
