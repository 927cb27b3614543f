package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.testing.Await;
import com.communitybot.persistence.StoreUrls;
import com.communitybot.persistence.testing.TestDatabase;
import com.communitybot.persistence.testing.TestPostgres;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Crash safety of the built jar (issue 13 item 2), by {@code kill -9} (SIGKILL, {@link Process#destroyForcibly})
 * at random moments: of an {@code import} (the store then holds the whole import or none of it, and the next start
 * opens it as it is), and of the service during a stream of API writes from several clients (every write the
 * service acknowledged with 200/201 is in the store, and nothing half-written is). Each check runs
 * {@code -Dcrash.rounds=N} rounds (one in the build, where it shows a kill is survived at all; bench/crash.sh runs 20, which show it wherever the kill falls).
 */
@Tag("verify")
class CrashSafetyIT {

    private static final int ROUNDS = Integer.getInteger("crash.rounds", 1);
    private static final String GUILD = "100000000000000001";
    private static final String KEY = "crash-key";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static TestDatabase database(String backend) {
        return backend.equals("h2") ? TestDatabase.freshH2("crash") : TestPostgres.freshDatabase("crash");
    }

    static Map<String, String> env(TestDatabase database) {
        Map<String, Object> props = database.properties();
        Map<String, String> env = new HashMap<>();
        env.put("DATABASE_URL", (String) props.get("datasources.default.url"));
        if (props.get("datasources.default.username") != null) {
            env.put("DATABASE_USER", (String) props.get("datasources.default.username"));
        }
        if (props.get("datasources.default.password") != null) {
            env.put("DATABASE_PASSWORD", (String) props.get("datasources.default.password"));
        }
        return env;
    }

    private static Connection connect(Map<String, String> env) throws SQLException {
        return DriverManager.getConnection(
                StoreUrls.withRequiredOptions(env.get("DATABASE_URL")),
                env.getOrDefault("DATABASE_USER", "sa"),
                env.getOrDefault("DATABASE_PASSWORD", ""));
    }

    /** Level records, beta entries and guild sizes: the whole state an import changes. */
    private static Map<String, String> state(Map<String, String> env) {
        Map<String, String> state = new TreeMap<>();
        try (Connection connection = connect(env);
                Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery("SELECT id, xp, level FROM level_record")) {
                while (rows.next()) {
                    state.put(
                            "level " + rows.getString(1),
                            rows.getBigDecimal(2).toPlainString() + "/"
                                    + rows.getBigDecimal(3).toPlainString());
                }
            }
            try (ResultSet rows = statement.executeQuery("SELECT guild_id FROM beta_server")) {
                while (rows.next()) {
                    state.put("beta " + rows.getString(1), "");
                }
            }
            try (ResultSet rows = statement.executeQuery("SELECT guild_id, records FROM level_guild_size")) {
                while (rows.next()) {
                    if (rows.getLong(2) != 0) {
                        state.put("size " + rows.getString(1), String.valueOf(rows.getLong(2)));
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return state;
    }

    private Path dataFile(String name, int from, int to, long xp, String beta) {
        StringBuilder json = new StringBuilder("{\"levels\": [\n");
        for (int i = from; i <= to; i++) {
            json.append(i == from ? "" : ",\n")
                    .append("{\"id\": \"")
                    .append(GUILD)
                    .append(':')
                    .append(300000000000000000L + i)
                    .append("\", \"xp\": ")
                    .append(xp + i)
                    .append(", \"level\": ")
                    .append(i % 100)
                    .append('}');
        }
        json.append("\n]");
        if (beta != null) {
            json.append(", \"beta_servers\": [{\"guild_id\": \"")
                    .append(beta)
                    .append("\", \"added_at\": \"2026-01-02T03:04:05Z\"}]");
        }
        json.append("}\n");
        try {
            return Files.writeString(dir.resolve(name), json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void run(Map<String, String> env, String... args) {
        ok(JarProcess.run(env, args), args);
    }

    /**
     * The command line in this JVM ({@link CommandInThisJvm}), for what surrounds a kill: the base import and the
     * next start after it, which opens the store as the kill left it and exports it.
     */
    private static void runHere(Map<String, String> env, String... args) {
        ok(CommandInThisJvm.run(env, args), args);
    }

    private static void ok(JarProcess.Result result, String... args) {
        assertThat(result.exitCode())
                .as("exit code of %s: %s", List.of(args), result.err())
                .isZero();
    }

    /** Puts the store back to the state before the big import: the base records only, no beta entry. */
    private static void reset(Map<String, String> env, int baseRecords) {
        try (Connection connection = connect(env);
                Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            statement.executeUpdate("DELETE FROM level_record");
            statement.executeUpdate("DELETE FROM beta_server");
            try (PreparedStatement insert =
                    connection.prepareStatement("INSERT INTO level_record (id, xp, level) VALUES (?, ?, ?)")) {
                for (int i = 1; i <= baseRecords; i++) {
                    insert.setString(1, GUILD + ":" + (300000000000000000L + i));
                    insert.setBigDecimal(2, BigDecimal.valueOf(1 + i));
                    insert.setBigDecimal(3, BigDecimal.valueOf(i % 100));
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            connection.commit();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void killedDuringAnImport_theStoreHoldsAllOrNothing_andOpensAtTheNextStart(String backend) {
        int base = 500;
        int big = Integer.getInteger("crash.import-records", 10_000);
        try (TestDatabase database = database(backend)) {
            Map<String, String> env = env(database);
            runHere(env, "import", dataFile("base.json", 1, base, 1, null).toString());
            Map<String, String> nothing = state(env);
            // The big import rewrites the base records (other xp) and adds new ones, then a beta entry.
            Path file = dataFile("big.json", 1, big, 7, "crash-import");
            long started = System.nanoTime();
            run(env, "import", file.toString());
            long fullMillis = (System.nanoTime() - started) / 1_000_000;
            Map<String, String> all = state(env);
            assertThat(all).hasSize(big + 2).isNotEqualTo(nothing);
            int none = 0;
            int whole = 0;
            for (int round = 1; round <= ROUNDS; round++) {
                reset(env, base);
                assertThat(state(env)).isEqualTo(nothing);
                // Around the end of the import, where its commit is: from 60 % of an uninterrupted run's time to
                // 110 % of it, so rounds end on either side of the commit rather than mostly before it.
                long delay = fullMillis * 6 / 10 + ThreadLocalRandom.current().nextLong(fullMillis / 2 + 1);
                try (JarProcess jar = JarProcess.start(env, "import", file.toString())) {
                    sleep(delay);
                    jar.kill();
                }
                // The next start opens the store as it is: the export reads every table.
                runHere(env, "export", dir.resolve("export-" + round + ".json").toString());
                Map<String, String> after = state(env);
                assertThat(after)
                        .as("round %d, killed after %d ms of a %d ms import", round, delay, fullMillis)
                        .isIn(nothing, all);
                if (after.equals(all)) {
                    whole++;
                } else {
                    none++;
                }
            }
            System.out.printf(
                    "crash import %s: %d rounds, full import %d ms, kill -9 left the whole import %d times, nothing %d times%n",
                    backend, ROUNDS, fullMillis, whole, none);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void killedDuringApiWrites_everyAcknowledgedWriteIsThere_andNoneHalfWritten(String backend) throws Exception {
        int clients = 8;
        try (TestDatabase database = database(backend)) {
            Map<String, String> env = env(database);
            env.put("BOT_API_KEY", KEY);
            env.put("PORT", "0");
            env.put(
                    "GUILD_SNAPSHOT",
                    Path.of("..", "examples", "guild-snapshot.json").toString());
            Map<String, String> sentTracks = new ConcurrentHashMap<>();
            Map<String, String> ackedTracks = new ConcurrentHashMap<>();
            Map<String, Boolean> sentBeta = new ConcurrentHashMap<>();
            Map<String, Boolean> ackedBeta = new ConcurrentHashMap<>();
            int totalAcked = 0;
            long writingNanos = 0;
            for (int round = 1; round <= ROUNDS; round++) {
                AtomicBoolean stop = new AtomicBoolean();
                AtomicInteger acked = new AtomicInteger();
                List<Thread> threads = new ArrayList<>();
                try (JarProcess jar = JarProcess.start(env)) {
                    int port = jar.awaitListening(Duration.ofMinutes(2));
                    HttpClient http = HttpClient.newBuilder()
                            .connectTimeout(Duration.ofSeconds(5))
                            .build();
                    for (int c = 0; c < clients; c++) {
                        String prefix = "r" + round + "c" + c + "n";
                        Thread client = new Thread(() -> {
                            for (int i = 0; !stop.get(); i++) {
                                String name = prefix + i;
                                try {
                                    if (i % 2 == 0) {
                                        sentBeta.put(name, true);
                                        if (send(
                                                        http,
                                                        port,
                                                        "POST",
                                                        "/api/beta_testing",
                                                        "{\"guild_id\":\"" + name + "\"}")
                                                == 201) {
                                            ackedBeta.put(name, true);
                                            acked.incrementAndGet();
                                        }
                                    } else {
                                        String roles = roles(i);
                                        sentTracks.put(name, roles);
                                        String body = "{\"track_name\":\"" + name + "\",\"roles\":" + roles + "}";
                                        if (send(http, port, "PATCH", "/api/" + GUILD + "/level/track", body) == 200) {
                                            ackedTracks.put(name, roles);
                                            acked.incrementAndGet();
                                        }
                                    }
                                } catch (IOException e) {
                                    return; // the service is gone
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        });
                        client.start();
                        threads.add(client);
                    }
                    long writing = System.nanoTime();
                    Await.until(
                            "round " + round + ": 20 writes acknowledged",
                            Duration.ofMinutes(1),
                            () -> acked.get() >= 20);
                    // The kill's moment, drawn: the writes go on until it, whenever it falls.
                    sleep(ThreadLocalRandom.current().nextLong(200, 1500));
                    jar.kill();
                    stop.set(true);
                    writingNanos += System.nanoTime() - writing;
                }
                for (Thread thread : threads) {
                    thread.join(30_000);
                }
                totalAcked += acked.get();
                // The next start opens the store; then every acknowledged write must be in it.
                runHere(
                        env,
                        "export",
                        dir.resolve("api-export-" + round + ".json").toString());
                Map<String, String> storedTracks = new HashMap<>();
                List<String> storedBeta = new ArrayList<>();
                try (Connection connection = connect(env);
                        Statement statement = connection.createStatement()) {
                    try (ResultSet rows = statement.executeQuery("SELECT name, roles FROM level_track")) {
                        while (rows.next()) {
                            storedTracks.put(rows.getString(1), canonical(rows.getString(2)));
                        }
                    }
                    try (ResultSet rows = statement.executeQuery("SELECT guild_id FROM beta_server")) {
                        while (rows.next()) {
                            storedBeta.add(rows.getString(1));
                        }
                    }
                }
                assertThat(storedBeta)
                        .as("round %d: acknowledged beta entries", round)
                        .containsAll(ackedBeta.keySet());
                assertThat(sentBeta.keySet())
                        .as("round %d: stored beta entries were sent", round)
                        .containsAll(storedBeta);
                for (Map.Entry<String, String> track : ackedTracks.entrySet()) {
                    assertThat(storedTracks)
                            .as("round %d: acknowledged track %s", round, track.getKey())
                            .containsEntry(track.getKey(), canonical(track.getValue()));
                }
                for (Map.Entry<String, String> track : storedTracks.entrySet()) {
                    assertThat(sentTracks).containsKey(track.getKey());
                    assertThat(track.getValue())
                            .as("round %d: track %s whole", round, track.getKey())
                            .isEqualTo(canonical(sentTracks.get(track.getKey())));
                }
            }
            System.out.printf(
                    "crash api %s: %d rounds, %d acknowledged writes (%.0f/s from %d clients), all of them in the store%n",
                    backend, ROUNDS, totalAcked, totalAcked / (writingNanos / 1e9), clients);
        }
    }

    /** A role list of 1 to 8 roles whose ids and levels come from {@code i}. */
    private static String roles(int i) {
        StringBuilder roles = new StringBuilder("[");
        for (int r = 0; r <= i % 8; r++) {
            roles.append(r == 0 ? "" : ",")
                    .append("{\"role_id\":\"")
                    .append(200000000000000000L + i * 10L + r)
                    .append("\",\"level\":")
                    .append(r * 5)
                    .append('}');
        }
        return roles.append(']').toString();
    }

    /** Role lists compared as role id and level pairs in order, whatever their JSON spelling. */
    private static String canonical(String roles) {
        try {
            StringBuilder out = new StringBuilder();
            for (JsonNode role : JSON.readTree(roles)) {
                out.append(role.get("role_id").asText())
                        .append('@')
                        .append(role.get("level").asText())
                        .append(' ');
            }
            return out.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int send(HttpClient http, int port, String method, String path, String body)
            throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10))
                .header("X-API-Key", KEY)
                .header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
