package com.communitybot.http;

import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.usecase.Leaderboard;
import com.communitybot.microbench.Guild;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The leaderboard's JSON body per record ({@link LeaderboardJson}, in adapter-http's package because it is not
 * public): {@code write} turns entries already built into the bytes of the array, read 8 KiB at a time as
 * Micronaut reads the body; {@code wholeBody} is the whole path from ordered records to bytes (ranking, member
 * lookups, entries, JSON), all the service does per record but read the store and send. One operation is one
 * record. Both return the byte count so that the JIT keeps the work.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@OperationsPerInvocation(LeaderboardJsonBench.RECORDS)
public class LeaderboardJsonBench {

    static final int RECORDS = 10_000;

    private Leaderboard leaderboard;
    private List<LeaderboardEntry> entries;

    @Setup
    public void setUp() {
        Guild guild = new Guild(RECORDS, 50);
        leaderboard = new Leaderboard(guild, guild);
        try (var all = leaderboard.of(Guild.ID)) {
            entries = all.toList();
        }
    }

    @Benchmark
    public long write() throws IOException {
        try (LeaderboardJson body = new LeaderboardJson(entries.stream())) {
            return drain(body);
        }
    }

    @Benchmark
    public long wholeBody() throws IOException {
        try (LeaderboardJson body = new LeaderboardJson(leaderboard.of(Guild.ID))) {
            return drain(body);
        }
    }

    /** The whole body as the service writes it: from LeaderboardRows, names and avatars as UTF-8. */
    @Benchmark
    public long wholeBodyFromRows() throws IOException {
        try (LeaderboardJson body = new LeaderboardJson(leaderboard.rows(Guild.ID), (rows, bytes) -> {})) {
            return drain(body);
        }
    }

    private long drain(LeaderboardJson body) throws IOException {
        long total = 0;
        for (byte[] chunk = body.nextChunk(); chunk != null; chunk = body.nextChunk()) {
            total += chunk.length;
        }
        return total;
    }
}
