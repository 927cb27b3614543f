package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static com.communitybot.http.testing.ApiFixture.GUILD;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiClient.Reply;
import com.communitybot.persistence.testing.TestPostgres;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Two instances of the service on one PostgreSQL database at once, as two replicas behind a load balancer:
 * the second starts on the schema the first migrated, concurrent writers spread over both lose nothing
 * and create nothing twice (contract 2, concurrency), and an idempotency key holds on either and across a
 * restart (ledger L1).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresTwoInstancesTest {

    private static final int CLIENTS = 20;
    private static final String TRACKS = "/api/" + GUILD + "/level/track";
    private static final String BRIDGES = "/api/" + GUILD + "/level_bridger";

    private RunningService first;
    private RunningService second;
    private List<ApiClient> instances;
    private ExecutorService clients;

    @BeforeAll
    void startTwoInstances() {
        first = new RunningService(TestPostgres.freshDatabase("two_instances"), Map.of());
        second = RunningService.onTheDatabaseOf(first);
        instances = List.of(new ApiClient(first.baseUrl(), API_KEY), new ApiClient(second.baseUrl(), API_KEY));
        clients = Executors.newFixedThreadPool(CLIENTS);
    }

    @AfterAll
    void stop() {
        clients.shutdownNow();
        if (second != null) {
            second.close();
        }
        first.close();
    }

    @BeforeEach
    void emptyStore() {
        first.clearStore();
    }

    /** Client {@code i} talks to instance {@code i % 2}. */
    private ApiClient instanceFor(int client) {
        return instances.get(client % 2);
    }

    /** Runs {@code request} for clients 0 to {@value #CLIENTS} - 1, all released at once; replies in client order. */
    private List<Reply> inParallel(IntFunction<Reply> request) throws Exception {
        CyclicBarrier start = new CyclicBarrier(CLIENTS);
        List<Future<Reply>> replies = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            int client = i;
            replies.add(clients.submit(() -> {
                start.await(10, TimeUnit.SECONDS);
                return request.apply(client);
            }));
        }
        List<Reply> result = new ArrayList<>();
        for (Future<Reply> reply : replies) {
            result.add(reply.get(60, TimeUnit.SECONDS));
        }
        return result;
    }

    private static List<Integer> statuses(List<Reply> replies) {
        return replies.stream().map(Reply::status).toList();
    }

    private static int theOneCreated(List<Reply> replies) {
        List<Integer> created = IntStream.range(0, replies.size())
                .filter(i -> replies.get(i).status() == 201)
                .boxed()
                .toList();
        assertThat(created).as("clients answered 201").hasSize(1);
        return created.get(0);
    }

    private static void assertConflicts(List<Reply> replies, int winner, String message) {
        for (int i = 0; i < replies.size(); i++) {
            if (i != winner) {
                Reply reply = replies.get(i);
                assertThat(reply.status()).as(reply.body()).isEqualTo(409);
                assertThat(reply.contentType()).startsWith("application/json");
                assertThat(reply.body()).isEqualTo("{\"success\":false,\"message\":\"" + message + "\"}");
            }
        }
    }

    @Test
    void anIdempotentPatch_retriedOnTheOtherInstance_andAfterARestart_getsTheFirstAnswer_andCountsOnce() {
        String member = "/api/" + GUILD + "/levels/42";
        String body = "{\"xp_delta\": 5, \"reason\": \"quest\"}";
        Reply answer = patchWithKey(instances.get(0), member, body);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);

        Reply onTheOther = patchWithKey(instances.get(1), member, body);
        second.close();
        second = RunningService.onTheDatabaseOf(first);
        instances = List.of(instances.get(0), new ApiClient(second.baseUrl(), API_KEY));
        Reply afterRestart = patchWithKey(instances.get(1), member, body);

        assertThat(List.of(onTheOther, afterRestart)).allSatisfy(reply -> {
            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.body()).isEqualTo(answer.body());
        });
        assertThat(instances.get(1).get(member).json().get("xp").asText()).isEqualTo("5");
        assertThat(instances.get(0).get("/api/" + GUILD + "/levels/42/history").json())
                .as("one change logged")
                .hasSize(1);
        Reply otherBody = patchWithKey(instances.get(0), member, "{\"xp_delta\": 6}");
        assertThat(otherBody.status()).isEqualTo(409);
        assertThat(otherBody.message()).isEqualTo("Idempotency-Key already used for another request");
    }

    private static Reply patchWithKey(ApiClient instance, String path, String body) {
        return instance.send(instance.request(path)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", "retry-of-the-quest")
                .method("PATCH", ApiClient.body(body)));
    }

    @Test
    void theSecondInstanceStartedOnTheMigratedSchema_andBothServeTheSameStore() {
        assertThat(instances
                        .get(0)
                        .post(TRACKS, "{\"track_name\":\"seen\",\"roles\":[]}")
                        .status())
                .isEqualTo(201);

        assertThat(instances.get(1).get(TRACKS).json().has("seen")).isTrue();
    }

    @Test
    void twentyClientsCreatingDistinctTracks_overBothInstances_allPersist() throws Exception {
        List<Reply> replies = inParallel(i -> instanceFor(i)
                .post(
                        TRACKS,
                        "{\"track_name\":\"track-" + i + "\",\"roles\":[{\"role_id\":\"" + (1000 + i) + "\",\"level\":"
                                + i + "}]}"));

        assertThat(statuses(replies)).as(replies.toString()).containsOnly(201);
        for (ApiClient instance : instances) {
            JsonNode tracks = instance.get(TRACKS).json();
            assertThat(tracks.size()).isEqualTo(CLIENTS);
            for (int i = 0; i < CLIENTS; i++) {
                assertThat(tracks.get("track-" + i).toString())
                        .isEqualTo("[{\"role_id\":\"" + (1000 + i) + "\",\"level\":" + i + "}]");
            }
        }
    }

    @Test
    void twentyClientsCreatingTheSameBridge_overBothInstances_exactlyOneCreates() throws Exception {
        List<Reply> replies = inParallel(i -> instanceFor(i)
                .post(BRIDGES, "{\"in_role_id\":\"200000000000000002\",\"out_role_id\":\"" + (5000 + i) + "\"}"));

        int winner = theOneCreated(replies);
        assertConflicts(replies, winner, "Bridge already exists for this role. Use PUT to update.");
        for (ApiClient instance : instances) {
            assertThat(instance.get(BRIDGES).body())
                    .isEqualTo("[{\"in_role_id\":\"200000000000000002\",\"out_role_id\":\"" + (5000 + winner) + "\"}]");
        }
    }

    @Test
    void twentyClientsAddingTheSameBetaGuild_overBothInstances_exactlyOneAdds() throws Exception {
        List<Reply> replies = inParallel(i -> instanceFor(i).post("/api/beta_testing", "{\"guild_id\":\"777\"}"));

        int winner = theOneCreated(replies);
        assertConflicts(replies, winner, "Server 777 is already in beta testing");
        for (ApiClient instance : instances) {
            JsonNode list = instance.get("/api/beta_testing").json();
            assertThat(list).hasSize(1);
            assertThat(list.get(0).get("guild_id").asText()).isEqualTo("777");
        }
    }

    @Test
    void twentyClientsReplacingOneExistingTrack_leaveExactlyOneWrittenRoleList() throws Exception {
        assertThat(instances
                        .get(0)
                        .post(TRACKS, "{\"track_name\":\"main\",\"roles\":[]}")
                        .status())
                .isEqualTo(201);

        assertOneWholeRoleListWins();
    }

    @Test
    void twentyClientsPatchingAMissingTrack_createItOnce_withExactlyOneWrittenRoleList() throws Exception {
        assertOneWholeRoleListWins();
    }

    /** Client i writes roles i*100+1 .. i*100+5 at levels 1 .. 5; the stored list is one client's, whole. */
    private void assertOneWholeRoleListWins() throws Exception {
        List<String> written = IntStream.range(0, CLIENTS)
                .mapToObj(PostgresTwoInstancesTest::roleList)
                .toList();

        List<Reply> replies = inParallel(
                i -> instanceFor(i).patch(TRACKS, "{\"track_name\":\"main\",\"roles\":" + written.get(i) + "}"));

        assertThat(statuses(replies)).as(replies.toString()).containsOnly(200);
        for (ApiClient instance : instances) {
            JsonNode tracks = instance.get(TRACKS).json();
            assertThat(StreamSupport.stream(((Iterable<String>) tracks::fieldNames).spliterator(), false)
                            .toList())
                    .containsExactly("main");
            assertThat(written).contains(tracks.get("main").toString());
        }
    }

    private static String roleList(int client) {
        StringBuilder roles = new StringBuilder("[");
        for (int level = 1; level <= 5; level++) {
            roles.append(level == 1 ? "" : ",")
                    .append("{\"role_id\":\"")
                    .append(client * 100 + level)
                    .append("\",\"level\":")
                    .append(level)
                    .append('}');
        }
        return roles.append(']').toString();
    }
}
