package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.LevelStore;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreContext;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A big guild's leaderboard comes from the index in order and streams: the first records arrive without
 * the rest being read. Shown by the query plan and by what the reading thread allocates, never by time.
 */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class LeaderboardStreamingTest {

    private static final int RECORDS = 200_000;
    private static final GuildId BIG = new GuildId(7L);

    @Parameter
    StoreBackend backend;

    private static StoreContext stores;

    @BeforeParameterizedClassInvocation
    static void start(StoreBackend backend) {
        stores = StoreContext.start(backend, "streaming");
        // A few other guilds around the big one, so the filter has something to skip.
        Iterable<LevelRecord> records = () -> IntStream.range(0, RECORDS + 3_000)
                .mapToObj(i -> new LevelRecord((i < RECORDS ? "7:" : (6 + (i % 3) * 64) + ":") + i,
                        U64.ofNonNegative(i * 7919L % 100_003), U64.ofNonNegative(i % 100)))
                .iterator();
        stores.insertLevels(records);
        stores.execute(backend == StoreBackend.POSTGRES ? "ANALYZE level_record" : "ANALYZE");
    }

    @AfterParameterizedClassInvocation
    static void stop() {
        stores.close();
    }

    @Test
    void thePlanReadsTheLeaderboardIndexInOrder_withoutSorting() throws SQLException {
        String plan = explain(LevelRecordSql.LEADERBOARD, BIG.toString());

        assertThat(plan).containsIgnoringCase("level_record_leaderboard");
        if (backend == StoreBackend.H2) {
            assertThat(plan).contains("index sorted");
        } else {
            assertThat(plan).doesNotContain("Sort");
        }
    }

    @Test
    void theFirstRecordsArriveWithoutTheWholeGuildBeingRead() {
        LevelStore levels = stores.bean(LevelStore.class);
        levels.recordsInLeaderboardOrder(BIG).limit(10).close(); // warm up the code paths, not the data

        long beforeFirst = allocatedByThisThread();
        List<LevelRecord> first;
        try (Stream<LevelRecord> records = levels.recordsInLeaderboardOrder(BIG)) {
            first = records.limit(10).toList();
        }
        long forTheFirstTen = allocatedByThisThread() - beforeFirst;

        long beforeAll = allocatedByThisThread();
        long count;
        LevelRecord top;
        try (Stream<LevelRecord> records = levels.recordsInLeaderboardOrder(BIG)) {
            Iterator<LevelRecord> all = records.iterator();
            top = all.next();
            count = 1;
            while (all.hasNext()) {
                all.next();
                count++;
            }
        }
        long forAll = allocatedByThisThread() - beforeAll;

        assertThat(count).isEqualTo(RECORDS);
        assertThat(first).hasSize(10).startsWith(top);
        assertThat(forTheFirstTen).as("bytes allocated for the first ten of %d records, against %d for all", RECORDS, forAll)
                .isLessThan(forAll / 20);
    }

    @Test
    void aStreamClosedEarly_givesItsConnectionBack() {
        LevelStore levels = stores.bean(LevelStore.class);
        int poolSize = 10;

        for (int i = 0; i < poolSize * 3; i++) {
            try (Stream<LevelRecord> records = levels.recordsInLeaderboardOrder(BIG)) {
                assertThat(records.findFirst()).isPresent();
            }
        }
    }

    private static String explain(String sql, String guild) throws SQLException {
        try (Connection connection = stores.pool().getConnection();
             PreparedStatement explain = connection.prepareStatement("EXPLAIN " + sql)) {
            explain.setString(1, guild);
            StringBuilder plan = new StringBuilder();
            try (ResultSet rows = explain.executeQuery()) {
                while (rows.next()) {
                    plan.append(rows.getString(1)).append('\n');
                }
            }
            return plan.toString();
        }
    }

    private static long allocatedByThisThread() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }
}
