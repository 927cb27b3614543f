package com.communitybot.persistence;

import com.communitybot.persistence.h2.H2Engine;
import com.communitybot.persistence.h2.H2Url;
import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import javax.sql.DataSource;

/**
 * What the SQL adapter asks of its database beyond the SQL that H2 and PostgreSQL both run: the one seam between
 * the generic stores and what only one database needs. {@link PostgresEngine} is PostgreSQL's; {@link H2Engine},
 * in package {@code h2} with the rest of H2's workarounds, is H2's (docs/store.md, "H2's quirks").
 */
public interface StoreEngine {

    /** The engine of the store {@code url} names: H2's for a {@code jdbc:h2:} URL, PostgreSQL's otherwise. */
    static StoreEngine forUrl(String url) {
        return H2Url.isH2(url) ? new H2Engine(url) : PostgresEngine.INSTANCE;
    }

    /** The engine of the store behind {@code dataSource}, the service's Hikari pool (or a proxy of it). */
    static StoreEngine of(DataSource dataSource) {
        try {
            return forUrl(DelegatingDataSource.unwrapDataSource(dataSource)
                    .unwrap(HikariDataSource.class)
                    .getJdbcUrl());
        } catch (SQLException e) {
            throw new IllegalStateException("The store's data source is not a Hikari pool", e);
        }
    }

    /**
     * Called once before the pool opens the store: the URL to open it with. H2 adds the settings its SQL needs,
     * and first puts back a file whose migration was killed ({@link #migrate}).
     */
    String beforeOpening(String url);

    /**
     * Runs {@code migration}, Flyway's migration of the open store {@code dataSource}, so that a kill at any moment
     * of it leaves a store whose next start finishes the migration.
     */
    void migrate(DataSource dataSource, Runnable migration);

    /**
     * Stops triggers on {@code level_record} for the rest of the transaction on {@code connection}, which this thread
     * runs: the ones that keep {@code level_guild_size} (a bulk write counts the guilds it wrote itself, once, at its
     * end: {@link GuildSizes}), and with {@code xpLog} the XP log's too (an import moves a store and logs nothing,
     * ledger.md L2; a guild reset is logged).
     */
    void suspendTriggers(Connection connection, boolean xpLog) throws SQLException;

    /**
     * Lets the triggers work again; always called after {@link #suspendTriggers} on the same connection, before its
     * transaction ends, also on failure.
     */
    void resumeTriggers(Connection connection) throws SQLException;

    /**
     * Deletes the level records whose ids run from {@code from} to {@code last}, both included, and stages each
     * removal's event as the service's, with {@code reason} (null for none) and the time {@code at} (whole
     * milliseconds), in one statement: the events are made from the rows the delete removed, whatever a concurrent
     * writer does. A guild reset's batch, with the XP log's triggers suspended ({@link #suspendTriggers}); returns the
     * records deleted. The events reach the log by {@link #publishLog}.
     */
    int deleteAndStage(Connection connection, String from, String last, String reason, Instant at) throws SQLException;

    /**
     * The last step of a guild reset: takes the lock that orders the guild's XP log and moves the events {@link
     * #deleteAndStage} staged into it, in their order, so that their ids follow every event of the guild committed
     * before, and precede every one committed after (migration V6). Taken last, the lock never waits on a record.
     */
    void publishLog(Connection connection, String guild) throws SQLException;

    /**
     * Runs {@code work}, the service's own writes of level records in the transaction on {@code connection}, so that
     * the XP log's triggers log them with source {@code api}, {@code reason} (null for none) and the time {@code at}
     * (whole milliseconds) rather than as the bot's ({@code store}, at the database's clock).
     */
    <T> T asApiWrites(Connection connection, String reason, Instant at, SqlWork<T> work) throws SQLException;

    /**
     * An SQL expression of the text {@code expression} (a column of text, or a bound {@code ?}) that compares byte by
     * byte in UTF-8, unsigned: the order of core's {@code LeaderboardOrder.compareUtf8}, for a query that must order
     * text exactly as core does.
     */
    String inByteOrder(String expression);

    /**
     * Readies {@code connection}, a read-only snapshot ({@link ReadCursors#openSnapshot}), for one query that
     * aggregates every event of a window of the XP log before its first row: room to aggregate in memory, and time
     * to answer beyond the store's usual bound, up to {@code limitS} seconds (the query's own time limit). The
     * settings end with the transaction or when the pool takes the connection back.
     */
    void readyForWindowAggregate(Connection connection, int limitS) throws SQLException;

    /**
     * How a window's gains find each member's first and last event in the window ({@code SqlXpLog.gainsIn}, ledger
     * L3): whichever of the two the database runs faster. Both give the same gains.
     */
    WindowEnds windowEnds();

    /** The two ways of {@link #windowEnds}. */
    enum WindowEnds {
        /**
         * In the grouping's one pass over the window: per member the smallest and the largest array of {@code [id,
         * level, xp]}.
         */
        IN_ONE_PASS,
        /** The smallest and largest id per member in the grouping, then each of those events looked up by its id. */
        LOOKED_UP
    }

    /** Work on a connection that may fail with the driver's exception. */
    @FunctionalInterface
    interface SqlWork<T> {
        T run() throws SQLException;
    }
}
