package com.communitybot.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Streams rows of queries from a connection of their own that stays open until the stream is closed (or
 * read to its end), reading {@value #FETCH_SIZE} rows at a time.
 *
 * <p>The connection runs a read-only transaction at {@code REPEATABLE READ}, so every query of it sees one
 * snapshot of the store: the queries of an export agree with each other, and writes that commit meanwhile
 * are not seen. PostgreSQL's driver honours the fetch size only with auto-commit off, and reads the whole
 * result otherwise. H2 runs each query to its end first, into a temporary file beyond a few thousand rows
 * (see {@link StoreUrls}), so memory stays bounded there too.
 */
final class ReadCursors implements AutoCloseable {

    static final int FETCH_SIZE = 1000;

    private static final Logger LOG = LoggerFactory.getLogger(ReadCursors.class);

    /** Binds a statement's parameters. */
    @FunctionalInterface
    interface Binder {
        void bind(PreparedStatement statement) throws SQLException;
    }

    /** The next row of a stream, or null after the last. */
    @FunctionalInterface
    interface Rows<T> {
        T next() throws SQLException;
    }

    /** Runs the queries of a stream on {@link ReadCursors} and returns its rows. */
    @FunctionalInterface
    interface Opener<T> {
        Rows<T> open(ReadCursors cursors) throws SQLException;
    }

    private final Connection connection;
    private final List<PreparedStatement> statements = new ArrayList<>();
    private int queryTimeoutS;
    private boolean closed;

    private ReadCursors(Connection connection) {
        this.connection = connection;
    }

    /**
     * A stream of the rows {@code opener} reads. The queries have run when this returns, so a store that
     * fails fails here; a failure while reading is thrown from the stream. Both as
     * {@link com.communitybot.core.port.StoreException}.
     */
    static <T> Stream<T> stream(DataSource pool, String what, Opener<T> opener) {
        ReadCursors cursors = null;
        try {
            cursors = open(pool);
            Rows<T> rows = opener.open(cursors);
            return StreamSupport.stream(new RowSpliterator<>(rows, cursors, what), false)
                    .onClose(cursors::close);
        } catch (SQLException e) {
            closeQuietly(cursors);
            throw DriverExceptions.translate(what, e);
        } catch (RuntimeException e) {
            closeQuietly(cursors);
            throw DriverExceptions.translate(what, e);
        }
    }

    private static ReadCursors open(DataSource pool) throws SQLException {
        return new ReadCursors(openSnapshot(pool));
    }

    /**
     * A connection of {@code pool} in a read-only transaction at {@code REPEATABLE READ}: all its queries
     * see the store as it was at the first. The pool resets these settings when the connection is closed.
     */
    static Connection openSnapshot(DataSource pool) throws SQLException {
        Connection connection = pool.getConnection();
        try {
            connection.setAutoCommit(false);
            connection.setReadOnly(true);
            connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            return connection;
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
    }

    /** The snapshot's connection, for settings of its transaction before the queries run. */
    Connection connection() {
        return connection;
    }

    /**
     * Stops each later {@link #query} that runs longer than {@code seconds} (JDBC's query timeout, which both
     * databases honour: the query fails with SQL state {@code 57014}).
     */
    void limitEachQueryTo(int seconds) {
        queryTimeoutS = seconds;
    }

    /** Runs {@code sql}; its result set is closed with these cursors. */
    ResultSet query(String sql, Binder binder) throws SQLException {
        PreparedStatement statement =
                connection.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
        statements.add(statement);
        statement.setFetchSize(FETCH_SIZE);
        statement.setQueryTimeout(queryTimeoutS);
        binder.bind(statement);
        return statement.executeQuery();
    }

    /** Releases the statements and the connection; a failure to do so is logged, as the rows were read. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try (connection) {
            for (PreparedStatement statement : statements) {
                statement.close();
            }
            connection.rollback();
        } catch (SQLException e) {
            LOG.debug("Closing a read of the store failed; the pool discards a broken connection", e);
        }
    }

    /**
     * Ends a snapshot of {@link #openSnapshot} and gives its connection back; a failure to end it changes nothing
     * read, and the pool drops a broken connection.
     */
    static void release(Connection connection) {
        if (connection == null) {
            return;
        }
        try (connection) {
            connection.rollback();
        } catch (SQLException e) {
            LOG.debug("Ending a read-only snapshot failed; the pool discards a broken connection", e);
        }
    }

    private static void closeQuietly(ReadCursors cursors) {
        if (cursors != null) {
            cursors.close();
        }
    }

    /** Hands out rows until the last, then releases the cursors at once. */
    private static final class RowSpliterator<T> extends Spliterators.AbstractSpliterator<T> {
        private final Rows<T> rows;
        private final ReadCursors cursors;
        private final String what;

        RowSpliterator(Rows<T> rows, ReadCursors cursors, String what) {
            super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
            this.rows = rows;
            this.cursors = cursors;
            this.what = what;
        }

        @Override
        public boolean tryAdvance(Consumer<? super T> action) {
            if (cursors.closed) {
                return false;
            }
            T row;
            try {
                row = rows.next();
            } catch (SQLException e) {
                cursors.close();
                throw DriverExceptions.translate(what, e);
            } catch (RuntimeException e) {
                cursors.close();
                throw DriverExceptions.translate(what, e);
            }
            if (row == null) {
                cursors.close();
                return false;
            }
            action.accept(row);
            return true;
        }
    }
}
