package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.model.UserId;
import com.communitybot.core.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slf4j.LoggerFactory;

class SnapshotGuildViewTest {

    static final String CONTRACT_EXAMPLE =
            """
            {
              "guilds": [
                {
                  "guild_id": "100000000000000001",
                  "name": "Test Guild",
                  "roles": [
                    {"role_id": "100000000000000001", "role_name": "@everyone", "color": 0, "position": 0},
                    {"role_id": "200000000000000001", "role_name": "Level 5", "color": 3447003, "position": 1}
                  ],
                  "members": [
                    {"user_id": "300000000000000001", "username": "Alice", "avatar": "https://cdn.example/a.png"}
                  ]
                }
              ]
            }
            """;
    private static final GuildId GUILD = new GuildId(100000000000000001L);

    @TempDir
    Path dir;

    private Path write(String name, String json) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, json);
        return file;
    }

    /** Replaces the file as editors and deploy tools do: a new file moved over the old one. */
    private void replace(Path file, String json) throws IOException {
        Path next = dir.resolve(file.getFileName() + ".next");
        Files.writeString(next, json);
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void within(Duration limit, Await.Condition condition) {
        Await.until("the view changed within " + limit, limit, condition);
    }

    /** The view's warnings, each the sign that a check of the file found it unusable and kept the last view. */
    private static ListAppender<ILoggingEvent> warnings() {
        ListAppender<ILoggingEvent> warnings = new ListAppender<>();
        warnings.start();
        ((Logger) LoggerFactory.getLogger(SnapshotGuildView.class)).addAppender(warnings);
        return warnings;
    }

    private static void stopRecording(ListAppender<ILoggingEvent> warnings) {
        ((Logger) LoggerFactory.getLogger(SnapshotGuildView.class)).detachAppender(warnings);
    }

    private static List<String> keptLastGoodView(ListAppender<ILoggingEvent> warnings) {
        synchronized (warnings) {
            return warnings.list.stream()
                    .map(ILoggingEvent::getFormattedMessage)
                    .filter(line -> line.endsWith("; keeping the last good view"))
                    .toList();
        }
    }

    @Test
    void readsTheContractsExample() throws IOException {
        try (SnapshotGuildView view = SnapshotGuildView.watch(write("guilds.json", CONTRACT_EXAMPLE))) {
            assertThat(view.contains(GUILD)).isTrue();
            assertThat(view.contains(new GuildId(100000000000000002L))).isFalse();
            assertThat(view.roles(GUILD).orElseThrow())
                    .containsExactlyInAnyOrder(
                            new Role(new RoleId(100000000000000001L), "@everyone", 0, 0),
                            new Role(new RoleId(200000000000000001L), "Level 5", 3447003, 1));
            assertThat(view.member(GUILD, new UserId(300000000000000001L)))
                    .contains(new Member(new UserId(300000000000000001L), "Alice", "https://cdn.example/a.png"));
            assertThat(view.member(GUILD, new UserId(1))).isEmpty();
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"guilds\": [{\"guild_id\": \"1\", \"roles\": [{\"role_id\": \"2\", \"role_name\": \"r\", \"color\": -1, \"position\": 0}]}]}"
                        + "| guilds[0].roles[0].color: must be an integer from 0 to 4294967295",
                "{\"guilds\": [{\"guild_id\": \"1\", \"roles\": [{\"role_id\": \"2\", \"role_name\": \"r\", \"color\": 0, \"position\": 65536}]}]}"
                        + "| guilds[0].roles[0].position: must be an integer from 0 to 65535",
                "{\"guilds\": [{\"guild_id\": \"1\"}, {\"guild_id\": \"x\"}]}"
                        + "| guilds[1].guild_id: must be the decimal string of an unsigned 64-bit integer",
                "{\"guilds\": [{\"guild_id\": 1}]}| guilds[0].guild_id: must be a string",
                "{\"guilds\": [{\"guild_id\": \"1\", \"members\": [{\"user_id\": \"5\", \"username\": \"a\"}]}]}"
                        + "| guilds[0].members[0].avatar: must be a string",
                "{\"guilds\": [{\"guild_id\": \"1\"}, {\"guild_id\": \"01\"}]}| guilds[1].guild_id: guild 1 is listed twice",
                "{\"guilds\": [{\"roles\": [{\"role_id\": \"2\", \"role_name\": \"r\", \"color\": 0, \"position\": 0}]}]}"
                        + "| guilds[0].guild_id: must be a string",
                "{\"guilds\": [{\"guild_id\": \"1\", \"roles\": [{\"role_id\": \"2\", \"color\": 0, \"position\": 0}]}]}"
                        + "| guilds[0].roles[0].role_name: must be a string",
                "{\"guilds\": [{\"guild_id\": \"1\", \"members\": {}}]}| guilds[0].members: must be an array",
                "{\"guilds\": [{\"guild_id\": \"1\", \"roles\": [7]}]}| guilds[0].roles[0]: must be an object",
                "{\"guilds\": null}| guilds: must be an array",
                "{}| guilds: must be an array",
                "[]| must be a JSON object with a \"guilds\" array"
            })
    void aMalformedFile_isRefused_sayingWhatAndWhere(String json, String message) throws IOException {
        Path file = write("bad.json", json);

        assertThatThrownBy(() -> SnapshotGuildView.watch(file))
                .isInstanceOf(SnapshotGuildView.InvalidSnapshotException.class)
                .hasMessage("Guild snapshot " + file + ": " + message);
    }

    @Test
    void brokenJson_namesTheLine() throws IOException {
        Path file = write("broken.json", "{\n  \"guilds\": [\n    {\"guild_id\": }\n  ]\n}");

        assertThatThrownBy(() -> SnapshotGuildView.watch(file))
                .hasMessageStartingWith("Guild snapshot " + file + " is not valid JSON")
                .hasMessageContaining("line 3");
    }

    @Test
    void contentAfterTheObject_isRefusedAsBrokenJson() throws IOException {
        Path file = write("trailing.json", "{\"guilds\": []}\n{}");

        assertThatThrownBy(() -> SnapshotGuildView.watch(file))
                .hasMessageStartingWith("Guild snapshot " + file + " is not valid JSON")
                .hasMessageContaining("(line 2, column 1)");
    }

    @Test
    void unknownFields_areIgnored_whateverTheyHold() throws IOException {
        Path file = write(
                "extra.json",
                "{\"version\": [{\"guilds\": 1}], \"guilds\": [{\"guild_id\": \"5\", \"icon\": {\"roles\": 1},"
                        + " \"members\": [{\"user_id\": \"6\", \"username\": \"u\", \"avatar\": \"\", \"bot\": false}]}]}");

        try (SnapshotGuildView view = SnapshotGuildView.watch(file)) {
            assertThat(view.member(new GuildId(5), new UserId(6))).contains(new Member(new UserId(6), "u", ""));
        }
    }

    @Test
    void aMissingFile_isRefused() {
        assertThatThrownBy(() -> SnapshotGuildView.watch(dir.resolve("missing.json")))
                .hasMessageContaining("cannot be read");
    }

    @Test
    void aChangedFile_isServedWithinTwoSeconds_andABadChangeKeepsTheLastGoodView() throws Exception {
        Path file = write("guilds.json", CONTRACT_EXAMPLE);
        ListAppender<ILoggingEvent> warnings = warnings();
        try (SnapshotGuildView view = SnapshotGuildView.watch(file)) {
            replace(file, "{\"guilds\": [{\"guild_id\": \"7\"}]}");
            within(Duration.ofSeconds(2), () -> view.contains(new GuildId(7)));
            assertThat(view.contains(GUILD)).isFalse();

            // Each check that finds the file unusable says so once; after that warning the view has been kept.
            Files.delete(file);
            Await.until(
                    "the deleted file refused",
                    Duration.ofSeconds(2),
                    () -> keptLastGoodView(warnings).size() == 1);
            assertThat(view.contains(new GuildId(7))).isTrue();

            replace(file, "{\"guilds\": [{\"guild_id\": \"8\"");
            Await.until(
                    "the broken file refused",
                    Duration.ofSeconds(2),
                    () -> keptLastGoodView(warnings).size() == 2);
            assertThat(view.contains(new GuildId(7))).isTrue();
            assertThat(view.contains(new GuildId(8))).isFalse();

            Files.writeString(file, "{\"guilds\": [{\"guild_id\": \"9\"}]}");
            within(Duration.ofSeconds(2), () -> view.contains(new GuildId(9)));
            assertThat(keptLastGoodView(warnings))
                    .as("warnings")
                    .satisfiesExactly(
                            deleted -> assertThat(deleted).contains("cannot be read"),
                            broken -> assertThat(broken).contains("is not valid JSON"));
        } finally {
            stopRecording(warnings);
        }
    }

    @Test
    void aChangeInPlace_isNoticedToo() throws Exception {
        Path file = write("guilds.json", "{\"guilds\": []}");
        try (SnapshotGuildView view = SnapshotGuildView.watch(file)) {
            Files.writeString(file, "{\"guilds\": [{\"guild_id\": \"12\", \"roles\": [], \"members\": []}]}");
            within(Duration.ofSeconds(2), () -> view.contains(new GuildId(12)));
        }
    }

    @Test
    void membersAreAnsweredExactlyAsListed_whereverTheGuildIdStands_andALaterEntryOfAUserWins() throws IOException {
        String hash = "0123456789abcdef0123456789abcdef";
        String cdn = "https://cdn.discordapp.com/avatars/300000000000000001/a_" + hash + ".webp?animated=true";
        String json =
                """
                {"guilds": [{
                  "members": [
                    {"user_id": "300000000000000001", "username": "Alice", "avatar": "%s"},
                    {"user_id": "300000000000000002", "username": "Bob ✓", "avatar": "https://cdn.discordapp.com/embed/avatars/2.png"},
                    {"user_id": "300000000000000002", "username": "Bobby", "avatar": "https://cdn.example/b.png?size=64"}
                  ],
                  "guild_id": "100000000000000001"
                }]}
                """
                        .formatted(cdn);
        try (SnapshotGuildView view = SnapshotGuildView.watch(write("late-id.json", json))) {
            assertThat(view.member(GUILD, new UserId(300000000000000001L)))
                    .contains(new Member(new UserId(300000000000000001L), "Alice", cdn));
            assertThat(view.member(GUILD, new UserId(300000000000000002L)))
                    .contains(
                            new Member(new UserId(300000000000000002L), "Bobby", "https://cdn.example/b.png?size=64"));
        }
    }
}
