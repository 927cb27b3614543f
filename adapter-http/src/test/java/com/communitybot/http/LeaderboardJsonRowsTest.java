package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.testing.InMemoryGuildView;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.OneGuildView;
import com.communitybot.core.testing.Utf8Members;
import com.communitybot.core.usecase.Leaderboard;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The body written from rows is the body written from entries, byte for byte and chunk for chunk. */
class LeaderboardJsonRowsTest {

    private static final GuildId GUILD = new GuildId(100_000_000_000_000_001L);
    private static final String HASH = "0123456789abcdef0123456789abcdef";
    private static final List<String> NAMES = List.of(
            "plain",
            "",
            "quote \" and backslash \\ and slash /",
            "controls \u0000 \u0001 \u001f \t \n \r \b \f",
            "delete \u007f",
            "ü ß é",
            "€ 中文 \u2028 \u2029 \uFFFD",
            "emoji 😀 and 👍🏽",
            "lone surrogates \uD800 x \uDC00",
            "𝕏".repeat(50),
            "long ".repeat(200));

    private static List<Long> users() {
        List<Long> users = new ArrayList<>();
        for (long user = 1; user <= 3_000; user++) {
            users.add(user);
        }
        users.add(-1L); // 18446744073709551615
        return users;
    }

    private static InMemoryLevelStore levels() {
        InMemoryLevelStore levels = new InMemoryLevelStore();
        for (long user : users()) {
            levels.put(new LevelRecord(
                    GUILD + ":" + Long.toUnsignedString(user),
                    new U64(user * 7919 % 100_000),
                    new U64(user == -1L ? -1L : user % 40)));
        }
        levels.put(new LevelRecord(GUILD + ":not-a-user", new U64(5), new U64(5)));
        return levels;
    }

    private static String avatar(long user) {
        return switch ((int) Long.remainderUnsigned(user, 7)) {
            case 0 -> "https://cdn.discordapp.com/avatars/" + Long.toUnsignedString(user) + "/" + HASH + ".png";
            case 1 ->
                "https://cdn.discordapp.com/avatars/" + Long.toUnsignedString(user) + "/a_" + HASH
                        + ".webp?animated=true";
            case 2 ->
                "https://cdn.discordapp.com/guilds/" + GUILD + "/users/" + Long.toUnsignedString(user) + "/avatars/"
                        + HASH + ".png";
            case 3 -> "https://cdn.discordapp.com/embed/avatars/" + Long.remainderUnsigned(user, 6) + ".png";
            case 4 -> "https://cdn.example/\"q\"\\/" + NAMES.get((int) Long.remainderUnsigned(user, NAMES.size()));
            case 5 -> "https://cdn.discordapp.com/avatars/" + Long.toUnsignedString(user) + "/b0b.png";
            default -> "";
        };
    }

    private static String name(long user) {
        return NAMES.get((int) Long.remainderUnsigned(user, NAMES.size())) + " " + Long.toUnsignedString(user);
    }

    /** Every third user is not a member. */
    private static boolean isMember(long user) {
        return Long.remainderUnsigned(user, 3) != 0;
    }

    private static List<byte[]> chunks(LeaderboardJson body) throws IOException {
        List<byte[]> chunks = new ArrayList<>();
        try (body) {
            for (byte[] chunk = body.nextChunk(); chunk != null; chunk = body.nextChunk()) {
                chunks.add(chunk);
            }
        }
        return chunks;
    }

    private static void assertTheSameBody(Leaderboard leaderboard) throws IOException {
        List<byte[]> fromEntries = chunks(new LeaderboardJson(leaderboard.of(GUILD)));
        List<byte[]> fromRows = chunks(new LeaderboardJson(leaderboard.rows(GUILD), (rows, bytes) -> {}));
        assertThat(fromRows).hasSameSizeAs(fromEntries);
        assertThat(fromEntries.size()).isGreaterThan(3);
        for (int i = 0; i < fromEntries.size(); i++) {
            assertThat(fromRows.get(i)).as("chunk " + i).isEqualTo(fromEntries.get(i));
        }
    }

    @Test
    void membersOfAViewOfStrings() throws IOException {
        List<Member> members = new ArrayList<>();
        for (long user : users()) {
            if (isMember(user)) {
                members.add(new Member(new UserId(user), name(user), avatar(user)));
            }
        }
        InMemoryGuildView guilds = new InMemoryGuildView().withGuild(GUILD, List.of(), members);
        assertTheSameBody(new Leaderboard(guilds, levels()));
    }

    @Test
    void membersOfAViewOfUtf8() throws IOException {
        Utf8Members members = new Utf8Members();
        for (long user : users()) {
            if (isMember(user)) {
                members.put(user, name(user), avatar(user));
            }
        }
        GuildView guilds = new OneGuildView(GUILD, members);
        assertTheSameBody(new Leaderboard(guilds, levels()));
    }
}
