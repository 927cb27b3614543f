package com.communitybot.persistence.h2;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import org.h2.api.Trigger;

/**
 * H2's trigger behind the XP log (migration {@code db/h2/V5}): after each insert, delete or update of a level record
 * that changes it, one event in {@code xp_log}, within the same transaction; an update of the id is a removal and a
 * creation, two events. An update that leaves level and xp as they were logs nothing, and a record without a
 * {@code :} in its id is of no guild and is not logged.
 *
 * <p>What the writing session says of its writes is read from its session variables (by the event's insert, on the
 * trigger's connection, which is the writing session's), which H2 keeps per connection, embedded or over TCP: {@code @communitybot_source = 'api'}, {@code @communitybot_reason} and {@code @communitybot_at} mark the
 * service's own writes, with their reason and time ({@link H2Engine#markApiWrites}); {@code @communitybot_bulk_write} stops the log for an import
 * ({@link H2Engine#suspendTriggers}). Without them an event's source is {@code store}: the bot writing the store.
 */
public final class H2XpLogTrigger implements Trigger {

    static final String SOURCE = "communitybot_source";
    static final String REASON = "communitybot_reason";
    static final String AT = "communitybot_at";
    static final String BULK_WRITE = "communitybot_bulk_write";

    /** The positions of {@code id}, {@code xp} and {@code level} in a row of {@code level_record}. */
    private static final int ID = 0;

    private static final int XP = 1;
    private static final int LEVEL = 2;

    /**
     * One event, and what the writing session said of its writes, in one statement: H2 parses each statement a
     * trigger prepares (the trigger gets a new connection for every row, and {@code QUERY_CACHE_SIZE=0}), so the
     * session variables are read by the insert itself rather than by a query of their own. The last parameter is
     * the clock's time, for the bot's writes; a bulk write inserts nothing.
     */
    private static final String LOG = "INSERT INTO xp_log"
            + " (guild_id, user_id, level_before, xp_before, level_after, xp_after, source, reason, logged_at)"
            + " SELECT ?, ?, ?, ?, ?, ?,"
            + " CASE WHEN @" + SOURCE + " = 'api' THEN 'api' ELSE 'store' END,"
            + " CASE WHEN @" + SOURCE + " = 'api' THEN @" + REASON + " END,"
            + " CASE WHEN @" + SOURCE + " = 'api' THEN @" + AT + " ELSE ? END"
            + " WHERE @" + BULK_WRITE + " IS NULL";

    /**
     * A bulk write of this thread (in embedded H2 a trigger runs on the thread of the statement that fired it): the
     * trigger returns at once, before it would take the guild's lock of the log's order ({@link H2LogOrder}). A
     * reset stages what it deletes and takes that lock last, when it publishes; taken at its first deleted record,
     * the lock was held while the reset waited for a row (the guild's size) that a writer of the guild held while
     * waiting for the lock: a deadlock.
     */
    private static final ThreadLocal<Boolean> BULK_ON_THIS_THREAD = ThreadLocal.withInitial(() -> false);

    /** Stops the log of the writes on {@code connection}, made on this thread, until {@link #resume}. */
    static void suspend(Connection connection) throws SQLException {
        set(connection, BULK_WRITE, "on");
        BULK_ON_THIS_THREAD.set(true);
    }

    static void resume(Connection connection) throws SQLException {
        BULK_ON_THIS_THREAD.remove();
        set(connection, BULK_WRITE, null);
    }

    /**
     * Logs the writes on {@code connection} as the service's, with {@code reason} and the time {@code at}, until
     * {@link #unmarkApiWrites}.
     */
    static void markApiWrites(Connection connection, String reason, Instant at) throws SQLException {
        set(connection, SOURCE, "api");
        set(connection, REASON, reason);
        try (PreparedStatement set = connection.prepareStatement("SET @" + AT + " = ?")) {
            set.setObject(1, OffsetDateTime.ofInstant(at.truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC));
            set.execute();
        }
    }

    static void unmarkApiWrites(Connection connection) throws SQLException {
        set(connection, SOURCE, null);
        set(connection, REASON, null);
        set(connection, AT, null);
    }

    /** Sets a session variable; H2 removes it when set to NULL. */
    private static void set(Connection connection, String variable, String value) throws SQLException {
        try (PreparedStatement set = connection.prepareStatement("SET @" + variable + " = ?")) {
            set.setString(1, value);
            set.execute();
        }
    }

    @Override
    public void fire(Connection connection, Object[] oldRow, Object[] newRow) throws SQLException {
        if (BULK_ON_THIS_THREAD.get()) {
            return;
        }
        String oldId = idOf(oldRow);
        String newId = idOf(newRow);
        boolean sameRecord = oldId != null && oldId.equals(newId);
        if (sameRecord && Objects.equals(oldRow[LEVEL], newRow[LEVEL]) && Objects.equals(oldRow[XP], newRow[XP])) {
            return; // a write that leaves the record as it was
        }
        if (guildEnd(oldId) < 0 && guildEnd(newId) < 0) {
            return; // of no guild
        }
        if (sameRecord) {
            log(connection, newId, oldRow, newRow);
            return;
        }
        if (oldId != null) {
            log(connection, oldId, oldRow, null);
        }
        if (newId != null) {
            log(connection, newId, null, newRow);
        }
    }

    private static String idOf(Object[] row) {
        return row == null || row[ID] == null ? null : row[ID].toString();
    }

    /** The end of the guild part of {@code id}: the index of its first {@code :}, -1 when it has none. */
    private static int guildEnd(String id) {
        return id == null ? -1 : id.indexOf(':');
    }

    private static void log(Connection connection, String id, Object[] before, Object[] after) throws SQLException {
        int colon = guildEnd(id);
        if (colon < 0) {
            return; // of no guild
        }
        H2LogOrder.hold(connection, id.substring(0, colon));
        try (PreparedStatement insert = connection.prepareStatement(LOG)) {
            insert.setString(1, id.substring(0, colon));
            insert.setString(2, id.substring(colon + 1));
            bind(insert, 3, before, LEVEL);
            bind(insert, 4, before, XP);
            bind(insert, 5, after, LEVEL);
            bind(insert, 6, after, XP);
            insert.setObject(7, OffsetDateTime.ofInstant(Instant.now().truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC));
            insert.executeUpdate();
        }
    }

    private static void bind(PreparedStatement insert, int parameter, Object[] row, int column) throws SQLException {
        if (row == null) {
            insert.setNull(parameter, Types.NUMERIC);
        } else {
            insert.setBigDecimal(parameter, (BigDecimal) row[column]);
        }
    }
}
