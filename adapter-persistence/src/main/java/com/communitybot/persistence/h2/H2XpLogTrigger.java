package com.communitybot.persistence.h2;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
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
 * <p>What the writing session says of its writes is read from its session variables (one {@code SELECT @...} on the
 * trigger's connection, once a row needs logging), which H2 keeps per connection, embedded or over TCP: {@code @communitybot_source = 'api'}, {@code @communitybot_reason} and {@code @communitybot_at} mark the
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

    private static final String LOG = "INSERT INTO xp_log"
            + " (guild_id, user_id, level_before, xp_before, level_after, xp_after, source, reason, logged_at)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";

    /** Stops the log of the writes on {@code connection} until {@link #resume}. */
    static void suspend(Connection connection) throws SQLException {
        set(connection, BULK_WRITE, "on");
    }

    static void resume(Connection connection) throws SQLException {
        set(connection, BULK_WRITE, null);
    }

    /**
     * Logs the writes on {@code connection} as the service's, with {@code reason} and the time {@code at}, until
     * {@link #unmarkApiWrites}.
     */
    static void markApiWrites(Connection connection, String reason, Instant at) throws SQLException {
        set(connection, SOURCE, "api");
        set(connection, REASON, reason);
        set(connection, AT, at.truncatedTo(ChronoUnit.MILLIS).toString());
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
        String oldId = idOf(oldRow);
        String newId = idOf(newRow);
        boolean sameRecord = oldId != null && oldId.equals(newId);
        if (sameRecord && Objects.equals(oldRow[LEVEL], newRow[LEVEL]) && Objects.equals(oldRow[XP], newRow[XP])) {
            return; // a write that leaves the record as it was
        }
        if (guildEnd(oldId) < 0 && guildEnd(newId) < 0) {
            return; // of no guild
        }
        Marks marks = Marks.of(connection);
        if (marks.bulkWrite()) {
            return;
        }
        if (sameRecord) {
            log(connection, marks, newId, oldRow, newRow);
            return;
        }
        if (oldId != null) {
            log(connection, marks, oldId, oldRow, null);
        }
        if (newId != null) {
            log(connection, marks, newId, null, newRow);
        }
    }

    private static String idOf(Object[] row) {
        return row == null || row[ID] == null ? null : row[ID].toString();
    }

    /** The end of the guild part of {@code id}: the index of its first {@code :}, -1 when it has none. */
    private static int guildEnd(String id) {
        return id == null ? -1 : id.indexOf(':');
    }

    private static void log(Connection connection, Marks marks, String id, Object[] before, Object[] after)
            throws SQLException {
        int colon = guildEnd(id);
        if (colon < 0) {
            return; // of no guild
        }
        boolean api = "api".equals(marks.source());
        try (PreparedStatement insert = connection.prepareStatement(LOG)) {
            insert.setString(1, id.substring(0, colon));
            insert.setString(2, id.substring(colon + 1));
            bind(insert, 3, before, LEVEL);
            bind(insert, 4, before, XP);
            bind(insert, 5, after, LEVEL);
            bind(insert, 6, after, XP);
            insert.setString(7, api ? "api" : "store");
            insert.setString(8, api ? marks.reason() : null);
            Instant at = api ? Instant.parse(marks.at()) : Instant.now().truncatedTo(ChronoUnit.MILLIS);
            insert.setObject(9, OffsetDateTime.ofInstant(at, ZoneOffset.UTC));
            insert.executeUpdate();
        }
    }

    /**
     * What the writing session said of its writes: its session variables, read the documented way, with a query
     * on the trigger's connection (which is the writing session's), once a row needs logging.
     */
    private record Marks(boolean bulkWrite, String source, String reason, String at) {

        private static final String READ = "SELECT @" + BULK_WRITE + ", @" + SOURCE + ", @" + REASON + ", @" + AT;

        static Marks of(Connection connection) throws SQLException {
            try (PreparedStatement read = connection.prepareStatement(READ);
                    ResultSet row = read.executeQuery()) {
                row.next();
                return new Marks(row.getString(1) != null, row.getString(2), row.getString(3), row.getString(4));
            }
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
