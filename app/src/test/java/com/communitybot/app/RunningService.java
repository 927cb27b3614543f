package com.communitybot.app;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.Role;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.discord.FatalDiscordException;
import com.communitybot.http.testing.ApiFixture;
import com.communitybot.persistence.StoreUrls;
import com.communitybot.persistence.testing.TestDatabase;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;

/**
 * The whole service as {@code serve} runs it (configuration, live view from a snapshot file, store,
 * HTTP server) on a test database, with what a test needs around it: writing level records as the bot does.
 */
final class RunningService implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final TestDatabase database;
    private final ServeCommand.Service service;
    private final Path snapshot;
    private final List<FatalDiscordException> fatalFailures = new CopyOnWriteArrayList<>();
    /** Whether closing this service drops its database: not when it shares one with another service. */
    private final boolean ownsDatabase;

    private final int managementPort;

    /** The service with the live view of {@code extraEnvironment}, or the snapshot of {@link ApiFixture#GUILDS}. */
    RunningService(TestDatabase database, Map<String, String> extraEnvironment) {
        this(database, extraEnvironment, Map.of(), true);
    }

    /** As {@link #RunningService(TestDatabase, Map)}, with Micronaut properties the environment cannot set. */
    RunningService(TestDatabase database, Map<String, String> extraEnvironment, Map<String, Object> extraProperties) {
        this(database, extraEnvironment, extraProperties, true);
    }

    /**
     * A second instance of the service on {@code first}'s database, as a deployment with two replicas runs
     * it; its schema is migrated already. Closing it leaves the database to {@code first}.
     */
    static RunningService onTheDatabaseOf(RunningService first) {
        return onTheDatabaseOf(first, Map.of());
    }

    /** As {@link #onTheDatabaseOf(RunningService)}, with Micronaut properties of its own. */
    static RunningService onTheDatabaseOf(RunningService first, Map<String, Object> extraProperties) {
        return new RunningService(first.database, Map.of(), extraProperties, false);
    }

    private RunningService(
            TestDatabase database,
            Map<String, String> extraEnvironment,
            Map<String, Object> extraProperties,
            boolean ownsDatabase) {
        this.database = database;
        this.ownsDatabase = ownsDatabase;
        try {
            this.snapshot = Files.createTempFile("guild-snapshot", ".json");
            Files.writeString(snapshot, snapshotJson(ApiFixture.GUILDS));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> env = new HashMap<>();
        env.put("BOT_API_KEY", ApiFixture.API_KEY);
        env.put("PORT", "0");
        Map<String, Object> store = database.properties();
        env.put("DATABASE_URL", (String) store.get("datasources.default.url"));
        if (store.get("datasources.default.username") != null) {
            env.put("DATABASE_USER", (String) store.get("datasources.default.username"));
        }
        if (store.get("datasources.default.password") != null) {
            env.put("DATABASE_PASSWORD", (String) store.get("datasources.default.password"));
        }
        env.put("GUILD_SNAPSHOT", snapshot.toString());
        // Not the default 8081: tests run side by side, and Micronaut can only route by a port known up front.
        env.put("MANAGEMENT_PORT", String.valueOf(freePort()));
        env.putAll(extraEnvironment);
        AppConfig config = AppConfig.from(env::get);
        this.managementPort = config.managementPort();
        ServeCommand.LiveView liveView = ServeCommand.LiveView.choose(config, fatalFailures::add);
        this.service = ServeCommand.Service.start(config, liveView.view(), extraProperties);
    }

    /** Failures the live view reported as fatal; the service would have stopped on the first. */
    List<FatalDiscordException> fatalFailures() {
        return fatalFailures;
    }

    /** A bean of the running service's context. */
    <T> T bean(Class<T> type) {
        return service.context().getBean(type);
    }

    /** The database this service stores in. */
    TestDatabase database() {
        return database;
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + service.port());
    }

    /** The management port's address: health, metrics, the API document. */
    URI managementUrl() {
        if (managementPort == AppConfig.MANAGEMENT_OFF) {
            throw new IllegalStateException("the management port is off");
        }
        return URI.create("http://127.0.0.1:" + managementPort);
    }

    /** A port free now; the service binds it a moment later. */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The pool itself, not Micronaut Data's transaction-aware proxy, as a separate bot process would connect. */
    DataSource pool() {
        return DelegatingDataSource.unwrapDataSource(service.context().getBean(DataSource.class));
    }

    /** Connections of the pool handed out and not yet given back. */
    int activeConnections() {
        try {
            return pool().unwrap(HikariDataSource.class).getHikariPoolMXBean().getActiveConnections();
        } catch (SQLException e) {
            throw new IllegalStateException("the store's pool is not Hikari's", e);
        }
    }

    /** A connection of its own, outside the service's pool, as the bot process has. */
    Connection botConnection() throws SQLException {
        Map<String, Object> store = database.properties();
        return DriverManager.getConnection(
                StoreUrls.withRequiredOptions(database.url()),
                (String) store.get("datasources.default.username"),
                (String) store.get("datasources.default.password"));
    }

    /** The statement with which the bot writes a level record, new or not (README, "How the bot writes level records"). */
    String botUpsert() {
        return database.url().startsWith("jdbc:h2:")
                ? "MERGE INTO level_record (id, xp, level) KEY (id) VALUES (?, ?, ?)"
                : "INSERT INTO level_record (id, xp, level) VALUES (?, ?, ?)"
                        + " ON CONFLICT (id) DO UPDATE SET xp = EXCLUDED.xp, level = EXCLUDED.level";
    }

    /** Writes many records as the bot does, committing every 1000. */
    void insertLevels(Iterable<LevelRecord> records) {
        try (Connection connection = pool().getConnection();
                PreparedStatement insert =
                        connection.prepareStatement("INSERT INTO level_record (id, xp, level) VALUES (?, ?, ?)")) {
            connection.setAutoCommit(false);
            int pending = 0;
            for (LevelRecord record : records) {
                bind(insert, record);
                insert.addBatch();
                if (++pending == 1000) {
                    insert.executeBatch();
                    connection.commit();
                    pending = 0;
                }
            }
            insert.executeBatch();
            connection.commit();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Binds id, xp and level as the bot does: the numbers as exact decimals. */
    static void bind(PreparedStatement statement, LevelRecord record) throws SQLException {
        statement.setString(1, record.id());
        statement.setBigDecimal(2, new BigDecimal(record.xp().toBigInteger()));
        statement.setBigDecimal(3, new BigDecimal(record.level().toBigInteger()));
    }

    /**
     * Writes records as {@code import} does, in one bulk transaction: for a test whose point is what the service
     * does with many records, not how the bot wrote them.
     */
    void importLevels(Iterable<LevelRecord> records) {
        bean(StoreTransfer.class).importAtomically(batch -> records.forEach(batch::putLevel));
    }

    /** Writes records as the bot process does: id, xp and level into level_record, new or replacing one. */
    void insertLevels(LevelRecord... records) {
        try (Connection connection = pool().getConnection();
                PreparedStatement insert = connection.prepareStatement(botUpsert())) {
            for (LevelRecord record : records) {
                bind(insert, record);
                insert.addBatch();
            }
            insert.executeBatch();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Empties every table of the store. The XP log and the idempotency keys go after the level records, whose
     * removal the store logs; they are emptied where the schema has them (the ledger's migration).
     */
    void clearStore() {
        try (Connection connection = pool().getConnection();
                Statement statement = connection.createStatement()) {
            java.util.Set<String> tables = new java.util.HashSet<>();
            try (java.sql.ResultSet found =
                    connection.getMetaData().getTables(null, null, "%", new String[] {"TABLE"})) {
                while (found.next()) {
                    tables.add(found.getString("TABLE_NAME").toLowerCase(java.util.Locale.ROOT));
                }
            }
            for (String table : List.of(
                    "level_record", "level_track", "level_bridge", "beta_server", "xp_log", "level_write_key")) {
                if (tables.contains(table)) {
                    statement.executeUpdate("DELETE FROM " + table);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    static String snapshotJson(List<ApiFixture.Guild> guilds) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode list = root.putArray("guilds");
        for (ApiFixture.Guild guild : guilds) {
            ObjectNode g = list.addObject();
            g.put("guild_id", guild.id().toString());
            g.put("name", guild.name());
            ArrayNode roles = g.putArray("roles");
            for (Role role : guild.roles()) {
                roles.addObject()
                        .put("role_id", role.id().toString())
                        .put("role_name", role.name())
                        .put("color", role.color())
                        .put("position", role.position());
            }
            ArrayNode members = g.putArray("members");
            guild.members().forEach(m -> members.addObject()
                    .put("user_id", m.id().toString())
                    .put("username", m.displayName())
                    .put("avatar", m.avatarUrl()));
        }
        return root.toPrettyString();
    }

    @Override
    public void close() {
        service.context().close();
        LiveViews.close(service.liveView());
        if (ownsDatabase) {
            database.close();
        }
        try {
            Files.deleteIfExists(snapshot);
        } catch (IOException ignored) {
            // a temporary file
        }
    }
}
