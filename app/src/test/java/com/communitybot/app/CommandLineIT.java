package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.testing.Await;
import com.communitybot.discord.fake.FakeDiscord;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.persistence.testing.TestDatabase;
import com.communitybot.persistence.testing.TestPostgres;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The built jar from outside: its command line, exit codes and messages (contract 1 and 4). */
@Tag("verify")
class CommandLineIT {

    private static final Path EXAMPLES = Path.of("..", "examples");

    @TempDir
    Path dir;

    private Map<String, String> h2(String name) {
        Map<String, String> env = new HashMap<>();
        env.put("DATABASE_URL", "jdbc:h2:file:" + dir.resolve(name).toAbsolutePath());
        return env;
    }

    /**
     * The jar prints help on standard output and exits 0, and refuses a wrong option on standard error with exit 2;
     * every other help and wrong option is checked on the same command line in {@code CommandLineUsageTest}.
     */
    @Test
    void theJar_printsHelpAndExitsZero_andRefusesAWrongOptionWithUsageAndExitTwo() {
        JarProcess.Result help = JarProcess.run(Map.of(), "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("Usage:", "serve", "import", "export");

        JarProcess.Result wrong = JarProcess.run(Map.of(), "serve", "--bogus");
        assertThat(wrong.exitCode()).isEqualTo(2);
        assertThat(wrong.err()).contains("Usage:");
        assertThat(wrong.out()).isEmpty();
    }

    /** Without arguments, as {@code serve} fails alike (below). */
    @Test
    void withoutAnApiKey_serveRefusesToStart_withOneClearLine() {
        JarProcess.Result result = JarProcess.run(h2("nokey"));

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err().strip().lines()).singleElement().asString().contains("BOT_API_KEY");
        Map<String, String> empty = h2("emptykey");
        empty.put("BOT_API_KEY", "");
        assertThat(JarProcess.run(empty).exitCode()).isEqualTo(1);
    }

    /**
     * Without arguments the jar runs {@code serve}; its failures must read and exit as those of {@code serve} given
     * on the command line. An unreachable store stops the service at start with a clear message, without the
     * password it was given.
     */
    @Test
    void withoutArguments_serveFailsAsTheServeCommandDoes() {
        Map<String, String> badPort = h2("badport");
        badPort.putAll(Map.of("BOT_API_KEY", "k", "PORT", "80a"));
        Map<String, String> samePorts = h2("sameports");
        samePorts.putAll(Map.of("BOT_API_KEY", "k", "PORT", "18080", "MANAGEMENT_PORT", "18080"));
        Map<String, String> unreachable = Map.of(
                "BOT_API_KEY",
                "k",
                "PORT",
                "0",
                "DATABASE_URL",
                "jdbc:postgresql://127.0.0.1:1/nowhere",
                "DATABASE_USER",
                "someone",
                "DATABASE_PASSWORD",
                "secret-password");
        for (Map<String, String> env : List.of(badPort, samePorts, unreachable)) {
            JarProcess.Result bare = JarProcess.run(env);
            JarProcess.Result serve = JarProcess.run(env, "serve");

            assertThat(bare.exitCode()).as(env.toString()).isEqualTo(1).isEqualTo(serve.exitCode());
            assertThat(bare.err().strip().lines()).as(env.toString()).singleElement();
            assertThat(bare.err()).as(env.toString()).isEqualTo(serve.err()).startsWith("community-bot-api: ");
            assertThat(withoutTimes(bare.out())).as(env.toString()).isEqualTo(withoutTimes(serve.out()));
            if (env == badPort) {
                assertThat(bare.err().strip())
                        .isEqualTo("community-bot-api: PORT must be a TCP port from 0 to 65535, not \"80a\"");
            }
            if (env == unreachable) {
                assertThat(bare.err()).contains("Cannot start").doesNotContain("secret-password");
            }
        }
    }

    private static String withoutTimes(String log) {
        return log.replaceAll("(?m)^\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z ", "");
    }

