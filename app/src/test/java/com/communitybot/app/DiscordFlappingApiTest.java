package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.discord.fake.Eventually;
import com.communitybot.discord.fake.FakeDiscord;
import com.communitybot.discord.fake.FakeGuild;
import com.communitybot.discord.fake.FakeRole;
import com.communitybot.discord.fake.LoggedProblems;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiClient.Reply;
import com.communitybot.http.testing.ApiFixture;
import com.communitybot.persistence.testing.StoreBackend;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Discord flapping under load (issue 13 item 6): the real JDA client against the fake Discord with two shards,
 * whose gateway connections are dropped every few seconds while clients call every endpoint. No answer may be
 * a 5xx; a guild is present (whole: every member's name, every role) or absent ({@code false}, 404
 * {@code Bot is not in this guild}), never half there, as docs/discord.md says; and the view is whole again
 * within seconds of the last drop.
 */
@Tag("verify")
class DiscordFlappingApiTest {

    /** On shard 0 of 2: a large guild, whose members come in chunks after its GUILD_CREATE. */
    private static final long LARGE = shardGuild(0);
    /** On shard 1 of 2: a small guild, whose members all come in its GUILD_CREATE. */
    private static final long SMALL = shardGuild(1);

    private static final long FIRST_MEMBER = 400_000_000_000_000_000L;
    private static final int LARGE_MEMBERS = 3_000;
    private static final int SMALL_MEMBERS = 40;
    /** A record of the large guild whose user is no member: "Unknown User" in every whole leaderboard. */
    private static final long GONE = 300_000_000_000_000_009L;

    /** Three drops, one of each kind: shard 0, shard 1, both at once. */
    private static final Duration FLAPPING = Duration.ofMillis(7500);

    private static final Duration BETWEEN_DROPS = Duration.ofMillis(2500);
    /** From the last drop to both guilds whole: JDA's resume attempt, Discord's 1-5 s, one IDENTIFY a shard. */
    private static final Duration WHOLE_AGAIN = Duration.ofSeconds(25);

    private final LoggedProblems problems = LoggedProblems.recorder();
    private FakeDiscord discord;
    private RunningService service;
    private ApiClient api;

    @BeforeEach
    void start() {
        problems.clear();
        discord = FakeDiscord.builder().shards(2).start();
        discord.addGuild(FakeGuild.builder(LARGE)
                        .role(new FakeRole(role(LARGE, 1), "Level 5", 0x3498DB, 1))
                        .role(new FakeRole(role(LARGE, 2), "Level 10", 0, 2))
                        .members(FIRST_MEMBER, LARGE_MEMBERS, "large")
                        .membersInGuildCreate(100)
                        .build())
                .addGuild(FakeGuild.builder(SMALL)
                        .role(new FakeRole(role(SMALL, 1), "Regular", 0xFF0000, 1))
                        .members(FIRST_MEMBER + LARGE_MEMBERS, SMALL_MEMBERS, "small")
                        .build());
        service = new RunningService(
                StoreBackend.H2.freshDatabase("flapping"),
                Map.of(
                        "DISCORD_TOKEN",
                        FakeDiscord.TOKEN,
                        "DISCORD_API_URL",
                        discord.baseUrl().toString()));
        api = new ApiClient(service.baseUrl(), ApiFixture.API_KEY);
        List<LevelRecord> records = new ArrayList<>();
        // Members from the first and the last chunk of the large guild, so a half-loaded guild would show.
        for (int i = 0; i < LARGE_MEMBERS; i += 97) {
            records.add(level(LARGE, FIRST_MEMBER + i, i));
        }
        records.add(level(LARGE, FIRST_MEMBER + LARGE_MEMBERS - 1, 5));
        records.add(level(LARGE, GONE, 50));
        for (int i = 0; i < SMALL_MEMBERS; i++) {
            records.add(level(SMALL, FIRST_MEMBER + LARGE_MEMBERS + i, i));
        }
        service.insertLevels(records);
        Eventually.await("both guilds whole", Duration.ofSeconds(20), () -> whole(LARGE) && whole(SMALL));
    }

    @AfterEach
    void stop() {
        service.close();
        discord.close();
        assertThat(service.fatalFailures()).isEmpty();
    }

