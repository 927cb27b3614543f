package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static com.communitybot.http.testing.ApiFixture.GUILD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.testing.Await;
import com.communitybot.core.usecase.LeaderboardOrder;
import com.communitybot.core.usecase.LeaderboardRanking;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiClient.Reply;
import com.communitybot.http.testing.RawHttp;
import com.communitybot.persistence.testing.StoreBackend;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletionService;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The leaderboard's clients as they behave in the wild (hanging up early, never reading, many reading at
 * once, reading while the bot writes) against the service as {@code serve} runs it, on each store: none of
 * them may keep the store's connections from the other endpoints, and every body is one complete,
 * consistent ranking.
 */
@Tag("verify")
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class LeaderboardClientsTest {

    /**
     * Members of the big guild: a leaderboard of some 2.3 MB, many times what the server writes ahead of a client
     * that reads nothing (a chunk at a time, into a send buffer fixed below), which the stalled tests check with the
     * service's own count of the bytes it handed to the connections.
     */
    private static final int MEMBERS = 20_000;
    /** Records whose user part is no user id: left out, their ranks kept (spec 4.2 rule 4). */
    private static final int NOT_USERS = 20;

    /**
     * Leaderboards read while the bot writes: each read crosses hundreds of batch boundaries with the bot writing
     * between them, so each is a trial of its own; eight catch a ranking mixed from two states as surely as twenty.
     */
    private static final int READS_WHILE_WRITING = 8;

    private static final String LEADERBOARD = "/api/" + GUILD + "/leaderboard";
    /** How long a connection a client no longer wants may take to go back to the pool. */
    private static final Duration POOL_DRAINS = Duration.ofSeconds(30);

    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * The server's socket send buffer, fixed at 64 KiB (the kernel doubles it) where Linux lets it grow to
     * 4 MB on loopback, so what a client that does not read leaves pending does not depend on the machine.
     */
    private static final Map<String, Object> SMALL_SEND_BUFFER =
            Map.of("micronaut.server.netty.child-options.so-sndbuf", 65_536);

    @Parameter
    StoreBackend backend;

    /** Owns the database with the big and the huge guild, written once per store. */
    private static RunningService owner;

    private static List<String> expectedRanking;

    /** A service of each test's own on that database, so connections one test leaks never starve the next. */
    private RunningService service;

    private ApiClient api;

    @BeforeParameterizedClassInvocation
    static void writeTheGuilds(StoreBackend backend) {
        owner = new RunningService(backend.freshDatabase("clients"), Map.of());
        List<LevelRecord> big = guild(GUILD, MEMBERS);
        owner.importLevels(big);
        expectedRanking = ranked(big);
    }

    @AfterParameterizedClassInvocation
    static void dropTheDatabase() {
        owner.close();
    }

    @BeforeEach
    void startTheService() {
        service = RunningService.onTheDatabaseOf(owner, SMALL_SEND_BUFFER);
        api = new ApiClient(service.baseUrl(), API_KEY);
    }

    @AfterEach
    void stopTheService() {
        service.close();
    }

    @Test
    void threeHundredClientsHangingUpEarly_leaveNoConnectionTaken_andEveryEndpointAnswers() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(16);
        try {
            List<Future<?>> hangUps = new ArrayList<>();
            // Thirty times the store's pool, half of them after the first bytes, half before reading anything.
            for (int i = 0; i < 150; i++) {
                hangUps.add(clients.submit(this::hangUpAfterTheFirstBytes));
                hangUps.add(clients.submit(this::hangUpBeforeReadingAnything));
            }
            for (Future<?> hangUp : hangUps) {
                hangUp.get(60, TimeUnit.SECONDS);
            }

            assertEveryEndpointAnswersNormally(clients, 20);
        } finally {
            clients.shutdownNow();
        }
        assertThePoolDrains();
    }

    @Test
    void clientsThatNeverRead_holdNoConnection_andTheOtherEndpointsAnswer() throws Exception {
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < 12; i++) {
                // A small receive window: the server's writes stall after a few kilobytes, not megabytes.
                stalled.add(RawHttp.get(service.baseUrl(), LEADERBOARD, API_KEY, 4096));
            }
            // Each leaderboard takes a connection for its count and its first pages, then stalls on its client and
            // gives it back. On a loaded machine that takes a while: wait until every one has begun its answer and
            // the pool has stayed empty for a second (a leaderboard still reading ahead takes a connection every
            // few milliseconds). One that kept its connection while stalled would keep the pool from ever draining.
            for (Socket socket : stalled) {
                awaitTheFirstBytes(socket);
            }
            assertThePoolStaysDrained(Duration.ofSeconds(1));
            // What the service handed to these connections while they stalled (its own count, leaderboard.bytes).
            double handed = service.bean(MeterRegistry.class)
                    .counter("leaderboard.bytes")
                    .count();

            Reply tracks = api.get(StoreEndpoints.TRACKS);

            assertThat(tracks.status())
                    .as("GET level/track beside 12 stalled leaderboards: " + tracks.body())
                    .isEqualTo(200);
            assertThat(service.activeConnections())
                    .as("pool connections taken while 12 leaderboards wait for their clients")
                    .isZero();
            // Their clients, reading at last, still get the whole leaderboard: the first checked entry by entry,
            // the others byte for byte against it.
            byte[] first = null;
            for (Socket socket : stalled) {
                RawHttp.Response response = RawHttp.read(socket);
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.end()).isEqualTo(RawHttp.End.LAST_CHUNK);
                if (first == null) {
                    first = response.body();
                    assertThat(ranking(response.bodyText())).isEqualTo(expectedRanking);
                } else {
                    assertThat(Arrays.equals(response.body(), first))
                            .as("body like the first, byte for byte")
                            .isTrue();
                }
            }
            // Else the reads had ended before the clients stalled them, and the pool was empty for that reason.
            assertThat(handed)
                    .as("bytes handed to the 12 stalled connections, of %d bytes a body", first.length)
                    .isLessThan(stalled.size() * first.length / 4.0);
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    @Test
    void aClientThatReadsNothingForTheWriteTimeout_isDisconnected_whileOneThatReadsSlowlyIsNot() throws Exception {
        Map<String, Object> properties = new java.util.HashMap<>(SMALL_SEND_BUFFER);
        properties.put("bot.write-timeout", "1s");
        try (RunningService timed = RunningService.onTheDatabaseOf(owner, properties);
                Socket stalled = RawHttp.get(timed.baseUrl(), LEADERBOARD, API_KEY, 4096);
                Socket slow = RawHttp.get(timed.baseUrl(), LEADERBOARD, API_KEY, 4096)) {
            InputStream in = slow.getInputStream();
            byte[] some = new byte[32 * 1024];
            long read = 0;
            for (long until = System.nanoTime() + 4_000_000_000L; System.nanoTime() < until; ) {
                int n = in.read(some);
                assertThat(n)
                        .as("the slow reader's connection, after %d bytes taken 32 KiB every 250 ms", read)
                        .isPositive();
                read += n;
                Thread.sleep(250);
            }

            RawHttp.Response cut = RawHttp.read(stalled);

            assertThat(cut.status()).isEqualTo(200);
            assertThat(cut.end())
                    .as("the client that took nothing for 4 s with a write timeout of 1 s")
                    .isEqualTo(RawHttp.End.CLOSED_BY_SERVER);
            // (clientsThatNeverRead_holdNoConnection shows a 5 s stall under the default timeout of 60 s ends
            // with the last chunk.)
        }
    }

    @Test
    void eightClientsReadingAtOnce_getTheSameCompleteRanking_whileTheOtherEndpointsAnswer() throws Exception {
        int readers = 8;
        ExecutorService clients = Executors.newFixedThreadPool(readers + 1);
        AtomicBoolean reading = new AtomicBoolean(true);
        try {
            Future<List<String>> others = clients.submit(() -> {
                List<String> answers = new ArrayList<>();
                while (reading.get()) {
                    Reply roles = api.get("/api/" + GUILD + "/roles");
                    Reply present = api.post("/api/is_bot_there", "{\"guild_ids\":[\"" + GUILD + "\"]}");
                    answers.add("roles " + roles.status());
                    answers.add("is_bot_there " + present.status() + " " + present.body());
                    Thread.sleep(20);
                }
                return answers;
            });
            CyclicBarrier together = new CyclicBarrier(readers);
            List<Future<RawHttp.Response>> reads = new ArrayList<>();
            for (int i = 0; i < readers; i++) {
                reads.add(clients.submit(() -> {
                    together.await(10, TimeUnit.SECONDS);
                    try (Socket socket = RawHttp.get(service.baseUrl(), LEADERBOARD, API_KEY)) {
                        return RawHttp.read(socket);
                    }
                }));
            }
            List<RawHttp.Response> responses = new ArrayList<>();
            for (Future<RawHttp.Response> read : reads) {
                responses.add(read.get(60, TimeUnit.SECONDS));
            }
            reading.set(false);

            for (RawHttp.Response response : responses) {
                assertThat(response.status()).as(response.bodyText()).isEqualTo(200);
                assertThat(response.end()).isEqualTo(RawHttp.End.LAST_CHUNK);
                assertThat(response.body())
                        .as("every body byte for byte like the first")
                        .isEqualTo(responses.get(0).body());
            }
            assertThat(ranking(responses.get(0).bodyText())).isEqualTo(expectedRanking);
            assertThat(others.get(10, TimeUnit.SECONDS)).isNotEmpty().allSatisfy(answer -> assertThat(answer)
                    .matches("roles 200|is_bot_there 200 \\{\"results\":\\[true]}"));
        } finally {
            reading.set(false);
            clients.shutdownNow();
        }
    }

    @Test
    void leaderboardsReadWhileTheBotWrites_eachShowEveryUserOnce_inOneRanking() throws Exception {
        int users = 3_000;
        // Seven records a query: hundreds of batch boundaries in each read, for the writes to fall between.
        try (RunningService batched = new RunningService(
                backend.freshDatabase("consistency"), Map.of(), Map.of("store.leaderboard.batch-size", 7))) {
            batched.insertLevels(IntStream.range(0, users)
                    .mapToObj(i -> member(GUILD, i, i % 30, i * 13L % 1000))
                    .toList());
            Set<String> before = new HashSet<>();
            IntStream.range(0, users).forEach(i -> before.add(userId(i)));
            ApiClient client = new ApiClient(batched.baseUrl(), API_KEY);

            AtomicBoolean writing = new AtomicBoolean(true);
            AtomicInteger writes = new AtomicInteger();
            ExecutorService bot = Executors.newSingleThreadExecutor();
            Future<?> writer = bot.submit(() -> {
                Random random = new Random(42);
                int nextUser = users;
                try (Connection connection = batched.botConnection();
                        PreparedStatement upsert = connection.prepareStatement(batched.botUpsert())) {
                    while (writing.get()) {
                        // Mostly members moving up or down the ranking (across batches), sometimes a newcomer.
                        int user = random.nextInt(10) == 0 ? nextUser++ : random.nextInt(users);
                        RunningService.bind(upsert, member(GUILD, user, random.nextInt(30), random.nextInt(1000)));
                        upsert.executeUpdate();
                        writes.incrementAndGet();
                        Thread.sleep(1);
                    }
                }
                return null;
            });
            try {
                for (int read = 0; read < READS_WHILE_WRITING; read++) {
                    Reply reply = client.get(LEADERBOARD);
                    assertThat(reply.status())
                            .as("read %d: %s", read, reply.body())
                            .isEqualTo(200);
                    List<JsonNode> entries = entries(reply.body());
                    assertOneConsistentRanking(entries, "read " + read + " after " + writes.get() + " writes");
                    Set<String> shown = new HashSet<>();
                    entries.forEach(e -> shown.add(e.get("user_id").asText()));
                    assertThat(shown)
                            .as("read %d: users there before the bot began writing", read)
                            .containsAll(before);
                }
            } finally {
                writing.set(false);
                writer.get(30, TimeUnit.SECONDS);
                bot.shutdownNow();
            }
            assertThat(writes.get())
                    .as("writes made while the leaderboards were read")
                    .isGreaterThan(20);
        }
    }

    private Void hangUpAfterTheFirstBytes() throws IOException {
        try (Socket socket = RawHttp.get(service.baseUrl(), LEADERBOARD, API_KEY)) {
            InputStream in = socket.getInputStream();
            in.read(new byte[64]);
        }
        return null;
    }

    private Void hangUpBeforeReadingAnything() throws IOException {
        RawHttp.get(service.baseUrl(), LEADERBOARD, API_KEY).close();
        return null;
    }

    /**
     * {@code rounds} calls of every endpoint, 16 at a time; each must answer as it does on a healthy store
     * (a 409 or a 404 where an earlier round created or removed the thing), never with a 500. Stops at the
     * first that does not, so a starved pool (3 s a call) fails the test in seconds.
     */
    private void assertEveryEndpointAnswersNormally(ExecutorService clients, int rounds) throws Exception {
        List<Normal> calls = new ArrayList<>();
        StoreEndpoints.ALL.forEach(
                call -> calls.add(new Normal(call.name(), call.send(), normalStatuses(call.name()))));
        calls.add(new Normal("GET roles", a -> a.get("/api/" + GUILD + "/roles"), Set.of(200)));
        calls.add(new Normal(
                "POST is_bot_there",
                a -> a.post("/api/is_bot_there", "{\"guild_ids\":[\"" + GUILD + "\"]}"),
                Set.of(200)));
        CompletionService<String> answers = new ExecutorCompletionService<>(clients);
        int sent = 0;
        for (int round = 0; round < rounds; round++) {
            for (Normal call : calls) {
                answers.submit(() -> {
                    Reply reply = call.send().apply(api);
                    return call.statuses().contains(reply.status())
                            ? null
                            : call.name() + " answered " + reply.status() + " " + reply.body();
                });
                sent++;
            }
        }
        for (int i = 0; i < sent; i++) {
            Future<String> answer = answers.poll(60, TimeUnit.SECONDS);
            if (answer == null) {
                fail("no answer within 60 s; %d of %d calls answered", i, sent);
            }
            String unexpected = answer.get();
            if (unexpected != null) {
                fail("after the hang-ups, %s (call %d of %d)", unexpected, i + 1, sent);
            }
        }
    }

    /** A call of the API and the statuses it answers with on a healthy store. */
    private record Normal(String name, Function<ApiClient, Reply> send, Set<Integer> statuses) {}

    private static Set<Integer> normalStatuses(String call) {
        return switch (call) {
            case "POST level/track", "POST level_bridger", "POST beta_testing" -> Set.of(201, 409);
            case "DELETE level/track", "DELETE level_bridger" -> Set.of(200, 404);
            default -> Set.of(200);
        };
    }

    private static void awaitTheFirstBytes(Socket socket) {
        Await.until(
                "the start of a leaderboard's answer",
                POOL_DRAINS,
                () -> socket.getInputStream().available() > 0);
    }

    /**
     * No pool connection taken in any sample over {@code quiet}, waiting for that at most {@link #POOL_DRAINS}. The
     * store tells nobody when a read has ended; a pool that no read takes from for this long has none left.
     */
    private void assertThePoolStaysDrained(Duration quiet) {
        long[] quietSince = {System.nanoTime()};
        Await.until("the pool empty for " + quiet + " while the leaderboards wait", POOL_DRAINS, () -> {
            if (service.activeConnections() > 0) {
                quietSince[0] = System.nanoTime();
            }
            return System.nanoTime() - quietSince[0] >= quiet.toNanos();
        });
    }

    private void assertThePoolDrains() {
        Await.until(
                "every pool connection given back after the last request",
                POOL_DRAINS,
                () -> service.activeConnections() == 0);
    }

    /** Every user at most once, and ranks strictly increasing: one ranking, not pieces of several. */
    private static void assertOneConsistentRanking(List<JsonNode> entries, String what) {
        Set<String> users = new HashSet<>();
        long previousRank = 0;
        for (JsonNode entry : entries) {
            String user = entry.get("user_id").asText();
            long rank = entry.get("rank").asLong();
            assertThat(users.add(user))
                    .as("%s: user %s shown twice", what, user)
                    .isTrue();
            assertThat(rank)
                    .as("%s: rank of user %s after rank %d", what, user, previousRank)
                    .isGreaterThan(previousRank);
            previousRank = rank;
        }
    }

    /** The body as one line per entry, "user rank level xp", after checking it is one consistent ranking. */
    private static List<String> ranking(String body) {
        List<JsonNode> entries = entries(body);
        assertOneConsistentRanking(entries, "the leaderboard");
        return entries.stream()
                .map(e -> line(
                        e.get("user_id").asText(),
                        e.get("rank").asLong(),
                        e.get("level").asText(),
                        e.get("xp").asText()))
                .toList();
    }

    private static String line(String user, long rank, String level, String xp) {
        return user + " " + rank + " " + level + " " + xp;
    }

    private static List<JsonNode> entries(String body) {
        try {
            JsonNode array = JSON.readTree(body);
            assertThat(array.isArray()).as("a JSON array: %.200s", body).isTrue();
            List<JsonNode> entries = new ArrayList<>(array.size());
            array.forEach(entries::add);
            return entries;
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON (" + body.length() + " chars)", e);
        }
    }

    /**
     * A guild's records in id order, as a bulk load goes fastest: members with many ties of level and xp (so
     * the id decides), and records that are not users, ranked among them.
     */
    private static List<LevelRecord> guild(String guild, int members) {
        List<LevelRecord> records = new ArrayList<>(members + NOT_USERS);
        for (int i = 0; i < members; i++) {
            records.add(member(guild, i, i % 100, i * 7919L % 5000));
        }
        for (int i = 0; i < NOT_USERS; i++) {
            records.add(new LevelRecord(guild + ":bot-" + i, U64.ofNonNegative(2500), U64.ofNonNegative(50)));
        }
        return records;
    }

    /** The leaderboard of {@code records} as {@link #ranking} gives it, ranked by the spec's rules in core. */
    private static List<String> ranked(List<LevelRecord> records) {
        return LeaderboardRanking.rank(records.stream().sorted(LeaderboardOrder.COMPARATOR))
                .map(r -> line(
                        r.user().toString(),
                        r.rank(),
                        r.record().level().toString(),
                        r.record().xp().toString()))
                .toList();
    }

    private static LevelRecord member(String guild, int index, long level, long xp) {
        return new LevelRecord(guild + ":" + userId(index), U64.ofNonNegative(xp), U64.ofNonNegative(level));
    }

    /** Ids from 300000000000000000 on: Alice and Bob of the live view among them, the rest unknown users. */
    private static String userId(int index) {
        return Long.toString(300_000_000_000_000_000L + index);
    }
}
