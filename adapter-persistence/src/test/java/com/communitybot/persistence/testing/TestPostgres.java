package com.communitybot.persistence.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;

/**
 * A PostgreSQL server for tests, and fresh databases on it: the server named by {@value #URL_VARIABLE}
 * (default {@value #DEFAULT_URL}) when it answers, otherwise an embedded PostgreSQL started once per JVM,
 * so the PostgreSQL tests run on any machine.
 *
 * <pre>{@code
 * try (TestDatabase db = TestPostgres.freshDatabase("leaderboard")) {
 *     ApplicationContext context = ApplicationContext.run(db.properties());
 * }
 * }</pre>
 */
public final class TestPostgres {

    /** The environment variable (or system property) with the JDBC URL of an administrator's connection. */
    public static final String URL_VARIABLE = "TEST_POSTGRES_URL";

    public static final String DEFAULT_URL = "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres";

    private static String adminUrl;
    private static EmbeddedPostgres embedded;

    private TestPostgres() {}

    /** A new, empty database with the server's default locale; dropped when the handle is closed. */
    public static TestDatabase freshDatabase(String purpose) {
        return createDatabase(purpose, "");
    }

    /**
     * A new, empty database whose default collation is ICU's {@code en-US}, unlike the C collation that byte
     * order needs; dropped when the handle is closed. Needs a server of version 15 or later built with ICU.
     */
    public static TestDatabase freshDatabaseWithIcuCollation(String purpose) {
        return createDatabase(
                purpose, " TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'");
    }

    /**
     * A new, empty database owned by a new login role of its own, and the URL to log in as that role, so a
     * test can take privileges away as the administrator; the database and the role are dropped when the
     * handle is closed.
     */
    public static TestDatabase freshDatabaseWithOwnRole(String purpose) {
        String name = databaseName(purpose);
        String role = name + "_owner";
        runAsAdmin("postgres", "CREATE ROLE " + role + " LOGIN");
        runAsAdmin("postgres", "CREATE DATABASE " + name + " OWNER " + role);
        commitWithoutWaitingForTheDisk(name);
        String url =
                urlOf(name).replaceAll("(?<=[?&])(user|password)=[^&]*&?", "").replaceAll("[?&]$", "");
        return new TestDatabase(
                url,
                role,
                null,
                () -> {
                    runAsAdmin("postgres", "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
                    runAsAdmin("postgres", "DROP ROLE IF EXISTS " + role);
                },
                name);
    }

    /**
     * A test database's commits return before the server has flushed them to its disk ({@code synchronous_commit
     * off}): what a commit makes visible to every other connection is the same, only a crash of the server itself
     * could lose the last ones, and no test crashes the server. The tests commit thousands of times; waiting for
     * the disk on each was most of the PostgreSQL tests' time.
     */
    private static void commitWithoutWaitingForTheDisk(String database) {
        runAsAdmin("postgres", "ALTER DATABASE " + database + " SET synchronous_commit = off");
    }

    /** A statement on the server as its administrator, for tests that break things on purpose. */
    public static void runAsAdmin(String database, String sql) {
        try (Connection connection = DriverManager.getConnection(urlOf(database), connectProperties());
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("Could not run as administrator on " + database + ": " + sql, e);
        }
    }

    /** The JDBC URL of {@code database} on the test server, with the administrator's credentials. */
    public static synchronized String urlOf(String database) {
        String admin = adminUrl();
        int slash = admin.indexOf('/', "jdbc:postgresql://".length());
        int query = admin.indexOf('?', slash);
        return admin.substring(0, slash + 1) + database + (query < 0 ? "" : admin.substring(query));
    }

    private static String databaseName(String purpose) {
        return ("t_" + purpose + "_" + UUID.randomUUID().toString().substring(0, 8))
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9_]", "_");
    }

    private static TestDatabase createDatabase(String purpose, String options) {
        String name = databaseName(purpose);
        runAsAdmin("postgres", "CREATE DATABASE " + name + options);
        commitWithoutWaitingForTheDisk(name);
        return new TestDatabase(
                urlOf(name),
                null,
                null,
                () -> runAsAdmin("postgres", "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"),
                name);
    }

    private static synchronized String adminUrl() {
        if (adminUrl == null) {
            String configured = System.getenv(URL_VARIABLE);
            if (configured == null || configured.isBlank()) {
                configured = System.getProperty(URL_VARIABLE, DEFAULT_URL);
            }
            adminUrl = answers(configured) ? configured : startEmbedded();
        }
        return adminUrl;
    }

    private static boolean answers(String url) {
        Properties properties = connectProperties();
        try (Connection connection = DriverManager.getConnection(url, properties)) {
            return connection.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    private static String startEmbedded() {
        try {
            embedded = EmbeddedPostgres.builder().start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    embedded.close();
                } catch (IOException ignored) {
                    // The JVM is going away; the embedded server's own hook cleans up as well.
                }
            }));
            return embedded.getJdbcUrl("postgres", "postgres");
        } catch (IOException e) {
            throw new UncheckedIOException("No PostgreSQL server answered and the embedded one did not start", e);
        }
    }

    private static Properties connectProperties() {
        Properties properties = new Properties();
        properties.setProperty("connectTimeout", "2");
        return properties;
    }
}
