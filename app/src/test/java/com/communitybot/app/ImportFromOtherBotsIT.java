package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.persistence.StoreUrls;
import com.communitybot.persistence.testing.TestDatabase;
import com.communitybot.persistence.testing.TestPostgres;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code import --from FORMAT --guild GUILD_ID FILE...} on H2 and on PostgreSQL: every format's sample, the rules,
 * and that a failed import writes nothing. The MEE6 sample and one wrong option go through the built jar (its exit
 * code and streams); the other imports run the same command line in this JVM ({@link CommandInThisJvm}), as they
 * test what an import does with a file and a store. Each test works in guilds of its own, so the tests of one
 * store share its database.
 */
@Tag("verify")
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"h2", "postgresql"})
class ImportFromOtherBotsIT {

    private static final Path SAMPLES = Path.of("..", "examples", "imports");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Parameter
    String backend;

    private static TestDatabase database;
    private static Map<String, String> env;

    @TempDir
    Path dir;

    @BeforeParameterizedClassInvocation
    static void open(String backend) {
        database = backend.equals("h2") ? TestDatabase.freshH2("movein") : TestPostgres.freshDatabase("movein");
        env = CrashSafetyIT.env(database);
    }

    @AfterParameterizedClassInvocation
    static void close() {
        database.close();
    }

    /**
     * Reading a file is the same on every store; what a store must show is the one transaction, which the
     * sample import, the replace and the broken files check on both. The rest runs on H2 only, to keep the
     * build's time.
     */
    private void onH2Only() {
        Assumptions.assumeTrue(backend.equals("h2"), "file reading is the same on every store; checked on H2");
    }

    private static JarProcess.Result importFrom(String format, String guild, String... more) {
        return CommandInThisJvm.run(env, importArgs(format, guild, more));
    }

