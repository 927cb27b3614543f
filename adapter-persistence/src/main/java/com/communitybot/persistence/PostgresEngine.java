package com.communitybot.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * PostgreSQL as the {@link StoreEngine}: it needs nothing beyond its SQL. A migration and its history row are one
 * transaction, a commit is durable when it returns, and the triggers ({@code db/postgresql/V3}, {@code V5}) read
 * settings of the transaction.
 */
final class PostgresEngine implements StoreEngine {

    static final PostgresEngine INSTANCE = new PostgresEngine();

    /** Memory of each sort or hash of a window's aggregate ({@link #readyForWindowAggregate}). */
    static final String WINDOW_AGGREGATE_WORK_MEM = "64MB";

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
                // What such a writer stages it publishes itself (publishLog): no row of it queues the commit's trigger.
                statement.execute("SET LOCAL communitybot.publish = 'explicit'");
            }
        }
    }

    /** The rows a delete removed, through a data-modifying {@code WITH}, which PostgreSQL runs as one statement. */
    private static final String DELETE_AND_STAGE = "WITH gone AS"
            + " (DELETE FROM level_record WHERE id >= ? AND id <= ? RETURNING guild_id, id, level, xp)"
            + " INSERT INTO xp_log_pending"
            + " (guild_id, user_id, level_before, xp_before, level_after, xp_after, source, reason, logged_at)"
            + " SELECT guild_id, SUBSTRING(id FROM POSITION(':' IN id) + 1), level, xp, NULL, NULL, 'api', ?,"
            + " CAST(? AS TIMESTAMP WITH TIME ZONE) FROM gone ORDER BY id";

    @Override
    public int deleteAndStage(Connection connection, String from, String last, String reason, Instant at)
            throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement(DELETE_AND_STAGE)) {
            delete.setString(1, from);
            delete.setString(2, last);
            delete.setString(3, reason);
            delete.setObject(4, Columns.at(at));
            return delete.executeUpdate();
        }
    }

    /** The function the commit's trigger calls (db/postgresql/V6), called before the commit. */
    @Override
    public void publishLog(Connection connection, String guild) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SELECT xp_log_publish()");
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
     * {@code work_mem} for the transaction, so the planner can group the window's events in a hash table in one
     * pass: with the server's default of 4 MB it walks {@code xp_log_member} in member order instead, one heap page
     * a row once a guild's members write in any order. And the answer may take longer than the driver's {@code
     * socketTimeout} ({@link StoreDataSourceSettings#PG_SOCKET_TIMEOUT_S}): the connection waits a little longer than
     * the query may run ({@code limitS}, after which the driver has the server stop it). Hikari
     * restores the network timeout when the connection goes back to the pool; {@code SET LOCAL} ends with the
     * transaction.
     */
    @Override
    public void readyForWindowAggregate(Connection connection, int limitS) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET LOCAL work_mem = '" + WINDOW_AGGREGATE_WORK_MEM + "'");
        }
        connection.setNetworkTimeout(Runnable::run, (int) TimeUnit.SECONDS.toMillis(limitS + 5L));
    }

    /**
     * PostgreSQL joins the looked-up events by hashing the whole log, once for the first events and once for the last
     * ones; building two arrays of each event costs it less (docs/store.md, "The XP log").
     */
    @Override
    public WindowEnds windowEnds() {
        return WindowEnds.IN_ONE_PASS;
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
