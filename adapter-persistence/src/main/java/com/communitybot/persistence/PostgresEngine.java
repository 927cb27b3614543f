package com.communitybot.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * PostgreSQL as the {@link StoreEngine}: it needs nothing beyond its SQL. A migration and its history row are one
 * transaction, a commit is durable when it returns, and the guild-size triggers ({@code db/postgresql/V3}) read a
 * setting of the transaction.
 */
final class PostgresEngine implements StoreEngine {

    static final PostgresEngine INSTANCE = new PostgresEngine();

    private PostgresEngine() {}

    @Override
    public String beforeOpening(String url) {
        return url;
    }

    @Override
    public void migrate(DataSource dataSource, Runnable migration) {
        migration.run();
    }

    /** The triggers' {@code WHEN} is false while the setting is on, so no trigger event is even queued. */
    @Override
    public void suspendGuildSizeTriggers(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET LOCAL communitybot.bulk_write = 'on'");
        }
    }

    /** {@code SET LOCAL} ends with the transaction. */
    @Override
    public void resumeGuildSizeTriggers() {}
}