    @Test
    void aMalformedSnapshot_stopsTheServiceAtStart_namingWhatAndWhere() throws IOException {
        Path snapshot = Files.writeString(dir.resolve("bad.json"), "{\"guilds\": [{\"guild_id\": \"x\"}]}");
        Map<String, String> env = h2("badsnapshot");
        env.putAll(Map.of("BOT_API_KEY", "k", "PORT", "0", "GUILD_SNAPSHOT", snapshot.toString()));

        JarProcess.Result result = JarProcess.run(env);

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains("guilds[0].guild_id");
    }

    /** The snapshot is read while Micronaut and the store start; its failure is still the one reported. */
    @Test
    void aMalformedSnapshot_andAnUnreachableStore_theSnapshotIsNamed_asWhenTheyStartedInTurn() throws IOException {
        Path snapshot = Files.writeString(dir.resolve("bad2.json"), "{\"guilds\": [{\"guild_id\": \"x\"}]}");
        Map<String, String> env = Map.of(
                "BOT_API_KEY",
                "k",
                "PORT",
                "0",
                "GUILD_SNAPSHOT",
                snapshot.toString(),
                "DATABASE_URL",
                "jdbc:postgresql://127.0.0.1:1/nowhere");

        JarProcess.Result result = JarProcess.run(env);

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains("guilds[0].guild_id").doesNotContain("Cannot start");
    }

    @Test
    void anInvalidDiscordToken_stopsTheServiceAtStart_withOneClearLine() {
        try (FakeDiscord discord = FakeDiscord.start()) {
            Map<String, String> env = h2("badtoken");
            env.putAll(Map.of(
                    "BOT_API_KEY",
                    "k",
                    "PORT",
                    "0",
                    "DISCORD_TOKEN",
                    "not-the-token",
                    "DISCORD_API_URL",
                    discord.baseUrl().toString()));

            JarProcess.Result result = JarProcess.run(env);

            assertThat(result.exitCode()).isEqualTo(1);
            assertThat(result.err().strip().lines())
                    .singleElement()
                    .asString()
                    .contains("Discord refused the bot token")
                    .doesNotContain("not-the-token");
        }
    }

