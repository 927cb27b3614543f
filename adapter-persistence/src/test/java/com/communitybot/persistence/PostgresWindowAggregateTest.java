package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.persistence.testing.StoreContext;
import com.communitybot.persistence.testing.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A window's aggregate on PostgreSQL gets its memory and its time ({@link PostgresEngine#readyForWindowAggregate})
 * for its own transaction only: the next user of the pooled connection finds the server's and the driver's settings
 * as they were.
 */
class PostgresWindowAggregateTest {

    private static StoreContext stores;

    @BeforeAll
    static void start() {
        // Two pooled connections (the start needs two), both borrowed after the window: one is the window's.
        stores = StoreContext.start(
                TestPostgres.freshDatabase("window_aggregate"), Map.of("datasources.default.maximum-pool-size", 2));
    }

    @AfterAll
    static void stop() {
        stores.close();
    }

    @Test
    void theSettingsHoldForTheWindowsTransactionAlone() throws SQLException {
        int usual;
        String usualWorkMem;
        String usualStatementTimeout;
        try (Connection connection = stores.pool().getConnection()) {
            usual = connection.getNetworkTimeout();
            usualWorkMem = show(connection, "work_mem");
            usualStatementTimeout = show(connection, "statement_timeout");
        }
        assertThat(usual).isEqualTo(StoreDataSourceSettings.PG_SOCKET_TIMEOUT_S * 1000);

        Connection window = ReadCursors.openSnapshot(stores.pool());
        Connection physical = window.unwrap(Connection.class);
        try {
            PostgresEngine.INSTANCE.readyForWindowAggregate(window, 55);
            assertThat(show(window, "work_mem")).isEqualTo(PostgresEngine.WINDOW_AGGREGATE_WORK_MEM);
            assertThat(window.getNetworkTimeout()).isEqualTo((55 + 5) * 1000);
        } finally {
            ReadCursors.release(window);
        }

        try (Connection one = stores.pool().getConnection();
                Connection other = stores.pool().getConnection()) {
            assertThat(List.of(one.unwrap(Connection.class), other.unwrap(Connection.class)))
                    .contains(physical);
            for (Connection next : List.of(one, other)) {
                assertThat(next.getNetworkTimeout()).isEqualTo(usual);
                assertThat(show(next, "work_mem")).isEqualTo(usualWorkMem).isNotEqualTo("64MB");
                assertThat(show(next, "statement_timeout")).isEqualTo(usualStatementTimeout);
            }
        }
    }

    private static String show(Connection connection, String setting) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SHOW " + setting)) {
            row.next();
            return row.getString(1);
        }
    }
}
