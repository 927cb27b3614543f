package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.GUILD;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.testing.Await;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiClient.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Every endpoint of the service that uses the store, with the 500 message each must give when the store
 * fails (spec 7), for tests that break the store under the running service: seeding it, failing every
 * call at once, and reading everything back once the store is back.
 */
final class StoreEndpoints implements AutoCloseable {

    /** Far above the store's own bounds (a 3 s wait for a connection): only a hang exceeds it. */
    static final Duration HANG = Duration.ofSeconds(15);
    /** How long the service may take to serve again once the store is back. */
    static final Duration RECOVERY = Duration.ofSeconds(20);

    static final String QUERY_FAILED = "Database query failed";
    static final String UPDATE_FAILED = "Database update failed";
    static final String TRACKS = "/api/" + GUILD + "/level/track";
    static final String BRIDGES = "/api/" + GUILD + "/level_bridger";
    private static final String IS_BETA = "{\"guild_ids\":[\"555\",\"556\",\"" + GUILD + "\"]}";

    /** A request to the service, what it is in words, and the message it must fail with. */
    record Call(String name, Function<ApiClient, Reply> send, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The reads, then the writes; each write would change what {@link #seed} stored. */
    static final List<Call> ALL = List.of(
            new Call("GET leaderboard", api -> api.get("/api/" + GUILD + "/leaderboard"), QUERY_FAILED),
            new Call("GET level/track", api -> api.get(TRACKS), QUERY_FAILED),
            new Call("GET level_bridger", api -> api.get(BRIDGES), QUERY_FAILED),
            new Call("GET beta_testing", api -> api.get("/api/beta_testing"), QUERY_FAILED),
            new Call("POST is_beta_server", api -> api.post("/api/is_beta_server", IS_BETA), QUERY_FAILED),
            new Call(
                    "POST level/track",
                    api -> api.post(TRACKS, "{\"track_name\":\"other\",\"roles\":[]}"),
                    UPDATE_FAILED),
            new Call(
                    "PATCH level/track",
                    api -> api.patch(TRACKS, "{\"track_name\":\"main\",\"roles\":[]}"),
                    UPDATE_FAILED),
            new Call("DELETE level/track", api -> api.delete(TRACKS, "{\"track_name\":\"main\"}"), UPDATE_FAILED),
            new Call(
                    "POST level_bridger",
                    api -> api.post(BRIDGES, "{\"in_role_id\":\"9\",\"out_role_id\":\"10\"}"),
                    UPDATE_FAILED),
            new Call(
                    "PUT level_bridger",
                    api -> api.put(BRIDGES, "{\"in_role_id\":\"7\",\"out_role_id\":\"11\"}"),
                    UPDATE_FAILED),
            new Call("DELETE level_bridger", api -> api.delete(BRIDGES, "{\"in_role_id\":\"7\"}"), UPDATE_FAILED),
            new Call(
                    "POST beta_testing",
                    api -> api.post("/api/beta_testing", "{\"guild_id\":\"556\"}"),
                    "Database create failed"),
            new Call("DELETE beta_testing", api -> api.delete("/api/beta_testing/555"), "Database delete failed"));

    static final List<Call> READS = ALL.subList(0, 5);

    private final ApiClient api;
    private final ExecutorService clients = Executors.newFixedThreadPool(ALL.size());

    StoreEndpoints(ApiClient api) {
        this.api = api;
    }

    /** A track, a bridge, a beta entry and level records, written through the API and as the bot does. */
    void seed(RunningService service) {
        service.clearStore();
        assertThat(api.post(
                                TRACKS,
                                "{\"track_name\":\"main\",\"roles\":[{\"role_id\":\"200000000000000001\",\"level\":5},"
                                        + "{\"role_id\":\"3\",\"level\":1}]}")
                        .status())
                .isEqualTo(201);
        assertThat(api.post(BRIDGES, "{\"in_role_id\":\"7\",\"out_role_id\":\"8\"}")
                        .status())
                .isEqualTo(201);
        assertThat(api.post("/api/beta_testing", "{\"guild_id\":\"555\"}").status())
                .isEqualTo(201);
        service.insertLevels(
                new LevelRecord(GUILD + ":300000000000000001", u64("1200"), u64("7")),
                new LevelRecord(GUILD + ":300000000000000002", u64("50"), u64("9")));
    }

    private static U64 u64(String value) {
        return U64.tryParse(value).orElseThrow();
    }

    /** What every read of the API shows, by endpoint; each must answer 200. */
    Map<String, String> everythingStored() {
        Map<String, String> bodies = new LinkedHashMap<>();
        for (Call read : READS) {
            Reply reply = read.send().apply(api);
            assertThat(reply.status()).as(read + ": " + reply.body()).isEqualTo(200);
            bodies.put(read.name(), reply.body());
        }
        return bodies;
    }

    /** The reads once they all answer 200 again, polled until {@link #RECOVERY} has passed. */
    Map<String, String> everythingStoredOnceRecovered() {
        AtomicReference<Map<String, String>> stored = new AtomicReference<>();
        AtomicReference<AssertionError> lastRefusal = new AtomicReference<>();
        try {
            Await.until("every read answering 200 again", RECOVERY, () -> {
                try {
                    stored.set(everythingStored());
                    return true;
                } catch (AssertionError notYet) {
                    lastRefusal.set(notYet);
                    return false;
                }
            });
        } catch (AssertionError timedOut) {
            if (lastRefusal.get() != null) {
                timedOut.addSuppressed(lastRefusal.get());
            }
            throw timedOut;
        }
        return stored.get();
    }

    /**
     * Sends every call at once (so the waits of a dead store overlap) and checks each failed as the spec
     * says, in the contract's body, before {@link #HANG}; returns the longest time one took.
     */
    Duration assertEveryCallFails() throws Exception {
        List<Future<Duration>> calls = new ArrayList<>();
        for (Call call : ALL) {
            calls.add(clients.submit(() -> {
                long start = System.nanoTime();
                Reply reply = call.send().apply(api);
                Duration took = Duration.ofNanos(System.nanoTime() - start);
                assertThat(took).as(call + " took " + took + ": it hangs").isLessThan(HANG);
                assertThat(reply.status()).as(call + ": " + reply.body()).isEqualTo(500);
                assertThat(reply.contentType()).as(call.name()).startsWith("application/json");
                assertThat(reply.body())
                        .as(call.name())
                        .isEqualTo("{\"success\":false,\"message\":\"" + call.message() + "\"}");
                return took;
            }));
        }
        Duration longest = Duration.ZERO;
        for (Future<Duration> call : calls) {
            Duration took = call.get(HANG.toSeconds() * 3, TimeUnit.SECONDS);
            longest = took.compareTo(longest) > 0 ? took : longest;
        }
        return longest;
    }

    @Override
    public void close() {
        clients.shutdownNow();
    }
}
