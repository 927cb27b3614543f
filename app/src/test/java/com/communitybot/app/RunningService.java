package com.communitybot.app;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.Role;
import com.communitybot.discord.FatalDiscordException;
import com.communitybot.http.testing.ApiFixture;
import com.communitybot.persistence.testing.TestDatabase;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;

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

    /** The service with the live view of {@code extraEnvironment}, or the snapshot of {@link ApiFixture#GUILDS}. */
    RunningService(TestDatabase database, Map<String, String> extraEnvironment) {
        this(database, extraEnvironment, true);
    }

    /**
     * A second instance of the service on {@code first}'s database, as a deployment with two replicas runs
     * it; its schema is migrated already. Closing it leaves the database to {@code first}.
     */
    static RunningService onTheDatabaseOf(RunningService first) {
        return new RunningService(first.database, Map.of(), false);
    }

    private RunningService(TestDatabase database, Map<String, String> extraEnvironment, boolean ownsDatabase) {
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
        env.putAll(extraEnvironment);
        AppConfig config = AppConfig.from(env::get);
        ServeCommand.LiveView liveView = ServeCommand.LiveView.choose(config, fatalFailures::add);
        this.service = ServeCommand.Service.start(config, liveView.view());
    }

    /** Failures the live view reported as fatal; the service would have stopped on the first. */
    List<FatalDiscordException> fatalFailures() {
        return fatalFailures;
    }

    /** The database this service stores in. */
    TestDatabase database() {
        return database;
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + service.port());
    }

    /** The pool itself, not Micronaut Data's transaction-aware proxy, as a separate bot process would connect. */
    DataSource pool() {
        return DelegatingDataSource.unwrapDataSource(service.context().getBean(DataSource.class));
    }

    /** Writes records as the bot process does: id, xp and level into level_record. */
    void insertLevels(LevelRecord... records) {
        try (Connection connection = pool().getConnection();
             PreparedStatement insert = connection.prepareStatement("INSERT INTO level_record (id, xp, level) VALUES (?, ?, ?)")) {
            for (LevelRecord record : records) {
                insert.setString(1, record.id());
                insert.setBigDecimal(2, new BigDecimal(record.xp().toBigInteger()));
                insert.setBigDecimal(3, new BigDecimal(record.level().toBigInteger()));
                insert.addBatch();
            }
            insert.executeBatch();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    void clearStore() {
        try (Connection connection = pool().getConnection(); Statement statement = connection.createStatement()) {
            for (String table : List.of("level_record", "level_track", "level_bridge", "beta_server")) {
                statement.executeUpdate("DELETE FROM " + table);
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
                roles.addObject().put("role_id", role.id().toString()).put("role_name", role.name())
                        .put("color", role.color()).put("position", role.position());
            }
            ArrayNode members = g.putArray("members");
            guild.members().forEach(m -> members.addObject().put("user_id", m.id().toString())
                    .put("username", m.displayName()).put("avatar", m.avatarUrl()));
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
