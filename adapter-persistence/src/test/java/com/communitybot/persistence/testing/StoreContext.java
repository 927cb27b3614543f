package com.communitybot.persistence.testing;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.persistence.StoreUrls;
import io.micronaut.context.ApplicationContext;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The module's beans on a fresh database, as the app wires them: an ApplicationContext with the store
 * properties, the schema migrated by Flyway at start. Closing it stops the context and drops the database.
 */
public final class StoreContext implements AutoCloseable {

    /** How the bot process writes a level record; the store derives guild_id itself. */
    public static final String BOT_INSERT = "INSERT INTO level_record (id, xp, level) VALUES (?, ?, ?)";

    private final TestDatabase database;
    private final ApplicationContext context;

    private StoreContext(TestDatabase database, ApplicationContext context) {
        this.database = database;
        this.context = context;
    }

    public static StoreContext start(StoreBackend backend, String purpose) {
        return start(backend.freshDatabase(purpose), Map.of());
    }

    public static StoreContext start(TestDatabase database, Map<String, Object> extraProperties) {
        try {
            Map<String, Object> properties = new java.util.HashMap<>(database.properties());
            properties.putAll(extraProperties);
            return new StoreContext(database, ApplicationContext.run(properties));
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    public ApplicationContext context() {
        return context;
    }

    public TestDatabase database() {
        return database;
    }

    /** The pool itself, not the transaction-aware proxy around it. */
    public DataSource pool() {
        return DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class));
    }

    /** Empties every table, so each test starts from an empty store. */
    public void clear() {
        execute(
                "DELETE FROM level_record",
                "DELETE FROM level_track",
                "DELETE FROM level_bridge",
                "DELETE FROM beta_server",
                "DELETE FROM xp_log",
                "DELETE FROM level_write_key");
    }

    public void execute(String... sql) {
        try (Connection connection = pool().getConnection();
                Statement statement = connection.createStatement()) {
            for (String each : sql) {
                statement.execute(each);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Writes records as the bot does, a transaction every 1,000. Not one transaction for all: on PostgreSQL each
     * insert updates its guild's row of {@code level_guild_size}, and the versions of that row one transaction
     * leaves behind are walked by each next update of it, so the cost of a transaction grows with the square of
     * its inserts into one guild.
     */
    public void insertLevels(Iterable<LevelRecord> records) {
        try (Connection connection = pool().getConnection();
                PreparedStatement insert = connection.prepareStatement(BOT_INSERT)) {
            connection.setAutoCommit(false);
            int pending = 0;
            for (LevelRecord record : records) {
                insert.setString(1, record.id());
                insert.setBigDecimal(2, new BigDecimal(record.xp().toBigInteger()));
                insert.setBigDecimal(3, new BigDecimal(record.level().toBigInteger()));
                insert.addBatch();
                if (++pending == 1_000) {
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

    /**
     * Writes records as {@code import} does, in one transaction that the triggers do not see (neither logged nor
     * counted one by one): for a test that needs many records as a starting point, not as the thing it tests.
     */
    public void importLevels(Iterable<LevelRecord> records) {
        bean(StoreTransfer.class).importAtomically(batch -> records.forEach(batch::putLevel));
    }

    /**
     * A connection of the bot's own, opened beside the service's pool as the bot process opens one: what it writes
     * carries no mark of the service's.
     */
    public Connection botConnection() throws SQLException {
        String user = (String) database.properties().get("datasources.default.username");
        String password = (String) database.properties().get("datasources.default.password");
        return DriverManager.getConnection(StoreUrls.withRequiredOptions(database.url()), user, password);
    }

    /** Creates or replaces records as the bot does (docs/store.md), one statement each, on its own connection. */
    public void botUpserts(LevelRecord... records) {
        String upsert = database.url().startsWith("jdbc:h2:")
                ? "MERGE INTO level_record (id, xp, level) KEY (id) VALUES (?, ?, ?)"
                : "INSERT INTO level_record (id, xp, level) VALUES (?, ?, ?)"
                        + " ON CONFLICT (id) DO UPDATE SET xp = EXCLUDED.xp, level = EXCLUDED.level";
        try (Connection connection = botConnection();
                PreparedStatement statement = connection.prepareStatement(upsert)) {
            for (LevelRecord record : records) {
                statement.setString(1, record.id());
                statement.setBigDecimal(2, new BigDecimal(record.xp().toBigInteger()));
                statement.setBigDecimal(3, new BigDecimal(record.level().toBigInteger()));
                statement.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Deletes a record as the bot does, on its own connection. */
    public void botDeletes(String id) {
        try (Connection connection = botConnection();
                PreparedStatement statement = connection.prepareStatement("DELETE FROM level_record WHERE id = ?")) {
            statement.setString(1, id);
            statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        try {
            context.close();
        } finally {
            database.close();
        }
    }
}
