package com.communitybot.persistence;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WindowGain;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.model.XpSource;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.port.XpLog;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.inject.Singleton;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * {@link XpLog} on the {@code xp_log} table, which the triggers of migration V5 fill (docs/store.md, "The XP log").
 * Pages are keyset reads of the table's indexes, newest first: a guild's by {@code (guild_id, id DESC)}, a member's by
 * {@code (guild_id, user_id, id DESC)}, each query naming the index's leading columns in its {@code ORDER BY} so H2
 * reads the index in order too. Instants are bound as ISO-8601 text and read as {@code EXTRACT(EPOCH ...)}, so the
 * JVM's time zone never touches them.
 */
@Singleton
final class SqlXpLog implements XpLog {

    private static final String EVENT_COLUMNS = "SELECT id, guild_id, user_id, level_before, xp_before, level_after,"
            + " xp_after, source, reason, EXTRACT(EPOCH FROM logged_at) FROM xp_log";
    private static final String AT_OR_AFTER = " AND logged_at >= CAST(? AS TIMESTAMP WITH TIME ZONE)";
    private static final String BEFORE_TIME = " AND logged_at < CAST(? AS TIMESTAMP WITH TIME ZONE)";

    /**
     * Per user with events in the window: the first event's before and the last's after (by id), and the record as
     * it stands. The window's events are found through {@code xp_log_window (guild_id, logged_at)}.
     */
    private static final String GAINS = "SELECT w.user_id, f.level_before, f.xp_before, l.level_after, l.xp_after,"
            + " r.level, r.xp"
            + " FROM (SELECT user_id, MIN(id) AS first_id, MAX(id) AS last_id FROM xp_log"
            + " WHERE guild_id = ? AND logged_at >= CAST(? AS TIMESTAMP WITH TIME ZONE)"
            + " AND logged_at < CAST(? AS TIMESTAMP WITH TIME ZONE) GROUP BY user_id) w"
            + " JOIN xp_log f ON f.id = w.first_id"
            + " JOIN xp_log l ON l.id = w.last_id"
            + " LEFT JOIN level_record r ON r.id = CAST(? AS VARCHAR) || w.user_id";

    private static final String DELETE_KEYS_BEFORE =
            "DELETE FROM level_write_key WHERE created_at < CAST(? AS TIMESTAMP WITH TIME ZONE)";

    private final DataSource pool;

    SqlXpLog(DataSource dataSource) {
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
    }

    @Override
    public List<XpEvent> eventsOfMember(GuildId guild, UserId user, OptionalLong before, int max) {
        requirePositive(max);
        String sql = EVENT_COLUMNS + " WHERE guild_id = ? AND user_id = ?" + (before.isPresent() ? " AND id < ?" : "")
                + " ORDER BY guild_id, user_id, id DESC LIMIT " + max;
        return events("Reading the history of " + guild + ":" + user, sql, statement -> {
            statement.setString(1, guild.toString());
            statement.setString(2, user.toString());
            if (before.isPresent()) {
                statement.setLong(3, before.getAsLong());
            }
        });
    }

    @Override
    public List<XpEvent> eventsOfGuild(GuildId guild, XpLogFilter filter, OptionalLong before, int max) {
        requirePositive(max);
        String sql = EVENT_COLUMNS + " WHERE guild_id = ?"
                + (before.isPresent() ? " AND id < ?" : "")
                + (filter.since().isPresent() ? AT_OR_AFTER : "")
                + (filter.until().isPresent() ? BEFORE_TIME : "")
                + (filter.source().isPresent() ? " AND source = ?" : "")
                + " ORDER BY guild_id, id DESC LIMIT " + max;
        return events("Reading the XP log of guild " + guild, sql, statement -> {
            int parameter = 1;
            statement.setString(parameter++, guild.toString());
            if (before.isPresent()) {
                statement.setLong(parameter++, before.getAsLong());
            }
            if (filter.since().isPresent()) {
                statement.setString(
                        parameter++, Columns.timestamp(filter.since().get()));
            }
            if (filter.until().isPresent()) {
                statement.setString(
                        parameter++, Columns.timestamp(filter.until().get()));
            }
            if (filter.source().isPresent()) {
                statement.setString(parameter, filter.source().get().text());
            }
        });
    }

