package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.app.datafile.DataFileExport;
import com.communitybot.app.datafile.DataFileImport;
import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.core.testing.InMemoryStoreTransfer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hostile inputs of issue 13 at the two file readers, the data file of {@code import} and the guild
 * snapshot of {@code serve}: each is read or refused with the reader's documented error (the message
 * {@code import} prints before it exits 1; the message {@code serve} prints or logs), at once. Never a stack
 * overflow, an out-of-memory or another exception.
 */
@Timeout(60)
class HostileFilesTest {

    private static final String DEEP_ARRAYS = "[".repeat(100_000) + "]".repeat(100_000);
    private static final String DEEP_OBJECTS = "{\"a\": ".repeat(100_000) + "1" + "}".repeat(100_000);
    private static final String MILLION_DIGITS = "7".repeat(1_000_000);
    private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

    @TempDir
    Path dir;

    private final InMemoryStoreTransfer store =
            new InMemoryStoreTransfer(new InMemoryLevelStore(), new InMemorySettingsStore(), new InMemoryBetaStore());

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private String export() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new DataFileExport(store).exportTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The data file is refused with the message {@code import} prints, and nothing is stored. */
    private String importRefused(byte[] file) {
        String before = export();
        try {
            new DataFileImport(store).importFrom(new ByteArrayInputStream(file));
        } catch (InvalidInputException e) {
            assertThat(export()).isEqualTo(before);
            return e.getMessage();
        }
        throw new AssertionError("imported");
    }

    private void imported(byte[] file) {
        new DataFileImport(store).importFrom(new ByteArrayInputStream(file));
    }

    /** The snapshot is refused with the message {@code serve} prints at start (and logs on a change). */
    private String snapshotRefused(byte[] file) throws IOException {
        Path path = Files.write(dir.resolve("snapshot.json"), file);
        try (SnapshotGuildView view = SnapshotGuildView.watch(path)) {
            throw new AssertionError("read " + view.guildCount() + " guilds");
        } catch (SnapshotGuildView.InvalidSnapshotException e) {
            assertThat(e.getMessage()).startsWith("Guild snapshot " + path);
            return e.getMessage().substring(("Guild snapshot " + path).length());
        }
    }

    private SnapshotGuildView snapshot(byte[] file) throws IOException {
        return SnapshotGuildView.watch(Files.write(dir.resolve("snapshot.json"), file));
    }

    private static String level(String extra) {
        return "{\"levels\": [{\"id\": \"1:2\", \"xp\": 1, \"level\": 1, \"x\": " + extra + "}]}";
    }

    private static String guild(String extra) {
        return "{\"guilds\": [{\"guild_id\": \"1\", \"name\": \"n\", \"roles\": [], \"members\": [], \"x\": " + extra
                + "}]}";
    }

    @Test
    void nesting100000Deep_isRefused() throws IOException {
        for (String deep : List.of(DEEP_ARRAYS, DEEP_OBJECTS)) {
            assertThat(importRefused(bytes(level(deep))))
                    .contains("not valid JSON: Document nesting depth (1001) exceeds");
            assertThat(snapshotRefused(bytes(guild(deep))))
                    .contains("not valid JSON: Document nesting depth (1001) exceeds");
        }
    }

    @Test
    void aNumberOfAMillionDigits_isRefused() throws IOException {
        assertThat(importRefused(
                        bytes("{\"levels\": [{\"id\": \"1:2\", \"xp\": " + MILLION_DIGITS + ", \"level\": 1}]}")))
                .contains("not valid JSON: Number value length");
        assertThat(snapshotRefused(
                        bytes("{\"guilds\": [{\"guild_id\": \"1\", \"name\": \"n\", \"roles\": [{\"role_id\": \"2\","
                                + " \"role_name\": \"r\", \"color\": " + MILLION_DIGITS
                                + ", \"position\": 0}], \"members\": []}]}")))
                .contains("not valid JSON: Number value length");
    }

    @Test
    void aTenMegabyteString_isRead() throws IOException {
        String ten = "s".repeat(10_000_000);
        imported(bytes("{\"beta_servers\": [{\"guild_id\": \"" + ten
                + "\", \"added_at\": \"2026-01-01T00:00:00Z\", \"added_by\": \"API\"}]}"));
        assertThat(export()).contains(ten);
        try (SnapshotGuildView view = snapshot(bytes(
                "{\"guilds\": [{\"guild_id\": \"1\", \"name\": \"" + ten + "\", \"roles\": [], \"members\": []}]}"))) {
            assertThat(view.contains(new GuildId(1))).isTrue();
        }
    }