    @Test
    void shardsDroppedEveryFewSeconds_underLoad_giveNo5xx_guildsPresentWholeOrAbsent_andWholeAgainSoon()
            throws Exception {
        List<String> violations = new CopyOnWriteArrayList<>();
        Map<String, AtomicInteger> answers = new ConcurrentHashMap<>();
        AtomicBoolean calling = new AtomicBoolean(true);
        // Two clients calling every endpoint back to back, one on each guild.
        ExecutorService clients = Executors.newFixedThreadPool(2);
        List<Future<?>> loops = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            int client = c;
            loops.add(clients.submit(() -> {
                while (calling.get()) {
                    for (Call call : calls(client)) {
                        Reply reply = call.send().apply(api);
                        String outcome = judge(call, reply);
                        answers.computeIfAbsent(call.name() + " " + reply.status(), k -> new AtomicInteger())
                                .incrementAndGet();
                        if (outcome != null) {
                            violations.add(call.name() + ": " + outcome);
                        }
                    }
                }
                return null;
            }));
        }
        int drops = 0;
        long lastDrop = System.nanoTime();
        try {
            long until = System.nanoTime() + FLAPPING.toNanos();
            do {
                Thread.sleep(BETWEEN_DROPS.toMillis());
                // Shard 0, shard 1, then both at once.
                switch (drops % 3) {
                    case 0 -> discord.dropGatewayConnection(0);
                    case 1 -> discord.dropGatewayConnection(1);
                    default -> discord.dropGatewayConnections();
                }
                drops++;
                lastDrop = System.nanoTime();
            } while (System.nanoTime() < until);

            Eventually.awaitDespiteLoggedProblems(
                    "both guilds whole after the last drop", WHOLE_AGAIN, () -> whole(LARGE) && whole(SMALL));
        } finally {
            calling.set(false);
            for (Future<?> loop : loops) {
                loop.get(30, TimeUnit.SECONDS);
            }
            clients.shutdownNow();
        }
        Duration wholeAfter = Duration.ofNanos(System.nanoTime() - lastDrop);
        System.out.printf(
                "DiscordFlappingApiTest: %d drops in %s; whole again %d ms after the last; answers %s%n",
                drops, FLAPPING, wholeAfter.toMillis(), new TreeMap<>(answers));