    @Override
    public List<WindowGain> gainsIn(GuildId guild, TimeWindow window) {
        String what = "Reading the gains of guild " + guild + " from " + window.since() + " to " + window.until();
        List<WindowGain> gains = new ArrayList<>();
        try (Connection connection = pool.getConnection();
                PreparedStatement select = connection.prepareStatement(GAINS)) {
            select.setString(1, guild.toString());
            select.setString(2, Columns.timestamp(window.since()));
            select.setString(3, Columns.timestamp(window.until()));
            select.setString(4, guild + ":");
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    String id = guild + ":" + rows.getString(1);
                    gains.add(new WindowGain(
                            id,
                            levelXp(rows.getBigDecimal(2), rows.getBigDecimal(3), id),
                            levelXp(rows.getBigDecimal(4), rows.getBigDecimal(5), id),
                            levelXp(rows.getBigDecimal(6), rows.getBigDecimal(7), id)));
                }
            }
            return gains;
        } catch (SQLException e) {
            throw DriverExceptions.translate(what, e);
        }
    }

    /**
     * One statement, its own short transaction: the oldest {@code max} events, found through {@code xp_log_age}. The
     * bot's writes never wait on it, since they only insert events.
     */
    @Override
    public int deleteEventsBefore(Instant before, int max) {
        requirePositive(max);
        return deleteBefore(
                "Deleting the XP log's events before " + before,
                "DELETE FROM xp_log WHERE id IN (SELECT id FROM xp_log WHERE logged_at < CAST(? AS TIMESTAMP WITH TIME"
                        + " ZONE) ORDER BY logged_at LIMIT " + max + ")",
                before);
    }

    @Override
    public int deleteIdempotencyKeysBefore(Instant before) {
        return deleteBefore("Deleting the Idempotency-Keys kept before " + before, DELETE_KEYS_BEFORE, before);
    }

    /** Runs {@code sql}, a delete with one instant bound, as one statement in its own transaction. */
    private int deleteBefore(String what, String sql, Instant before) {
        try (Connection connection = pool.getConnection();
                PreparedStatement delete = connection.prepareStatement(sql)) {
            delete.setString(1, Columns.timestamp(before));
            return delete.executeUpdate();
        } catch (SQLException e) {
            throw DriverExceptions.translate(what, e);
        }
    }

    @FunctionalInterface
    private interface Binder {
        void bind(PreparedStatement statement) throws SQLException;
    }

    private List<XpEvent> events(String what, String sql, Binder binder) {
        List<XpEvent> events = new ArrayList<>();
        try (Connection connection = pool.getConnection();
                PreparedStatement select = connection.prepareStatement(sql)) {
            binder.bind(select);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    events.add(event(rows));
                }
            }
            return events;
        } catch (SQLException e) {
            throw DriverExceptions.translate(what, e);
        }
    }

    private static XpEvent event(ResultSet row) throws SQLException {
        long id = row.getLong(1);
        String recordId = row.getString(2) + ":" + row.getString(3);
        String source = row.getString(8);
        return new XpEvent(
                id,
                recordId,
                levelXp(row.getBigDecimal(4), row.getBigDecimal(5), recordId),
                levelXp(row.getBigDecimal(6), row.getBigDecimal(7), recordId),
                XpSource.parse(source)
                        .orElseThrow(() ->
                                StoreException.unreadable("event " + id + " has the source '" + source + "'", null)),
                Optional.ofNullable(row.getString(9)),
                Columns.instant(row.getBigDecimal(10), "logged_at of event " + id));
    }

    /** A level and xp of the log, both NULL or neither. */
    private static Optional<LevelXp> levelXp(BigDecimal level, BigDecimal xp, String id) {
        if (level == null && xp == null) {
            return Optional.empty();
        }
        return Optional.of(new LevelXp(Columns.u64(level, "level", id), Columns.u64(xp, "xp", id)));
    }

    private static void requirePositive(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1: " + max);
        }
    }
}