    @Test
    void invalidUtf8_isRefused() throws IOException {
        byte[] bad = {'"', (byte) 0xff, '"'};
        assertThat(importRefused(concat(bytes("{\"levels\": [{\"id\": "), bad, bytes(", \"xp\": 1, \"level\": 1}]}"))))
                .contains("not valid JSON: Invalid UTF-8 start byte 0xff");
        assertThat(snapshotRefused(concat(
                        bytes("{\"guilds\": [{\"guild_id\": \"1\", \"name\": "),
                        bad,
                        bytes(", \"roles\": [], \"members\": []}]}"))))
                .contains("not valid JSON: Invalid UTF-8 start byte 0xff");
    }

    @Test
    void aByteOrderMark_isSkipped() throws IOException {
        imported(concat(BOM, bytes("{\"levels\": [{\"id\": \"1:2\", \"xp\": 1, \"level\": 1}]}")));
        assertThat(export()).contains("\"1:2\"");
        try (SnapshotGuildView view = snapshot(concat(BOM, bytes(guild("0"))))) {
            assertThat(view.guildCount()).isEqualTo(1);
        }
    }

    @Test
    void aRawNulByte_isRefused_anEscapedOneIsText() throws IOException {
        assertThat(importRefused(bytes(level("\"a\u0000b\""))))
                .contains("not valid JSON: Illegal unquoted character ((CTRL-CHAR, code 0))");
        assertThat(snapshotRefused(bytes(guild("\"a\u0000b\""))))
                .contains("not valid JSON: Illegal unquoted character ((CTRL-CHAR, code 0))");
        imported(bytes("{\"beta_servers\": [{\"guild_id\": \"a\\u0000b\", \"added_at\": \"2026-01-01T00:00:00Z\","
                + " \"added_by\": \"API\"}]}"));
        assertThat(export()).contains("a\\u0000b");
    }

    @Test
    void aLoneSurrogateInAKey_isRefused_aPairIsAKeyLikeAnyOther() throws IOException {
        assertThat(importRefused(bytes(
                        "{\"guild_settings\": [{\"guild_id\": \"1\", \"level_role_stack\": {\"\\ud800\": [1]}}]}")))
                .contains("not valid JSON: Broken surrogate pair in field name");
        assertThat(snapshotRefused(bytes(guild("{\"\\ud800\": 1}"))))
                .contains("not valid JSON: Broken surrogate pair in field name");
        imported(bytes(
                "{\"guild_settings\": [{\"guild_id\": \"1\", \"level_role_stack\": {\"\\ud83d\\ude00\": [1]}}]}"));
        assertThat(export()).contains("\\uD83D\\uDE00");
        try (SnapshotGuildView view = snapshot(bytes(guild("{\"\\ud83d\\ude00\": {\"\\ud800\\udc00\": 2}}")))) {
            assertThat(view.guildCount()).isEqualTo(1);
        }
    }

    /** {@code import --from} reads other bots' exports with the same parser and the same words. */
    @Test
    void otherBotsExports_refuseTheLimitsWithTheirMessage() throws IOException {
        for (String hostile : List.of(DEEP_ARRAYS, MILLION_DIGITS)) {
            Path file =
                    Files.writeString(dir.resolve("xpd.json"), "[{\"id\": \"1\", \"xp\": 1, \"x\": " + hostile + "}]");
            try {
                new com.communitybot.app.movein.PeerImport(store)
                        .importFiles(new com.communitybot.app.movein.PeerImport.Request(
                                new GuildId(1),
                                com.communitybot.app.movein.PeerFormat.XPD,
                                com.communitybot.core.usecase.LevelCurve.MEE6,
                                false,
                                List.of(file)));
                throw new AssertionError("imported");
            } catch (InvalidInputException e) {
                assertThat(e.getMessage()).contains("not valid JSON: ").contains("exceeds the maximum allowed");
            }
        }
    }

