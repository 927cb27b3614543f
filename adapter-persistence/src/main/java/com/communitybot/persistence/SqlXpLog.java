package com.communitybot.persistence;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.PlacedGain;
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WindowGain;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.model.XpSource;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.port.XpLog;
import com.communitybot.core.usecase.WindowOrder;
import io.micronaut.context.annotation.Value;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.inject.Singleton;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongFunction;
import java.util.stream.Stream;
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
     * Per user with events in the window (found through {@code xp_log_window (guild_id, logged_at)}, or a member's
     * through {@code xp_log_member}): the first event's before and the last's after (by id), as ledger L3's gain, a
     * NULL (a record created or removed) counting as 0, exactly as {@link WindowGain#between} computes it. Unsigned
     * values stay {@code NUMERIC}, so the differences are exact and signed. How the first and the last event are
     * found is the engine's choice ({@link StoreEngine#windowEnds}).
     */
    private String gained(boolean oneMember) {
        String inWindow = " FROM xp_log WHERE guild_id = ?" + (oneMember ? " AND user_id = ?" : "")
                + " AND logged_at >= CAST(? AS TIMESTAMP WITH TIME ZONE)"
                + " AND logged_at < CAST(? AS TIMESTAMP WITH TIME ZONE) GROUP BY user_id) w";
        return switch (engine.windowEnds()) {
            // Arrays compare element by element, and ids are unique: the smallest is the first event's.
            case IN_ONE_PASS ->
                "SELECT w.user_id, w.l[2] - w.f[2] AS level_gained, w.l[3] - w.f[3] AS xp_gained"
                        + " FROM (SELECT user_id,"
                        + " MIN(ARRAY[id, COALESCE(level_before, 0), COALESCE(xp_before, 0)]) AS f,"
                        + " MAX(ARRAY[id, COALESCE(level_after, 0), COALESCE(xp_after, 0)]) AS l" + inWindow;
            case LOOKED_UP ->
                "SELECT w.user_id,"
                        + " COALESCE(l.level_after, 0) - COALESCE(f.level_before, 0) AS level_gained,"
                        + " COALESCE(l.xp_after, 0) - COALESCE(f.xp_before, 0) AS xp_gained"
                        + " FROM (SELECT user_id, MIN(id) AS first_id, MAX(id) AS last_id" + inWindow
                        + " JOIN xp_log f ON f.id = w.first_id"
                        + " JOIN xp_log l ON l.id = w.last_id";
        };
    }

    /** Ledger L3's gains that count ({@link WindowOrder#counts}): a level gained, or no level and some xp. */
    private static final String COUNTS = " WHERE (g.level_gained > 0 OR g.level_gained = 0 AND g.xp_gained > 0)";

    /** The gain's columns with the record as it stands now. */
    private static final String WITH_CURRENT = "SELECT g.user_id, g.level_gained, g.xp_gained, r.level, r.xp FROM (";

    private static final String CURRENT = ") g LEFT JOIN level_record r ON r.id = CAST(? AS VARCHAR) || g.user_id";

    private static final String DELETE_KEYS_BEFORE =
            "DELETE FROM level_write_key WHERE created_at < CAST(? AS TIMESTAMP WITH TIME ZONE)";

    /** The property of {@link #windowLimitS}; the app sets it from {@code IDLE_TIMEOUT} (AppConfig). */
    static final String WINDOW_TIME_LIMIT = "bot.window-time-limit";

    private final DataSource pool;
    private final StoreEngine engine;
    /**
     * The longest a query that aggregates a window of the log may run, in whole seconds, on either database: the
     * statement is then stopped (JDBC's query timeout, SQL state {@code 57014}) and the caller gets the store's
     * failure, rather than the store going on aggregating for a client that may be gone.
     */
    private final int windowLimitS;

    SqlXpLog(DataSource dataSource, @Value("${" + WINDOW_TIME_LIMIT + ":60s}") Duration windowLimit) {
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
        this.engine = StoreEngine.of(dataSource);
        this.windowLimitS = (int) Math.max(1, Math.min(Integer.MAX_VALUE, windowLimit.toSeconds()));
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
                statement.setObject(parameter++, Columns.at(filter.since().get()));
            }
            if (filter.until().isPresent()) {
                statement.setObject(parameter++, Columns.at(filter.until().get()));
            }
            if (filter.source().isPresent()) {
                statement.setString(parameter, filter.source().get().text());
            }
        });
    }

    /**
     * One query for all the guilds: each guild's newest id through {@code xp_log_guild}, one index probe each (a
     * {@code GROUP BY} over {@code guild_id = ANY(...)} would read every event of the guilds).
     */
    @Override
    public Map<GuildId, Long> newestEventIds(Collection<GuildId> guilds) {
        Map<GuildId, Long> newest = new HashMap<>();
        if (guilds.isEmpty()) {
            return newest;
        }
        Map<String, GuildId> byText = new HashMap<>();
        guilds.forEach(guild -> byText.put(guild.toString(), guild));
        String what = "Reading the newest events of " + guilds.size() + " guilds";
        try (Connection connection = pool.getConnection();
                PreparedStatement select = connection.prepareStatement("SELECT g.guild,"
                        + " (SELECT MAX(id) FROM xp_log WHERE guild_id = g.guild) FROM UNNEST(?) AS g (guild)")) {
            select.setArray(
                    1, connection.createArrayOf("VARCHAR", byText.keySet().toArray()));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    long id = rows.getLong(2);
                    if (!rows.wasNull()) {
                        newest.put(byText.get(rows.getString(1)), id);
                    }
                }
            }
        } catch (SQLException e) {
            throw DriverExceptions.translate(what, e);
        }
        return newest;
    }

    /** Through {@code xp_log_guild}: a guild's ids follow its commits (migration V6, docs/store.md). */
    @Override
    public List<XpEvent> eventsAfter(GuildId guild, long after, int max) {
        requirePositive(max);
        String sql = EVENT_COLUMNS + " WHERE guild_id = ? AND id > ? ORDER BY guild_id, id LIMIT " + max;
        return events("Reading the XP log of guild " + guild + " after event " + after, sql, statement -> {
            statement.setString(1, guild.toString());
            statement.setLong(2, after);
        });
    }

    /**
     * One query in window order, the sort the database's ({@link WindowOrder#COMPARATOR}, ids in byte order through
     * {@link StoreEngine#inByteOrder}), read {@value ReadCursors#FETCH_SIZE} rows at a time in a snapshot of its own
     * ({@link ReadCursors}), from position {@code after + 1} by {@code OFFSET}: the service holds a fetch, never the
     * window. The offset is written into the SQL, as a page's {@code LIMIT} is ({@link LeaderboardKeyset}).
     *
     * <p>For a page ({@code expected} up to {@value #MOST_EXPECTED}) the first query keeps only the best {@code
     * expected} gains, which the database finds without sorting the whole window, and joins only those to their
     * records; read further, the stream goes on with the rest of the order in the same snapshot.
     */
    @Override
    public Stream<WindowGain> gainsIn(GuildId guild, TimeWindow window, long after, long expected) {
        if (after < 0) {
            throw new IllegalArgumentException("after must not be negative: " + after);
        }
        if (expected < 1) {
            throw new IllegalArgumentException("expected must be at least 1: " + expected);
        }
        String order = " ORDER BY g.level_gained DESC, g.xp_gained DESC, " + engine.inByteOrder("g.user_id");
        LongFunction<String> inOrderFrom =
                skip -> WITH_CURRENT + gained(false) + CURRENT + COUNTS + order + offset(skip);
        ReadCursors.Binder window4 = select -> {
            select.setString(1, guild.toString());
            select.setObject(2, Columns.at(window.since()));
            select.setObject(3, Columns.at(window.until()));
            select.setString(4, guild + ":");
        };
        return ReadCursors.stream(pool, reading(guild, window), cursors -> {
            engine.readyForWindowAggregate(cursors.connection(), windowLimitS);
            cursors.limitEachQueryTo(windowLimitS);
            if (expected > MOST_EXPECTED) {
                ResultSet rows = cursors.query(inOrderFrom.apply(after), window4);
                return () -> rows.next() ? gain(guild, rows) : null;
            }
            String best = WITH_CURRENT + "SELECT * FROM (" + gained(false) + ") g" + COUNTS + order + offset(after)
                    + " FETCH FIRST " + expected + " ROWS ONLY" + CURRENT + order;
            return new BestThenRest(cursors, window4, best, inOrderFrom.apply(after + expected), expected, guild);
        });
    }

    /** The rows of {@link #gainsIn} for a page: the best {@code expected} gains, then, read on, the rest. */
    private static final class BestThenRest implements ReadCursors.Rows<WindowGain> {
        private final ReadCursors cursors;
        private final ReadCursors.Binder binder;
        private final String rest;
        private final long expected;
        private final GuildId guild;
        private ResultSet rows;
        private long read;
        private boolean atRest;

        BestThenRest(
                ReadCursors cursors, ReadCursors.Binder binder, String best, String rest, long expected, GuildId guild)
                throws SQLException {
            this.cursors = cursors;
            this.binder = binder;
            this.rest = rest;
            this.expected = expected;
            this.guild = guild;
            this.rows = cursors.query(best, binder);
        }

        @Override
        public WindowGain next() throws SQLException {
            if (!rows.next()) {
                if (atRest || read < expected) {
                    return null;
                }
                atRest = true;
                rows = cursors.query(rest, binder);
                if (!rows.next()) {
                    return null;
                }
            }
            read++;
            return gain(guild, rows);
        }
    }

    /** The most gains a caller may expect for {@link #gainsIn} to read them first by a query of their own. */
    static final long MOST_EXPECTED = 10_000;

    private static String offset(long after) {
        return after > 0 ? " OFFSET " + after + " ROWS" : "";
    }

    /**
     * Two queries in one snapshot: the record's own gain, through {@code xp_log_member}; then, when it counts, how
     * many gains of the window come before it in window order, counted by the database.
     */
    @Override
    public Optional<PlacedGain> placeOf(GuildId guild, TimeWindow window, String recordId) {
        String prefix = guild + ":";
        if (!recordId.startsWith(prefix)) {
            return Optional.empty();
        }
        String user = recordId.substring(prefix.length());
        String what = reading(guild, window) + ": the place of " + recordId;
        Connection connection = null;
        try {
            connection = ReadCursors.openSnapshot(pool);
            Optional<WindowGain> gain = memberGain(connection, guild, user, window);
            if (gain.isEmpty()) {
                return Optional.empty();
            }
            engine.readyForWindowAggregate(connection, windowLimitS);
            return Optional.of(
                    new PlacedGain(gain.get(), 1 + gainsBefore(connection, guild, window, gain.get(), user)));
        } catch (SQLException e) {
            throw DriverExceptions.translate(what, e);
        } catch (RuntimeException e) {
            throw DriverExceptions.translate(what, e);
        } finally {
            ReadCursors.release(connection);
        }
    }

    private Optional<WindowGain> memberGain(Connection connection, GuildId guild, String user, TimeWindow window)
            throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(WITH_CURRENT + gained(true) + CURRENT + COUNTS)) {
            select.setString(1, guild.toString());
            select.setString(2, user);
            select.setObject(3, Columns.at(window.since()));
            select.setObject(4, Columns.at(window.until()));
            select.setString(5, guild + ":");
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(gain(guild, row)) : Optional.empty();
            }
        }
    }

    /** The gains that count and come before {@code place} (of {@code user}) in window order. */
    private long gainsBefore(Connection connection, GuildId guild, TimeWindow window, WindowGain place, String user)
            throws SQLException {
        String sql = "SELECT COUNT(*) FROM (" + gained(false) + ") g" + COUNTS
                + " AND (g.level_gained > ? OR g.level_gained = ? AND (g.xp_gained > ?"
                + " OR g.xp_gained = ? AND " + engine.inByteOrder("g.user_id") + " < " + engine.inByteOrder("?") + "))";
        try (PreparedStatement count = connection.prepareStatement(sql)) {
            count.setQueryTimeout(windowLimitS);
            count.setString(1, guild.toString());
            count.setObject(2, Columns.at(window.since()));
            count.setObject(3, Columns.at(window.until()));
            BigDecimal level = new BigDecimal(place.levelGained());
            BigDecimal xp = new BigDecimal(place.xpGained());
            count.setBigDecimal(4, level);
            count.setBigDecimal(5, level);
            count.setBigDecimal(6, xp);
            count.setBigDecimal(7, xp);
            count.setString(8, user);
            try (ResultSet row = count.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        }
    }

    /** A row of {@link #WITH_CURRENT}: the user, the gains, and the record now (NULL when it is gone). */
    private static WindowGain gain(GuildId guild, ResultSet row) throws SQLException {
        String id = guild + ":" + row.getString(1);
        return new WindowGain(
                id,
                row.getBigDecimal(2).toBigIntegerExact(),
                row.getBigDecimal(3).toBigIntegerExact(),
                levelXp(row.getBigDecimal(4), row.getBigDecimal(5), id));
    }

    private static String reading(GuildId guild, TimeWindow window) {
        return "Reading the gains of guild " + guild + " from " + window.since() + " to " + window.until();
    }

    /**
     * One short transaction: the ids of the oldest {@code max} events, found through {@code xp_log_age}, then those
     * events deleted by key. (One {@code DELETE ... WHERE id IN (SELECT ... LIMIT n)} is the same on PostgreSQL, but
     * H2 runs its subquery again for every row it deletes, which made a batch cost about a thousand times its size
     * while others wrote: bench/ledger.sh's sweep.) The bot's writes never wait on it, since they only insert
     * events.
     */
    @Override
    public int deleteEventsBefore(Instant before, int max) {
        requirePositive(max);
        String what = "Deleting the XP log's events before " + before;
        try (Connection connection = pool.getConnection()) {
            connection.setAutoCommit(false);
            try {
                List<Long> ids = new ArrayList<>();
                try (PreparedStatement select = connection.prepareStatement(
                        "SELECT id FROM xp_log WHERE logged_at < ? ORDER BY logged_at LIMIT " + max)) {
                    select.setObject(1, Columns.at(before));
                    try (ResultSet rows = select.executeQuery()) {
                        while (rows.next()) {
                            ids.add(rows.getLong(1));
                        }
                    }
                }
                int deleted = 0;
                if (!ids.isEmpty()) {
                    try (PreparedStatement delete = connection.prepareStatement("DELETE FROM xp_log WHERE id = ?")) {
                        for (long id : ids) {
                            delete.setLong(1, id);
                            delete.addBatch();
                        }
                        for (int count : delete.executeBatch()) {
                            deleted += Math.max(count, 0);
                        }
                    }
                }
                connection.commit();
                return deleted;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw DriverExceptions.translate(what, e);
        }
    }

    @Override
    public int deleteIdempotencyKeysBefore(Instant before) {
        return deleteBefore("Deleting the Idempotency-Keys kept before " + before, DELETE_KEYS_BEFORE, before);
    }

    /** Runs {@code sql}, a delete with one instant bound, as one statement in its own transaction. */
    private int deleteBefore(String what, String sql, Instant before) {
        try (Connection connection = pool.getConnection();
                PreparedStatement delete = connection.prepareStatement(sql)) {
            delete.setObject(1, Columns.at(before));
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
