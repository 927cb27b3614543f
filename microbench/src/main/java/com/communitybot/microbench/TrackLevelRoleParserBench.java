package com.communitybot.microbench;

import com.communitybot.core.json.TrackLevelRoleParser;
import com.communitybot.core.model.TrackLevelRole;
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
 * The track-role parser of spec 2.3 per role: {@code parse} reads a stored array of track level roles (the object
 * form with role ids as strings and numbers, the legacy bare integer, an unknown key, levels up to 2^64-1), as
 * every read of a level track does; {@code format} writes them back in the output form. One operation is one role.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@OperationsPerInvocation(TrackLevelRoleParserBench.ROLES)
public class TrackLevelRoleParserBench {

    static final int ROLES = 20;

    private String json;
    private List<TrackLevelRole> roles;

    @Setup
    public void setUp() {
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < ROLES; i++) {
            if (i > 0) {
                text.append(',');
            }
            long role = 200000000000000000L + i;
            switch (i % 4) {
                case 0 ->
                    text.append("{\"role_id\":\"")
                            .append(role)
                            .append("\",\"level\":")
                            .append(i * 5)
                            .append('}');
                case 1 ->
                    text.append("{\"level\":")
                            .append(i * 5)
                            .append(",\"role_id\":")
                            .append(role)
                            .append('}');
                case 2 -> text.append(role);
                default ->
                    text.append("{\"role_id\":\"")
                            .append(role)
                            .append("\",\"note\":{\"ignored\":[1,2,3]},\"level\":18446744073709551615}");
            }
        }
        json = text.append(']').toString();
        roles = TrackLevelRoleParser.parseList(json);
        if (roles.size() != ROLES) {
            throw new IllegalStateException("expected " + ROLES + " roles, parsed " + roles.size());
        }
    }

    @Benchmark
    public List<TrackLevelRole> parse() {
        return TrackLevelRoleParser.parseList(json);
    }

    @Benchmark
    public String format() {
        return TrackLevelRoleParser.formatList(roles);
    }
}
