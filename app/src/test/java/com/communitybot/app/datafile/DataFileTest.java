package com.communitybot.app.datafile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.model.U64;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.core.testing.InMemoryStoreTransfer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DataFileTest {

    static final String CONTRACT_EXAMPLE =
            """
            {
              "levels": [
                {"id": "100000000000000001:300000000000000001", "xp": 1200, "level": 7}
              ],
              "guild_settings": [
                {
                  "guild_id": "100000000000000001",
                  "level_role_stack": {"main": [{"role_id": "200000000000000001", "level": 5}, 200000000000000002]},
                  "level_up_role_mapper": {"200000000000000003": 200000000000000004}
                }
              ],
              "beta_servers": [
                {"guild_id": "100000000000000001", "added_at": "2026-01-01T00:00:00Z", "added_by": "API"}
              ]
            }
            """;

    private final InMemoryLevelStore levels = new InMemoryLevelStore();
    private final InMemorySettingsStore settings = new InMemorySettingsStore();
    private final InMemoryBetaStore beta = new InMemoryBetaStore();
    private final InMemoryStoreTransfer store = new InMemoryStoreTransfer(levels, settings, beta);

    private DataFileCounts importText(String json) {
        return new DataFileImport(store).importFrom(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    private String export() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new DataFileExport(store).exportTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void importsTheContractsExample_withLegacyRoles() {
        DataFileCounts counts = importText(CONTRACT_EXAMPLE);

        GuildId guild = new GuildId(100000000000000001L);
        assertThat(counts).isEqualTo(new DataFileCounts(1, 1, 1, 1, 1));
        assertThat(levels.all()).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo("100000000000000001:300000000000000001");
            assertThat(r.xp().toString()).isEqualTo("1200");
            assertThat(r.level().toString()).isEqualTo("7");
        });
        assertThat(settings.tracks(guild))
                .containsExactly(new LevelTrack(
                        "main",
                        List.of(
                                new TrackLevelRole("200000000000000001", U64.ofNonNegative(5)),
                                new TrackLevelRole("200000000000000002", U64.ZERO))));
        assertThat(settings.bridges(guild))
                .containsExactly(new LevelBridge("200000000000000003", new RoleId(200000000000000004L)));
        assertThat(beta.all())
                .containsExactly(new BetaServer("100000000000000001", Instant.parse("2026-01-01T00:00:00Z")));
    }

    @Test
    void exportThenImportIntoAnEmptyStoreThenExport_givesTheSameContent() {
        importText(CONTRACT_EXAMPLE);
        importText(
                """
                {"levels": [{"id": "1:abc", "xp": 18446744073709551615, "level": 18446744073709551615},
                            {"id": "1:\u00e9", "xp": 0, "level": 0}],
                 "guild_settings": [{"guild_id": "18446744073709551615", "level_role_stack": {"empty": [], "b": [3], "a": [1]},
                                     "level_up_role_mapper": {"x": "+0007"}}],
                 "beta_servers": [{"guild_id": "z", "added_at": "2026-05-06T07:08:09.123+02:00"}]}
                """);
        String first = export();

        InMemoryStoreTransfer empty = new InMemoryStoreTransfer(
                new InMemoryLevelStore(), new InMemorySettingsStore(), new InMemoryBetaStore());
        new DataFileImport(empty).importFrom(new ByteArrayInputStream(first.getBytes(StandardCharsets.UTF_8)));
        ByteArrayOutputStream second = new ByteArrayOutputStream();
        new DataFileExport(empty).exportTo(second);

        assertThat(second.toString(StandardCharsets.UTF_8)).isEqualTo(first);
        assertThat(first)
                .contains(
                        "\"xp\" : 18446744073709551615",
                        "\"x\" : 7",
                        "\"added_at\" : \"2026-05-06T05:08:09.123Z\"",
                        "\"empty\" : [ ]");
    }

    @Test
    void importingTheSameFileTwice_leavesTheSameStore() {
        importText(CONTRACT_EXAMPLE);
        String once = export();

        importText(CONTRACT_EXAMPLE);

        assertThat(export()).isEqualTo(once);
    }

    @Test
    void importUpsertsByKey() {
        importText(CONTRACT_EXAMPLE);
        importText(
                """
                {"levels": [{"id": "100000000000000001:300000000000000001", "xp": 1, "level": 1}],
                 "guild_settings": [{"guild_id": "100000000000000001", "level_role_stack": {"main": [9]}}],
                 "beta_servers": [{"guild_id": "100000000000000001", "added_at": "2027-01-01T00:00:00Z"}]}
                """);

        assertThat(levels.all()).singleElement().satisfies(r -> assertThat(r.xp().toString())
                .isEqualTo("1"));
        assertThat(settings.tracks(new GuildId(100000000000000001L)))
                .containsExactly(new LevelTrack("main", List.of(new TrackLevelRole("9", U64.ZERO))));
        assertThat(settings.bridges(new GuildId(100000000000000001L))).hasSize(1);
        assertThat(beta.all())
                .containsExactly(new BetaServer("100000000000000001", Instant.parse("2027-01-01T00:00:00Z")));
    }

    @Test
    void everyTopLevelKeyIsOptional() {
        assertThat(importText("{}")).isEqualTo(new DataFileCounts(0, 0, 0, 0, 0));
        assertThat(export())
                .isEqualTo("{\n  \"levels\" : [ ],\n  \"guild_settings\" : [ ],\n  \"beta_servers\" : [ ]\n}\n");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"levels\": [{\"id\": \"1:1\", \"xp\": 1, \"level\": 1}, {\"id\": \"1:2\", \"xp\": -1, \"level\": 1}]}"
                        + "| levels[1] (id \"1:2\"): xp must be an integer from 0 to 18446744073709551615",
                "{\"levels\": [{\"id\": \"1:2\", \"level\": 1}]}| levels[0] (id \"1:2\"): xp is required",
                "{\"levels\": [{\"id\": 5, \"xp\": 1, \"level\": 1}]}| levels[0]: id must be a string",
                "{\"levels\": [{\"id\": \"1:2\", \"xp\": 1, \"level\": 18446744073709551616}]}"
                        + "| levels[0] (id \"1:2\"): level must be an integer from 0 to 18446744073709551615",
                "{\"guild_settings\": [{\"guild_id\": \"x\"}]}| guild_settings[0]: guild_id must be an unsigned 64-bit integer",
                "{\"guild_settings\": [{\"guild_id\": \"1\", \"level_role_stack\": {\"main\": [{\"role_id\": true, \"level\": 1}]}}]}"
                        + "| guild_settings[0] (guild_id \"1\").level_role_stack[\"main\"]: role_id must be string or number",
                "{\"guild_settings\": [{\"guild_id\": \"1\", \"level_up_role_mapper\": {\"a\": -4}}]}"
                        + "| guild_settings[0] (guild_id \"1\"): level_up_role_mapper[\"a\"] must be an unsigned 64-bit integer",
                "{\"guild_settings\": [{\"level_role_stack\": {}}]}| guild_settings[0]: guild_id is required",
                "{\"beta_servers\": [{\"guild_id\": \"1\", \"added_at\": \"yesterday\"}]}"
                        + "| beta_servers[0] (guild_id \"1\"): added_at must be an RFC 3339 timestamp, such as 2026-01-01T00:00:00Z",
                "{\"beta_servers\": [{\"added_at\": \"2026-01-01T00:00:00Z\"}]}| beta_servers[0]: guild_id is required",
                "{\"level\": []}| unknown top-level key \"level\": a data file has levels, guild_settings and beta_servers",
                "[]| a data file must be a JSON object",
                "{\"levels\": {}}| levels must be an array",
                "{\"levels\": [1]}| levels[0]: must be an object"
            })
    void aFileWithAnyError_importsNothing_andNamesTheRecordAtFault(String file, String message) {
        String withGoodRecordsFirst = file.replaceFirst(
                        "^\\{",
                        "{\"beta_servers\": [{\"guild_id\": \"good\", \"added_at\": \"2026-01-01T00:00:00Z\"}],")
                .replace(",}", "}");
        if (file.startsWith("{\"beta_servers\"") || !file.startsWith("{")) {
            withGoodRecordsFirst = file;
        }

        String text = withGoodRecordsFirst;
        assertThatThrownBy(() -> importText(text))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(message);
        assertThat(levels.all()).isEmpty();
        assertThat(beta.all()).isEmpty();
        assertThat(settings.guilds()).isEmpty();
    }

    @Test
    void brokenJson_namesTheLine() {
        assertThatThrownBy(
                        () -> importText("{\n\"levels\": [\n{\"id\": \"1:1\", \"xp\": 1, \"level\": 1},\n{\"id\": }]}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("levels[1]: not valid JSON")
                .hasMessageContaining("line 4");
    }

    @Test
    void brokenJsonInsideARecord_namesTheRecordByItsKey() {
        assertThatThrownBy(() -> importText(
                        "{\"guild_settings\": [{\"guild_id\": \"1\", \"level_role_stack\": {\"a\": [1,]}}]}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("guild_settings[0] (guild_id \"1\"): not valid JSON: ");
    }

    @Test
    void brokenJsonJustAfterARecord_namesThatRecord() {
        assertThatThrownBy(() -> importText("{\"levels\": [{\"id\": \"1:1\", \"xp\": 1, \"level\": 1} x]}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("levels[0] (id \"1:1\"): not valid JSON: ");
    }

    @Test
    void brokenJsonOutsideAnyRecord_namesNoRecord() {
        assertThatThrownBy(() -> importText("{\"levels\": [], \"beta_servers\" []}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("not valid JSON: ")
                .hasMessageContaining("line 1, column");
    }

    @Test
    void repeatedKeys_areRefused() {
        assertThatThrownBy(
                        () -> importText("{\"levels\": [{\"id\": \"1:1\", \"id\": \"1:2\", \"xp\": 1, \"level\": 1}]}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("Duplicate field 'id'");
    }
}