    @Test
    void aRepeatedField_isRefusedInEveryObjectOfTheSnapshot_atTheRepeatedName() throws IOException {
        String role = "\"role_id\": \"2\", \"role_name\": \"r\", \"color\": 0, \"position\": 0";
        String member = "\"user_id\": \"3\", \"username\": \"u\", \"avatar\": \"a\"";
        String wide = java.util.stream.IntStream.range(0, 20)
                .mapToObj(i -> "\"f" + i + "\": [" + i + "]")
                .collect(java.util.stream.Collectors.joining(", "));
        List<String> repeated = List.of(
                "guild_id",
                "roles",
                "members",
                "name",
                "role_id",
                "role_name",
                "color",
                "position",
                "tag",
                "user_id",
                "username",
                "avatar",
                "nick",
                "f7",
                "f19");
        List<String> guilds = List.of(
                "{\"guild_id\": \"1\", \"guild_id\": \"1\"}",
                "{\"guild_id\": \"1\", \"roles\": [], \"members\": [], \"roles\": null}",
                "{\"members\": [], \"guild_id\": \"1\", \"members\": []}",
                "{\"guild_id\": \"1\", \"name\": \"n\", \"roles\": [], \"name\": \"n\"}",
                "{\"guild_id\": \"1\", \"roles\": [{" + role + ", \"role_id\": \"2\"}]}",
                "{\"guild_id\": \"1\", \"roles\": [{" + role + ", \"role_name\": \"r\"}]}",
                "{\"guild_id\": \"1\", \"roles\": [{" + role + ", \"color\": 0}]}",
                "{\"guild_id\": \"1\", \"roles\": [{" + role + ", \"position\": 0}]}",
                "{\"guild_id\": \"1\", \"roles\": [{\"tag\": {}, " + role + ", \"tag\": 1}]}",
                "{\"guild_id\": \"1\", \"members\": [{" + member + ", \"user_id\": \"3\"}]}",
                "{\"guild_id\": \"1\", \"members\": [{" + member + ", \"username\": \"u\"}]}",
                "{\"guild_id\": \"1\", \"members\": [{" + member + ", \"avatar\": \"a\"}]}",
                "{\"guild_id\": \"1\", \"members\": [{\"nick\": null, " + member + ", \"nick\": 1}]}",
                // Past the names searched one by one: the hash set of a wide object.
                "{\"guild_id\": \"1\", \"members\": [{" + member + ", " + wide + ", \"f7\": 1}]}",
                "{\"guild_id\": \"1\", \"x\": {" + wide + ", \"f19\": 1}}");
        for (int i = 0; i < guilds.size(); i++) {
            String file = "{\"guilds\": [\n" + guilds.get(i) + "]}";
            String name = repeated.get(i);
            int column = guilds.get(i).lastIndexOf("\"" + name + "\"") + 1;
            assertThat(snapshotRefused(bytes(file)))
                    .as(file)
                    .isEqualTo(" is not valid JSON: Duplicate field '" + name + "' (line 2, column " + column + ")");
        }
        // The same fields once each, and twenty other names, are a good snapshot.
        try (SnapshotGuildView view = snapshot(bytes("{\"guilds\": [{\"guild_id\": \"1\", \"roles\": [{" + role + ", "
                + wide + "}], \"members\": [{" + member + ", " + wide + "}], " + wide + "}], " + wide + "}"))) {
            assertThat(view.guildCount()).isEqualTo(1);
        }
    }

    @Test
    void duplicateKeys_areRefusedAtEveryDepth() throws IOException {
        assertThat(importRefused(bytes("{\"levels\": [], \"levels\": []}"))).contains("Duplicate field 'levels'");
        assertThat(snapshotRefused(bytes("{\"guilds\": [], \"guilds\": []}"))).contains("Duplicate field 'guilds'");
        for (int depth : List.of(1, 2, 5, 100, 995)) {
            String value = "{\"k\": 1, \"k\": 2}";
            for (int i = 1; i < depth; i++) {
                value = i % 2 == 0 ? "{\"d\": " + value + "}" : "[" + value + "]";
            }
            assertThat(importRefused(bytes(level(value))))
                    .as("a repeated key %d levels down", depth)
                    .contains("not valid JSON: Duplicate field 'k'");
            assertThat(snapshotRefused(bytes(guild(value))))
                    .as("a repeated key %d levels down", depth)
                    .contains("not valid JSON: Duplicate field 'k'");
        }
    }
}
