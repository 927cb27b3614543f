package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A statement cancelled too late must leave nothing behind on its connection. {@code LeaderboardPlace}
 * cancels the count that lost its race; when the cancel lands after that count's last check but before it
 * ends, H2 keeps the cancel flag on the statement's compiled command, and with H2's per-session query cache
 * the next statement of the same SQL on that pooled connection, another request's count, is cancelled in
 * its place. Looked for after the soak test (bench/soak.sh) got a 500 "Database query failed" on a member's
 * entry; that 500 itself came from the readiness probe's query timeout (StoreReadinessTest).
 * Here the late cancel is made certain with a lazy result, which keeps the statement executing after it
 * returned.
 */
class H2LateCancelTest {

    @Test
    void aStatementCancelledAfterItRan_doesNotCancelTheNextStatementOfTheSameSql() throws SQLException {
        String url = StoreUrls.withRequiredOptions("jdbc:h2:mem:late-cancel-" + UUID.randomUUID());
        String sql = "SELECT x FROM numbers WHERE x > ?";
        try (Connection connection = DriverManager.getConnection(url)) {
            try (Statement setup = connection.createStatement()) {
                setup.execute("CREATE TABLE numbers (x INT)");
                setup.execute("INSERT INTO numbers SELECT * FROM SYSTEM_RANGE(1, 1000)");
                setup.execute("SET LAZY_QUERY_EXECUTION TRUE");
            }
            try (PreparedStatement first = connection.prepareStatement(sql)) {
                first.setInt(1, 0);
                try (ResultSet rows = first.executeQuery()) {
                    assertThat(rows.next()).isTrue();
                    first.cancel();
                }
            }

            try (PreparedStatement next = connection.prepareStatement(sql)) {
                next.setInt(1, 1);
                int count = 0;
                try (ResultSet rows = next.executeQuery()) {
                    while (rows.next()) {
                        count++;
                    }
                }
                assertThat(count).isEqualTo(999);
            }
        }
    }
}