        assertThat(violations).as("answers against the outage rules").isEmpty();
        assertThat(answers.keySet())
                .as("guilds seen both present and absent while the shards flapped")
                .contains("GET roles 200", "GET roles 404");
        assertThat(problems.warnings()).noneMatch(line -> line.contains("WITH STACK TRACE"));
        problems.assertNone();
    }

    /** A call of the API, and the guild it is about (0 for none). */
    private record Call(String name, long guild, Function<ApiClient, Reply> send) {}

    /** Every endpoint, on one of the two guilds by turns; writes on names of the client's own. */
    private static List<Call> calls(int client) {
        long guild = client % 2 == 0 ? LARGE : SMALL;
        String base = "/api/" + guild;
        String track =
                "{\"track_name\":\"t" + client + "\",\"roles\":[{\"role_id\":\"" + role(guild, 1) + "\",\"level\":5}]}";
        String bridge = "{\"in_role_id\":\"" + client + "\",\"out_role_id\":\"" + role(guild, 1) + "\"}";
        String beta = "{\"guild_id\":\"" + (guild + client) + "\"}";
        long member = guild == LARGE ? FIRST_MEMBER + LARGE_MEMBERS - 1 : FIRST_MEMBER + LARGE_MEMBERS;
        return List.of(
                new Call("POST is_bot_there", 0, a -> a.post("/api/is_bot_there", presence())),
                new Call("GET leaderboard", guild, a -> a.get(base + "/leaderboard")),
                new Call("GET leaderboard page", guild, a -> a.get(base + "/leaderboard?limit=5")),
                new Call("GET leaderboard member", guild, a -> a.get(base + "/leaderboard/" + member)),
                new Call("GET roles", guild, a -> a.get(base + "/roles")),
                new Call("POST level/track", guild, a -> a.post(base + "/level/track", track)),
                new Call("GET level/track", guild, a -> a.get(base + "/level/track")),
                new Call("PATCH level/track", guild, a -> a.patch(base + "/level/track", track)),
                new Call(
                        "DELETE level/track",
                        guild,
                        a -> a.delete(base + "/level/track", "{\"track_name\":\"t" + client + "\"}")),
                new Call("POST level_bridger", guild, a -> a.post(base + "/level_bridger", bridge)),
                new Call("GET level_bridger", guild, a -> a.get(base + "/level_bridger")),
                new Call("PUT level_bridger", guild, a -> a.put(base + "/level_bridger", bridge)),
                new Call(
                        "DELETE level_bridger",
                        guild,
                        a -> a.delete(base + "/level_bridger", "{\"in_role_id\":\"" + client + "\"}")),
                new Call("POST beta_testing", 0, a -> a.post("/api/beta_testing", beta)),
                new Call("GET beta_testing", 0, a -> a.get("/api/beta_testing")),
                new Call(
                        "POST is_beta_server",
                        0,
                        a -> a.post("/api/is_beta_server", "{\"guild_ids\":[\"" + (guild + client) + "\"]}")),
                new Call("DELETE beta_testing", 0, a -> a.delete("/api/beta_testing/" + (guild + client))));
    }

    private static String presence() {
        return "{\"guild_ids\":[\"" + LARGE + "\",\"" + SMALL + "\"]}";
    }

    /**
     * Null when {@code reply} is one the outage rules allow, else what is wrong with it. Never a 5xx; a guild's
     * endpoint answers as for a present guild, whole, or 404 {@code Bot is not in this guild}.
     */
    private String judge(Call call, Reply reply) {
        if (reply.status() >= 500) {
            return reply.status() + " " + reply.body();
        }
        if (call.name().equals("POST is_bot_there")) {
            return reply.status() == 200 && reply.body().matches("\\{\"results\":\\[(true|false),(true|false)]}")
                    ? null
                    : reply.status() + " " + reply.body();
        }
        if (call.guild() == 0) {
            return reply.status() < 300 || reply.status() == 409 ? null : reply.status() + " " + reply.body();
        }
        if (reply.status() == 404 && "Bot is not in this guild".equals(reply.message())) {
            return null;
        }
        return switch (call.name()) {
            case "GET leaderboard" -> reply.status() == 200 ? wholeLeaderboard(call.guild(), reply) : "" + reply;
            case "GET roles" -> reply.status() == 200 ? wholeRoles(call.guild(), reply) : "" + reply;
            case "GET leaderboard member" ->
                reply.status() == 200
                                && reply.json()
                                        .get("username")
                                        .asText()
                                        .startsWith(call.guild() == LARGE ? "large-" : "small-")
                        ? null
                        : "a member shown as " + reply.body();
            // A write races the client's own other writes on the same name: created, or already there, or gone.
            default -> Set.of(200, 201, 404, 409).contains(reply.status()) ? null : reply.status() + " " + reply.body();
        };
    }

    /** Null when the leaderboard names every member (the one departed user aside), else what it shows. */
    private static String wholeLeaderboard(long guild, Reply reply) {
        List<String> unknown = new ArrayList<>();
        for (JsonNode entry : reply.json()) {
            String user = entry.get("user_id").asText();
            if (entry.get("username").asText().equals("Unknown User") && !user.equals(Long.toString(GONE))) {
                unknown.add(user);
            }
        }
        return unknown.isEmpty() ? null : "guild " + guild + " present but half loaded: no name for " + unknown;
    }

    private static String wholeRoles(long guild, Reply reply) {
        int expected = guild == LARGE ? 3 : 2; // with @everyone
        return reply.json().size() == expected ? null : "roles of guild " + guild + ": " + reply.body();
    }

    /** Present, with every member's name in its leaderboard. */
    private boolean whole(long guild) {
        Reply board = api.get("/api/" + guild + "/leaderboard");
        return board.status() == 200 && wholeLeaderboard(guild, board) == null;
    }

    private static LevelRecord level(long guild, long user, long level) {
        return new LevelRecord(guild + ":" + user, U64.ofNonNegative(level * 100), U64.ofNonNegative(level));
    }

    private static long role(long guild, int n) {
        return 200_000_000_000_000_000L + (guild % 1_000_000) * 10 + n;
    }

    /** A guild id that Discord's rule {@code (id >> 22) % 2} puts on {@code shard}. */
    private static long shardGuild(int shard) {
        long id = 100_000_000_000_000_000L;
        while ((id >>> 22) % 2 != shard) {
            id += 1L << 22;
        }
        return id;
    }
}
