package com.communitybot.app.movein;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.core.testing.InMemoryStoreTransfer;
import com.communitybot.core.usecase.LevelCurve;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The readers of other bots' exports and the rules of an import into one guild, on the in-memory store. */
class PeerImportTest {

    private static final Path SAMPLES = Path.of("..", "examples", "imports");
    private static final GuildId GUILD = new GuildId(100000000000000001L);

    @TempDir
    Path dir;

    private final InMemoryLevelStore levels = new InMemoryLevelStore();
    private final InMemoryStoreTransfer store =
            new InMemoryStoreTransfer(levels, new InMemorySettingsStore(), new InMemoryBetaStore());

    private PeerImportResult importFiles(PeerFormat format, boolean replace, Path... files) {
        return new PeerImport(store)
                .importFiles(new PeerImport.Request(GUILD, format, LevelCurve.MEE6, replace, List.of(files)));
    }

    private Path file(String name, String json) throws IOException {
        return Files.writeString(dir.resolve(name), json);
    }

    /** The stored records as {@code id -> "xp/level"}. */
    private Map<String, String> stored() {
        return levels.all().stream().collect(Collectors.toMap(LevelRecord::id, r -> r.xp() + "/" + r.level()));
    }

    private static final Map<String, String> SAMPLE_RECORDS = Map.of(
            "100000000000000001:300000000000000001", "12345/15",
            "100000000000000001:300000000000000002", "5400/10",
            "100000000000000001:300000000000000003", "1200/5");

    @Test
    void mee6Pages_carryLevelAndTotalXp_andSayWhatIsNotCarriedOver() {
        PeerImportResult result = importFiles(
                PeerFormat.MEE6, false, SAMPLES.resolve("mee6-page-0.json"), SAMPLES.resolve("mee6-page-1.json"));

        assertThat(stored()).hasSize(4).containsAllEntriesOf(SAMPLE_RECORDS);
        assertThat(stored()).containsEntry("100000000000000001:300000000000000004", "99/0");
        assertThat(result.lines())
                .containsExactly(
                        "Imported 4 level records of guild 100000000000000001 from mee6 (2 files)",
                        "Not carried over: usernames and avatars (the live view supplies those), message counts,"
                                + " role rewards, xp per message and xp rate");
    }

    @ParameterizedTest
    @CsvSource({"polaris.json, POLARIS", "polaris-array.json, POLARIS", "lurkr.json, LURKR", "xpd.json, XPD"})
    void everySample_givesTheSameRecords(String sample, PeerFormat format) {
        importFiles(format, false, SAMPLES.resolve(sample));

        assertThat(stored()).isEqualTo(SAMPLE_RECORDS);
    }

    @Test
    void xpOnlyFormats_takeTheLevelFromTheChosenCurve() throws IOException {
        Path xpd = file("xpd.json", "[{\"id\": \"1\", \"xp\": 255}, {\"id\": \"2\", \"xp\": 18446744073709551615}]");

        PeerImportResult result = new PeerImport(store)
                .importFiles(new PeerImport.Request(GUILD, PeerFormat.XPD, LevelCurve.LINEAR, false, List.of(xpd)));

        assertThat(stored())
                .containsEntry("100000000000000001:1", "255/2")
                .containsEntry("100000000000000001:2", "18446744073709551615/184467440737095516");
        assertThat(result.lines())
                .containsExactly(
                        "Imported 2 level records of guild 100000000000000001 from xpd, levels from xp by the linear curve");
    }

    @Test
    void aMee6LevelThatDisagreesWithItsXp_isKept_andCounted() throws IOException {
        Path page = file("page.json", "{\"players\": [{\"id\": \"1\", \"level\": 40, \"xp\": 100}]}");

        PeerImportResult result = importFiles(PeerFormat.MEE6, false, page);

        assertThat(stored()).containsEntry("100000000000000001:1", "100/40");
        assertThat(result.lines())
                .contains("Kept the file's level of 1 record although MEE6's curve gives another level for the xp");
    }

