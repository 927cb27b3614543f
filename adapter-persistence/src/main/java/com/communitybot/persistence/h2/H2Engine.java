package com.communitybot.persistence.h2;

import com.communitybot.persistence.StoreEngine;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * H2 as the {@link StoreEngine}: its settings on the URL ({@link H2Url#OPTIONS}), a file store's migration made
 * all or nothing by a copy ({@link MigrationBackup}), its guild-size trigger, a Java class, stopped by a flag
 * of the importing thread ({@link H2GuildSizeTrigger}), and its XP log trigger, told by session variables who writes
 * ({@link H2XpLogTrigger}).
 */
public final class H2Engine implements StoreEngine {

    /** Empty unless the store is an H2 file: in memory it is gone with the process, over TCP it is its server's. */
    private final Optional<MigrationBackup> backup;

    /** The engine of the H2 store {@code url} names. */
    public H2Engine(String url) {
        this.backup = MigrationBackup.forUrl(url);
    }

    @Override
    public String beforeOpening(String url) {
        backup.ifPresent(MigrationBackup::restoreIfInterrupted);
        return H2Url.withRequiredOptions(url);
    }

    @Override
    public void migrate(DataSource dataSource, Runnable migration) {
        backup.ifPresentOrElse(copy -> copy.around(dataSource, migration), migration);
    }

    /**
     * The guild-size trigger reads a flag of this thread (in embedded H2 a trigger runs on the thread of the statement
     * that fired it, the importing thread); the XP log's reads a variable of the session ({@link H2XpLogTrigger}).
     */
    @Override
    public void suspendTriggers(Connection connection, boolean xpLog) throws SQLException {
        H2GuildSizeTrigger.suspendOnThisThread();
        if (xpLog) {
            H2XpLogTrigger.suspend(connection);
        }
    }

    /** The rows a delete removed, as H2's data change delta table ({@code OLD TABLE (DELETE ...)}) gives them. */
    private static final String DELETE_AND_STAGE = "INSERT INTO xp_log_pending (session_id,"
            + " guild_id, user_id, level_before, xp_before, level_after, xp_after, source, reason, logged_at)"
            + " SELECT SESSION_ID(), guild_id, SUBSTRING(id FROM POSITION(':' IN id) + 1), level, xp, NULL, NULL,"
            + " 'api', ?, ? FROM OLD TABLE (DELETE FROM level_record WHERE id >= ? AND id <= ?) ORDER BY id";

    private static final String PENDING_COLUMNS =
            "guild_id, user_id, level_before, xp_before, level_after, xp_after, source, reason, logged_at";
    private static final String PUBLISH = "INSERT INTO xp_log (" + PENDING_COLUMNS + ") SELECT " + PENDING_COLUMNS
            + " FROM xp_log_pending WHERE session_id = SESSION_ID() ORDER BY seq";
    private static final String PUBLISHED = "DELETE FROM xp_log_pending WHERE session_id = SESSION_ID()";

    @Override
    public int deleteAndStage(Connection connection, String from, String last, String reason, Instant at)
            throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement(DELETE_AND_STAGE)) {
            delete.setString(1, reason);
            delete.setObject(2, OffsetDateTime.ofInstant(at, ZoneOffset.UTC));
            delete.setString(3, from);
            delete.setString(4, last);
            return delete.executeUpdate();
        }
    }

    /** The staged events of this session (db/h2/V6), under the guild's row lock. */
    @Override
    public void publishLog(Connection connection, String guild) throws SQLException {
        H2LogOrder.hold(connection, guild);
        try (Statement statement = connection.createStatement()) {
            statement.executeUpdate(PUBLISH);
            statement.executeUpdate(PUBLISHED);
        }
    }

    @Override
    public void resumeTriggers(Connection connection) throws SQLException {
        H2GuildSizeTrigger.resumeOnThisThread();
        H2XpLogTrigger.resume(connection);
    }

    /**
     * H2's session variables are the connection's, not the transaction's: set before the work and cleared after it,
     * also when it fails, so that a pooled connection carries no mark to its next user.
     */
    @Override
    public <T> T asApiWrites(Connection connection, String reason, Instant at, SqlWork<T> work) throws SQLException {
        H2XpLogTrigger.markApiWrites(connection, reason, at);
        try {
            return work.run();
        } finally {
            H2XpLogTrigger.unmarkApiWrites(connection);
        }
    }

    /**
     * H2 aggregates within the service's heap and has no network time to wait; the query's time limit is JDBC's.
     */
    @Override
    public void readyForWindowAggregate(Connection connection, int limitS) {}

    /**
     * H2 builds each array as objects in the service's heap, for every event of the window, and finds an event by
     * its id in its primary key's tree in the same heap: the lookups cost it less (docs/store.md, "The XP log").
     */
    @Override
    public WindowEnds windowEnds() {
        return WindowEnds.LOOKED_UP;
    }

    /**
     * H2's {@code VARCHAR} compares UTF-16 code units, which puts characters beyond U+FFFF before U+E000..U+FFFF
     * (docs/store.md, "H2's quirks"); H2 casts text to {@code VARBINARY} as its UTF-8 bytes, and compares those
     * unsigned.
     */
    @Override
    public String inByteOrder(String expression) {
        return "CAST(" + expression + " AS VARBINARY)";
    }
}
