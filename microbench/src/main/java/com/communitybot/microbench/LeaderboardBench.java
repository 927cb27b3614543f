package com.communitybot.microbench;

import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.usecase.Leaderboard;
import com.communitybot.core.usecase.LeaderboardRanking;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * The leaderboard of core per record (spec 4.2): {@link LeaderboardRanking#rank} alone (the user part parsed, the
 * rank counted, unranked records left out), and {@link Leaderboard#of} (that, plus each member's name and avatar
 * looked up in the live view's index and the entry built). One operation is one level record of the guild.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@OperationsPerInvocation(LeaderboardBench.RECORDS)
public class LeaderboardBench {

    static final int RECORDS = 10_000;

    private Guild guild;
    private Leaderboard leaderboard;

    @Setup
    public void setUp() {
        // Half the ranked users are members: half the lookups find a name, half fall back to Unknown User.
        guild = new Guild(RECORDS, 50);
        leaderboard = new Leaderboard(guild, guild);
    }

    @Benchmark
    public void ranking(Blackhole blackhole) {
        try (Stream<LeaderboardRanking.Ranked> ranked = LeaderboardRanking.rank(guild.ordered().stream())) {
            ranked.forEach(blackhole::consume);
        }
    }

    @Benchmark
    public void entries(Blackhole blackhole) {
        try (Stream<LeaderboardEntry> entries = leaderboard.of(Guild.ID)) {
            entries.forEach(blackhole::consume);
        }
    }
}
