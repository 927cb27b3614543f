package com.communitybot.persistence;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LedgerAnswer;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.port.LevelLedger;
import io.micronaut.context.ApplicationContext;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Map;
import javax.sql.DataSource;

/**
 * A process that opens the store {@code args[0]} (user {@code args[1]}, password {@code args[2]}) and resets the
 * leaderboard of guild {@code args[3]} through the {@link LevelLedger}, as the service does: the reset a test kills
 * from outside ({@link KilledResetTest}). It prints {@code resetting} when the reset begins, {@code logged N} as the
 * reset's events are written (before they commit: on H2 counted at {@code READ UNCOMMITTED}, on PostgreSQL, which
 * has no such level, read from the log's identity sequence, which no transaction holds back), and {@code reset N}
 * when it has committed.
 */
public final class LedgerResetStart {

    private LedgerResetStart() {}

    public static void main(String[] args) {
        try (ApplicationContext context = ApplicationContext.run(Map.of(
                "datasources.default.url", args[0],
                "datasources.default.username", args[1],
                "datasources.default.password", args[2],
                "flyway.datasources.default.enabled", true))) {
            LevelLedger ledger = context.getBean(LevelLedger.class);
            DataSource pool = DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class));
            Thread watcher = new Thread(() -> watch(pool, args[0].startsWith("jdbc:h2:")));
            watcher.setDaemon(true);
            System.out.println("resetting");
            System.out.flush();
            watcher.start();
            LedgerAnswer answer =
                    ledger.reset(new GuildId(Long.parseUnsignedLong(args[3])), LedgerWrite.at(Instant.now()));
            System.out.println("reset " + ((LedgerAnswer.Reset) answer).removed());
            System.out.flush();
        }
    }

    /** Prints how many events the log has, committed or not, every few milliseconds. */
    private static void watch(DataSource pool, boolean h2) {
        String sql = h2
                ? "SELECT COUNT(*) FROM xp_log"
                : "SELECT COALESCE(last_value, 0) FROM pg_sequences WHERE sequencename = 'xp_log_id_seq'";
        try (Connection connection = pool.getConnection();
                Statement statement = connection.createStatement()) {
            connection.setTransactionIsolation(Connection.TRANSACTION_READ_UNCOMMITTED);
            while (true) {
                try (ResultSet row = statement.executeQuery(sql)) {
                    row.next();
                    System.out.println("logged " + row.getLong(1));
                    System.out.flush();
                }
                Thread.sleep(20);
            }
        } catch (SQLException | InterruptedException e) {
            System.out.println("watching failed: " + e);
        }
    }
}
