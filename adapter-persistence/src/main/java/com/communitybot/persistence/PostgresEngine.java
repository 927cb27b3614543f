package com.communitybot.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import javax.sql.DataSource;

/**
 * PostgreSQL as the {@link StoreEngine}: it needs nothing beyond its SQL. A migration and its history row are one
 * transaction, a commit is durable when it returns, and the triggers ({@code db/postgresql/V3}, {@code V5}) read
 * settings of the transaction.
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
    public void suspendTriggers(Connection connection, boolean xpLog) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET LOCAL communitybot.bulk_write = 'on'");
            if (xpLog) {
                statement.execute("SET LOCAL communitybot.xp_log = 'off'");
            }
        }
    }

    /** {@code SET LOCAL} ends with the transaction. */
    @Override
    public void resumeTriggers(Connection connection) {}

    /**
     * Settings local to the transaction, which the XP log's triggers read ({@code db/postgresql/V5}); they end with
     * it. The reason is written after an {@code r}, since PostgreSQL reads a custom setting that a transaction set
     * as {@code ''} once that transaction has ended.
     */
    @Override
    public <T> T asApiWrites(Connection connection, String reason, Instant at, SqlWork<T> work) throws SQLException {
        try (PreparedStatement mark =
                connection.prepareStatement("SELECT set_config('communitybot.source', 'api', true),"
                        + " set_config('communitybot.reason', ?, true), set_config('communitybot.at', ?, true)")) {
            mark.setString(1, reason == null ? "" : "r" + reason);
            mark.setString(2, Columns.timestamp(at));
            mark.execute();
        }
        return work.run();
    }

    /**
     * The text columns are {@code COLLATE "C"} (V1's {@code byte_order}), which compares UTF-8 bytes; a bound value
     * compared with one takes its collation.
     */
    @Override
    public String inByteOrder(String expression) {
        return expression;
    }
}