    /**
     * With an empty {@code LOG_FORMAT}, which is an unset one and so the plain log (Logback alone would take the
     * empty value as an appender's name and log nothing).
     */
    @Test
    void serve_answersTheDemo_logsOneStartUpLine_andExitsZeroOnSigterm() {
        Map<String, String> env = h2("demo");
        assertThat(CommandInThisJvm.run(
                                env, "import", EXAMPLES.resolve("data.json").toString())
                        .exitCode())
                .isZero();
        env.putAll(Map.of(
                "BOT_API_KEY",
                "demo-key",
                "PORT",
                "0",
                "ACCESS_LOG",
                "on",
                "LOG_FORMAT",
                "",
                "GUILD_SNAPSHOT",
                EXAMPLES.resolve("guild-snapshot.json").toString()));

        try (JarProcess service = JarProcess.start(env)) {
            int port = service.awaitListening(Duration.ofSeconds(60));
            ApiClient api = new ApiClient(URI.create("http://127.0.0.1:" + port), "demo-key");

            ApiClient.Reply leaderboard = api.get("/api/100000000000000001/leaderboard");
            assertThat(leaderboard.status()).isEqualTo(200);
            assertThat(leaderboard.json().size()).isGreaterThan(1);
            assertThat(leaderboard.json().get(0).get("rank").asInt()).isEqualTo(1);
            assertThat(service.out()).contains("listening on port " + port, "store jdbc:h2:file:", "guild snapshot");

            service.terminate();
            JarProcess.Result stopped = service.awaitExit(Duration.ofSeconds(30));
            assertThat(stopped.exitCode()).isZero();
            // The plain log: one line per event in the service's own pattern, none of the libraries' start-up
            // chatter or of Logback's notes about itself, and the access lines written out at the stop.
            assertThat(stopped.out().lines())
                    .allSatisfy(line -> assertThat(line)
                            .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}(Z|[+-]\\d\\d:\\d\\d) "
                                    + "(INFO |WARN |ERROR) (community-bot-api|access) - .+"))
                    .anySatisfy(
                            line -> assertThat(line).contains(" INFO  access - GET /api/{guild_id}/leaderboard 200 "))
                    .last()
                    .asString()
                    .endsWith(" INFO  community-bot-api - Stopped");
        }
    }

    @Test
    void serve_theOperatorsView_managementPortJsonLogsAccessLogAndRequestIds() throws Exception {
        Map<String, String> env = h2("operated");
        assertThat(CommandInThisJvm.run(
                                env, "import", EXAMPLES.resolve("data.json").toString())
                        .exitCode())
                .isZero();
        int managementPort = RunningService.freePort();
        env.putAll(Map.of(
                "BOT_API_KEY",
                "demo-key",
                "PORT",
                "0",
                "MANAGEMENT_PORT",
                String.valueOf(managementPort),
                "LOG_FORMAT",
                "json",
                "ACCESS_LOG",
                "on",
                "GUILD_SNAPSHOT",
                EXAMPLES.resolve("guild-snapshot.json").toString()));

        try (JarProcess service = JarProcess.start(env)) {
            int port = service.awaitListening(Duration.ofSeconds(60));
            ApiClient api = new ApiClient(URI.create("http://127.0.0.1:" + port), "demo-key");
            ApiClient management = new ApiClient(URI.create("http://127.0.0.1:" + managementPort), "demo-key");

            assertThat(management
                            .send(management.anonymous("/health/readiness").GET())
                            .body())
                    .contains("\"status\":\"UP\"");
            assertThat(api.send(api.anonymous("/health/liveness").GET()).status())
                    .isEqualTo(401);
            java.net.http.HttpResponse<String> leaderboard = java.net.http.HttpClient.newHttpClient()
                    .send(
                            api.request("/api/100000000000000001/leaderboard")
                                    .header("X-Request-Id", "trace-0001")
                                    .build(),
                            java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(leaderboard.headers().firstValue("X-Request-Id")).contains("trace-0001");
            assertThat(management
                            .send(management.anonymous("/prometheus").GET())
                            .body())
                    .contains("uri=\"/api/{guild_id}/leaderboard\"");

            // Access lines are written by Logback's worker thread, soon after the request.
            Await.until("the access line of request trace-0001", Duration.ofSeconds(10), () -> service.out()
                    .contains("request_id=trace-0001"));
            assertThat(api.get("/api/100000000000000001/roles").status()).isEqualTo(200);
            service.terminate();
            String out = service.awaitExit(Duration.ofSeconds(60)).out(); // what was queued is written at the stop

            com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
            java.util.List<com.fasterxml.jackson.databind.JsonNode> lines = new java.util.ArrayList<>();
            for (String line : out.split("\n")) {
                lines.add(json.readTree(line)); // every line is one JSON object
            }
            assertThat(lines)
                    .anySatisfy(line ->
                            assertThat(line.get("formattedMessage").asText()).contains("listening on port " + port));
            assertThat(lines).anySatisfy(line -> {
                assertThat(line.get("loggerName").asText()).isEqualTo("access");
                assertThat(line.get("formattedMessage").asText())
                        .startsWith("GET /api/{guild_id}/leaderboard 200 ")
                        .endsWith(" request_id=trace-0001");
                assertThat(line.at("/mdc/request_id").asText()).isEqualTo("trace-0001");
                assertThat(line.get("level").asText()).isEqualTo("INFO");
                assertThat(line.get("timestamp").asLong()).isPositive();
            });
            assertThat(lines)
                    .anySatisfy(line ->
                            assertThat(line.get("formattedMessage").asText()).startsWith("GET - 401 "));
            assertThat(lines)
                    .anySatisfy(line -> assertThat(line.get("formattedMessage").asText())
                            .startsWith("GET /api/{guild_id}/roles 200 "));
            assertThat(lines.get(lines.size() - 1).get("formattedMessage").asText())
                    .isEqualTo("Stopped");
            assertThat(out).doesNotContain("demo-key", "100000000000000001");

            service.terminate();
            assertThat(service.awaitExit(Duration.ofSeconds(30)).exitCode()).isZero();
        }
    }

    @Test
    void aLogFormatThatIsNone_isRefusedInOneLineBeforeAnythingLogs() {
        JarProcess.Result result = JarProcess.run(Map.of("LOG_FORMAT", "xml", "BOT_API_KEY", "k"));

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err().strip()).isEqualTo("community-bot-api: LOG_FORMAT must be plain or json, not \"xml\"");
        assertThat(result.out()).isEmpty();
    }

    /**
     * The jar's import and export, and around them the same command line in this JVM ({@link CommandInThisJvm}):
     * the second import of the same file and the round trip through a second store test the data, not the jar.
     */
    @Test
    void exportImportExport_givesTheSameContent_andImportIsIdempotent() throws IOException {
        Map<String, String> first = h2("first");
        Path data = EXAMPLES.resolve("data.json");
        JarProcess.Result imported = JarProcess.run(first, "import", data.toString());
        assertThat(imported.exitCode()).isZero();
        assertThat(imported.out()).contains("Imported");
        assertThat(CommandInThisJvm.run(first, "import", data.toString()).exitCode())
                .isZero();
        Path export1 = dir.resolve("export1.json");
        JarProcess.Result exported = JarProcess.run(first, "export", export1.toString());
        assertThat(exported.exitCode()).isZero();
        assertThat(exported.out()).contains("Exported");

        Map<String, String> second = h2("second");
        assertThat(CommandInThisJvm.run(second, "import", export1.toString()).exitCode())
                .isZero();
        Path export2 = dir.resolve("export2.json");
        assertThat(CommandInThisJvm.run(second, "export", export2.toString()).exitCode())
                .isZero();

        assertThat(Files.readString(export2)).isEqualTo(Files.readString(export1));
    }

    @Test
    void importOfAFileWithAnError_importsNothing_andNamesTheRecord() throws IOException {
        Path bad = Files.writeString(
                dir.resolve("bad.json"),
                """
                {"levels": [{"id": "1:1", "xp": 1, "level": 1}, {"id": "1:2", "xp": -1, "level": 1}]}
                """);
        Map<String, String> env = h2("badimport");

        JarProcess.Result result = JarProcess.run(env, "import", bad.toString());

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains("levels[1] (id \"1:2\"): xp must be an integer", "nothing was imported");
        Path export = dir.resolve("after.json");
        assertThat(CommandInThisJvm.run(env, "export", export.toString()).exitCode())
                .isZero();
        assertThat(Files.readString(export)).contains("\"levels\" : [ ]");
    }

    /** A move between stores tests the data file, not the jar: the commands run in this JVM. */
    @Test
    void anExportFromH2_importedIntoPostgres_exportsTheSameContent() throws IOException {
        Map<String, String> h2 = h2("migrate");
        assertThat(CommandInThisJvm.run(
                                h2, "import", EXAMPLES.resolve("data.json").toString())
                        .exitCode())
                .isZero();
        Path fromH2 = dir.resolve("from-h2.json");
        assertThat(CommandInThisJvm.run(h2, "export", fromH2.toString()).exitCode())
                .isZero();

        try (TestDatabase database = TestPostgres.freshDatabase("cli")) {
            Map<String, String> pg = CrashSafetyIT.env(database);
            JarProcess.Result imported = CommandInThisJvm.run(pg, "import", fromH2.toString());
            assertThat(imported.exitCode()).as(imported.err()).isZero();
            Path fromPg = dir.resolve("from-pg.json");
            assertThat(CommandInThisJvm.run(pg, "export", fromPg.toString()).exitCode())
                    .isZero();

            assertThat(Files.readString(fromPg)).isEqualTo(Files.readString(fromH2));
        }
    }
}