    @Test
    void polarisSettings_areSaidToBeNotCarriedOver() {
        PeerImportResult result = importFiles(PeerFormat.POLARIS, false, SAMPLES.resolve("polaris.json"));

        assertThat(result.lines())
                .contains("Not carried over: Polaris settings (role rewards, xp curve and multipliers)");
    }

    @Test
    void anUnknownFieldIsNamedAsItIs_andEmptyOnesAreNotMentioned() throws IOException {
        Path page = file(
                "page.json",
                "{\"players\": [{\"id\": \"1\", \"level\": 0, \"xp\": 1, \"badge\": \"gold\", \"tags\": []}],"
                        + " \"role_rewards\": [], \"extra\": {\"a\": [1]}}");

        assertThat(importFiles(PeerFormat.MEE6, false, page).lines())
                .contains("Not carried over: players[].badge, extra");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "MEE6 | {\"players\": [{\"id\": \"1\", \"level\": 1, \"xp\": 100}, {\"id\": \"abc\", \"level\": 1,"
                        + " \"xp\": 1}]} | players[1] (id \"abc\"): not a user id",
                "MEE6 | {\"players\": [{\"id\": \"0\", \"level\": 0, \"xp\": 1}]} | players[0] (id \"0\"): not a user id",
                "MEE6 | {\"players\": [{\"id\": 1, \"level\": 0, \"xp\": 1}]} | players[0]: id must be a string",
                "MEE6 | {\"players\": [{\"id\": \"1\", \"level\": 0, \"xp\": 18446744073709551616}]}"
                        + " | players[0] (id \"1\"): xp must be an integer from 0 to 18446744073709551615",
                "MEE6 | {\"players\": [{\"id\": \"1\", \"level\": -1, \"xp\": 1}]}"
                        + " | players[0] (id \"1\"): level must be an integer from 0",
                "MEE6 | {\"players\": [{\"id\": \"1\", \"xp\": 1}]} | players[0] (id \"1\"): level is required",
                "MEE6 | {\"players\": [{\"id\": \"1\", \"level\": 0, \"xp\": 1}, {\"id\": \"01\", \"level\": 0, \"xp\": 1}]}"
                        + " | players[1] (id \"01\"): user 1 appears more than once in the import",
                "MEE6 | {\"players\": [{\"guild_id\": \"42\", \"id\": \"1\", \"level\": 0, \"xp\": 1}]}"
                        + " | players[0]: guild_id \"42\" is not the guild of --guild, 100000000000000001",
                "MEE6 | {\"players\": [{\"id\": \"1\", \"level\": 0, \"xp\": 1, \"guild_id\": 100000000000000001}]}"
                        + " | players[0] (id \"1\"): guild_id must be a string",
                "MEE6 | {\"page\": 0} | a mee6 file must be a page of MEE6's leaderboard API",
                "MEE6 | [] | a mee6 file must be a page",
                "MEE6 | {\"players\": {}} | players must be an array",
                "POLARIS | {\"users\": {\"1\": {\"xp\": 1.5}}} | users[\"1\"]: xp must be an integer",
                "POLARIS | {\"users\": {\"x\": {\"xp\": 1}}} | users[\"x\"]: not a user id",
                "POLARIS | {\"users\": {\"1\": {\"xp\": 1}, \"1\": {\"xp\": 2}}} | not valid JSON: Duplicate field '1'",
                "POLARIS | {\"settings\": {}} | a polaris file must be a JSON object with a users object",
                "POLARIS | {\"users\": []} | users must be an object whose keys are user ids",
                "POLARIS | {\"users\": {\"1\": 5}} | users[\"1\"]: must be an object",
                "LURKR | {\"levels\": [{\"userId\": \"1\", \"level\": 0, \"xp\": -5}]}"
                        + " | levels[0] (userId \"1\"): xp must be an integer",
                "LURKR | {\"levels\": [{\"id\": \"1\", \"level\": 0, \"xp\": 5}]} | levels[0]: userId is required",
                "LURKR | {\"levels\": 3} | levels must be an array",
                "LURKR | {\"levels\": [{\"userId\": \"1\", \"guildId\": \"7\", \"level\": 0, \"xp\": 5}]}"
                        + " | levels[0] (userId \"1\"): guildId \"7\" is not the guild of --guild, 100000000000000001",
                "XPD | {\"id\": \"1\", \"xp\": 1} | an xpd file must be a JSON array",
                "XPD | [{\"id\": \"1\", \"xp\": 1}, 7] | [1]: must be an object",
                "XPD | [{\"id\": \"1\", \"xp\": 1} | not valid JSON",
                "XPD | [{\"id\": \"1\", \"xp\": 1}] [] | unexpected content after the file's JSON value",
                "XPD | [{\"id\": \"1\", \"xp\": 1}, {\"id\": \"2\", \"xp\": 1, \"xp\": 2}] | [1] (id \"2\"): not valid JSON"
            })
    void aBrokenFile_importsNothing_andTheMessageNamesTheFileAndTheRecord(
            PeerFormat format, String json, String message) throws IOException {
        levels.put(new LevelRecord("9:9", U64.ZERO, U64.ZERO));
        Path bad = file("bad.json", json);

        assertThatThrownBy(() -> importFiles(format, false, bad))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith(bad + ": ")
                .hasMessageContaining(message);
        assertThat(stored()).containsOnlyKeys("9:9");
    }

    @Test
    void aUserOnTwoMee6Pages_failsTheImport_namingTheSecondPage() throws IOException {
        Path first = file("p0.json", "{\"players\": [{\"id\": \"1\", \"level\": 0, \"xp\": 1}]}");
        Path second = file(
                "p1.json",
                "{\"players\": [{\"id\": \"2\", \"level\": 0, \"xp\": 1}, {\"id\": \"1\", \"level\":"
                        + " 0, \"xp\": 1}]}");

        assertThatThrownBy(() -> importFiles(PeerFormat.MEE6, false, first, second))
                .hasMessage(second + ": players[1] (id \"1\"): user 1 appears more than once in the import");
        assertThat(stored()).isEmpty();
    }

    @Test
    void withoutReplace_aUserTheGuildAlreadyHas_failsTheImport_andOtherGuildsDoNotCount() {
        levels.put(
                new LevelRecord("100000000000000001:300000000000000002", U64.ZERO, U64.ZERO),
                new LevelRecord("100000000000000002:300000000000000001", U64.ZERO, U64.ZERO));

        assertThatThrownBy(() -> importFiles(PeerFormat.XPD, false, SAMPLES.resolve("xpd.json")))
                .hasMessageEndingWith("[1] (id \"300000000000000002\"): guild 100000000000000001 already has a level"
                        + " record for user 300000000000000002 (--replace replaces all of the guild's level records)");
        assertThat(stored()).hasSize(2).containsEntry("100000000000000001:300000000000000002", "0/0");
    }

    @Test
    void withReplace_theGuildsRecordsAreReplaced_andOtherGuildsKeepTheirs() {
        levels.put(
                new LevelRecord("100000000000000001:300000000000000002", U64.ZERO, U64.ZERO),
                new LevelRecord("100000000000000001:300000000000000009", U64.ZERO, U64.ZERO),
                new LevelRecord("100000000000000002:300000000000000001", U64.ZERO, U64.ZERO));

        PeerImportResult result = importFiles(PeerFormat.XPD, true, SAMPLES.resolve("xpd.json"));

        assertThat(stored())
                .containsAllEntriesOf(SAMPLE_RECORDS)
                .containsEntry("100000000000000002:300000000000000001", "0/0")
                .hasSize(4);
        assertThat(result.lines().get(0)).endsWith(", replacing the guild's 2 level records");
    }

    @Test
    void everyFormatIsNamedForTheCommandLine() {
        assertThat(Arrays.stream(PeerFormat.values()).map(PeerFormat::toString))
                .containsExactly("mee6", "polaris", "lurkr", "xpd");
        assertThat(PeerFormat.named("MEE6")).contains(PeerFormat.MEE6);
        assertThat(PeerFormat.named("amari")).isEmpty();
    }
}
