package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.communitybot.core.port.StoreException;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreFixture;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A query of {@link ReadCursors} with a time limit is stopped by the database when it runs longer, on both databases
 * (what a window's aggregate gets: {@link SqlXpLog}'s {@code bot.window-time-limit}), and the pool's connections serve
 * the next read as before.
 */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class ReadCursorsTimeLimitTest {

    @Parameter
    StoreBackend backend;

    @RegisterExtension
    static final StoreFixture stores = new StoreFixture("time_limit");

    /** A query that runs for about a minute unless it is stopped: far longer than its limit of 1 s. */
    private String slowQuery() {
        return switch (backend) {
            case H2 -> "SELECT COUNT(*) FROM SYSTEM_RANGE(1, 30000) a, SYSTEM_RANGE(1, 30000) b WHERE RAND() >= 0";
            case POSTGRES -> "SELECT COUNT(*) FROM (SELECT pg_sleep(60)) s";
        };
    }

    @Test
    void aQueryOverItsLimit_isStopped_andTheNextReadIsServed() {
        Throwable failure = catchThrowable(() -> {
            try (Stream<Long> counts = ReadCursors.stream(stores.pool(), "Counting slowly", cursors -> {
                cursors.limitEachQueryTo(1);
                var rows = cursors.query(slowQuery(), statement -> {});
                return () -> rows.next() ? rows.getLong(1) : null;
            })) {
                counts.count();
            }
        });

        assertThat(failure).isInstanceOf(StoreException.class).hasMessageStartingWith("Counting slowly failed");
        assertThat(failure.getCause()).isInstanceOf(SQLException.class);
        assertThat(((SQLException) failure.getCause()).getSQLState()).isEqualTo("57014");
        try (Stream<Long> ones = ReadCursors.stream(stores.pool(), "Reading one", cursors -> {
            var rows = cursors.query("SELECT 1", statement -> {});
            return () -> rows.next() ? rows.getLong(1) : null;
        })) {
            assertThat(ones.toList()).isEqualTo(List.of(1L));
        }
    }
}