    private static String[] importArgs(String format, String guild, String... more) {
        List<String> args = new ArrayList<>(List.of("import", "--from", format, "--guild", guild));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    private static String sample(String name) {
        return SAMPLES.resolve(name).toString();
    }

    private Path file(String name, String json) {
        try {
            return Files.writeString(dir.resolve(name), json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The level records in the store, read over JDBC once the import has ended (a connection of its own, closed
     * before the next import opens the store), as {@code guild -> user -> "xp/level"}. The export is tested by
     * {@code CommandLineIT}.
     */
    private Map<String, Map<String, String>> levels() {
        Map<String, Map<String, String>> levels = new TreeMap<>();
        try (Connection connection = DriverManager.getConnection(
                        StoreUrls.withRequiredOptions(env.get("DATABASE_URL")),
                        env.get("DATABASE_USER"),
                        env.get("DATABASE_PASSWORD"));
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id, xp, level FROM level_record")) {
            while (rows.next()) {
                String id = rows.getString(1);
                int colon = id.indexOf(':');
                levels.computeIfAbsent(id.substring(0, colon), guild -> new TreeMap<>())
                        .put(
                                id.substring(colon + 1),
                                rows.getBigDecimal(2).toPlainString() + "/"
                                        + rows.getBigDecimal(3).toPlainString());
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return levels;
    }

    /** The level records of {@code guild} in the store, as {@code user -> "xp/level"}. */
    private Map<String, String> levelsOf(String guild) {
        return levels().getOrDefault(guild, Map.of());
    }

    private static final Map<String, String> SAMPLE_LEVELS = Map.of(
            "300000000000000001", "12345/15",
            "300000000000000002", "5400/10",
            "300000000000000003", "1200/5");

    @Test
    void mee6Pages_importLevelAndXp_andSayOnceWhatIsNotCarriedOver() {
        JarProcess.Result result = JarProcess.run(
                env, importArgs("mee6", "100000000000000001", sample("mee6-page-0.json"), sample("mee6-page-1.json")));

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().strip().lines())
                .containsExactly(
                        "Imported 4 level records of guild 100000000000000001 from mee6 (2 files)",
                        "Not carried over: usernames and avatars (the live view supplies those), message counts,"
                                + " role rewards, xp per message and xp rate");
        assertThat(levelsOf("100000000000000001"))
                .containsAllEntriesOf(SAMPLE_LEVELS)
                .containsEntry("300000000000000004", "99/0");
    }

    @Test
    void mee6PagesOfAnotherGuild_importNothing() {
        onH2Only();
        JarProcess.Result result = importFrom("mee6", "11", sample("mee6-page-0.json"));

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err())
                .contains(
                        "mee6-page-0.json: players[0]: guild_id \"100000000000000001\" is not the guild of --guild, 11;"
                                + " nothing was imported");
        assertThat(levelsOf("11")).isEmpty();
    }

    @Test
    void polarisBothForms_lurkrAndXpd_giveTheSameLevels() {
        onH2Only();
        Map<String, String> samples = Map.of(
                "polaris.json", "polaris",
                "polaris-array.json", "polaris",
                "lurkr.json", "lurkr",
                "xpd.json", "xpd");
        int guild = 20;
        for (Map.Entry<String, String> sample : new TreeMap<>(samples).entrySet()) {
            guild++;
            JarProcess.Result result = importFrom(sample.getValue(), "" + guild, sample(sample.getKey()));

            assertThat(result.exitCode()).as(result.err()).isZero();
            assertThat(result.out())
                    .startsWith("Imported 3 level records of guild " + guild + " from " + sample.getValue());
            assertThat(levelsOf("" + guild)).as(sample.getKey()).isEqualTo(SAMPLE_LEVELS);
        }
    }

    @Test
    void xpOnly_takesItsLevelFromTheCurve_mee6ByDefault_orTheOneNamed() {
        onH2Only();
        Path xpd = file("xpd.json", "[{\"id\": \"1\", \"xp\": 255}, {\"id\": \"2\", \"xp\": 18446744073709551615}]");

        JarProcess.Result mee6 = importFrom("xpd", "31", xpd.toString());
        JarProcess.Result linear = importFrom("xpd", "32", "--curve", "linear", xpd.toString());

        assertThat(mee6.out()).contains("levels from xp by the mee6 curve");
        assertThat(linear.out()).contains("levels from xp by the linear curve");
        Map<String, Map<String, String>> levels = levels();
        assertThat(levels.get("31")).containsEntry("1", "255/2").containsEntry("2", "18446744073709551615/2228552");
        assertThat(levels.get("32"))
                .containsEntry("1", "255/2")
                .containsEntry("2", "18446744073709551615/184467440737095516");
    }

    @Test
    void aLevelThatDisagreesWithItsXp_isKeptAsTheFileSaysIt_andCounted() {
        onH2Only();
        Path page = file(
                "page.json",
                "{\"players\": [{\"id\": \"1\", \"level\": 40, \"xp\": 100}, {\"id\": \"2\", \"level\": 1, \"xp\": 100}]}");
        Path lurkr = file("lurkr.json", "{\"levels\": [{\"userId\": \"1\", \"level\": 7, \"xp\": 0}]}");

        JarProcess.Result fromMee6 = importFrom("mee6", "41", page.toString());
        JarProcess.Result fromLurkr = importFrom("lurkr", "42", lurkr.toString());

        assertThat(fromMee6.out())
                .contains("Kept the file's level of 1 record although MEE6's curve gives another level for the xp");
        assertThat(fromLurkr.exitCode()).isZero();
        Map<String, Map<String, String>> levels = levels();
        assertThat(levels.get("41")).containsEntry("1", "100/40").containsEntry("2", "100/1");
        assertThat(levels.get("42")).containsEntry("1", "0/7");
    }

    @Test
    void withoutReplace_aUserTheGuildHas_failsBeforeAnythingIsWritten_andWithReplace_theGuildIsReplaced() {
        Path before = file("before.json", "[{\"id\": \"300000000000000002\", \"xp\": 1}, {\"id\": \"9\", \"xp\": 1}]");
        assertThat(importFrom("xpd", "51", before.toString()).exitCode()).isZero();
        assertThat(importFrom("xpd", "52", before.toString()).exitCode()).isZero();

        JarProcess.Result refused = importFrom("xpd", "51", sample("xpd.json"));

        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err().strip())
                .isEqualTo("community-bot-api: import: " + sample("xpd.json") + ": [1] (id \"300000000000000002\"):"
                        + " guild 51 already has a level record for user 300000000000000002 (--replace replaces all"
                        + " of the guild's level records); nothing was imported");
        assertThat(levelsOf("51")).isEqualTo(Map.of("300000000000000002", "1/0", "9", "1/0"));

        JarProcess.Result replaced = importFrom("xpd", "51", "--replace", sample("xpd.json"));

        assertThat(replaced.exitCode()).as(replaced.err()).isZero();
        assertThat(replaced.out()).contains(", replacing the guild's 2 level records");
        Map<String, Map<String, String>> levels = levels();
        assertThat(levels.get("51")).isEqualTo(SAMPLE_LEVELS);
        assertThat(levels.get("52")).isEqualTo(Map.of("300000000000000002", "1/0", "9", "1/0"));
    }

    @Test
    void aBrokenFile_failsNamingTheFileAndTheRecord_andWritesNothing() {
        String good = "{\"id\": \"1\", \"level\": 0, \"xp\": 1}";
        // Two failures: one while the file is read, one after the first record was written; every message of
        // every format is checked on the reader itself in PeerImportTest.
        Map<String, String> broken = Map.of(
                "{\"players\": [" + good + ", {\"id\": \"2\", \"level\": 0, \"xp\": ",
                "players[1] (id \"2\"): not valid JSON",
                "{\"players\": [" + good + ", " + good + "]}",
                "players[1] (id \"1\"): user 1 appears more than once in the import");
        for (Map.Entry<String, String> file : broken.entrySet()) {
            if (!backend.equals("h2") && !file.getValue().contains("more than once")) {
                // Reading is the same on every store; what PostgreSQL must show is that a failure after the
                // first record was written leaves nothing, which the repeated user shows.
                continue;
            }
            Path bad = file("bad.json", file.getKey());

            JarProcess.Result result = importFrom("mee6", "61", bad.toString());

            assertThat(result.exitCode()).as(file.getKey()).isEqualTo(1);
            assertThat(result.err())
                    .as(file.getKey())
                    .startsWith("community-bot-api: import: " + bad + ": " + file.getValue())
                    .endsWith("; nothing was imported" + System.lineSeparator());
        }
        assertThat(levelsOf("61")).isEmpty();
    }

    @Test
    void aUserOnTwoMee6Pages_failsNamingTheSecondPage_andWritesNothing() {
        onH2Only();
        Path first = file("p0.json", "{\"players\": [{\"id\": \"1\", \"level\": 0, \"xp\": 1}]}");
        Path second = file("p1.json", "{\"players\": [{\"id\": \"1\", \"level\": 0, \"xp\": 1}]}");

        JarProcess.Result result = importFrom("mee6", "71", first.toString(), second.toString());

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains(second + ": players[0] (id \"1\"): user 1 appears more than once");
        assertThat(levelsOf("71")).isEmpty();
    }

    /** One wrong option through the jar; every rule of the options is checked in {@code CommandLineUsageTest}. */
    @Test
    void aWrongOption_exitsTwoWithUsage_andAClearLine() {
        onH2Only(); // usage is checked before the store is opened: once is enough
        JarProcess.Result result = JarProcess.run(env, "import", "--from", "amari", "--guild", "1", "f");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("expected one of mee6, polaris, lurkr, xpd", "Usage:");
    }
}
