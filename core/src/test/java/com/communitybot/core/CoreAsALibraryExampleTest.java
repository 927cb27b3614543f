package com.communitybot.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.json.TrackLevelRoleParser;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.testing.LevelStoreContract;
import com.communitybot.core.usecase.Leaderboard;
import com.communitybot.core.usecase.LeaderboardOrder;
import com.communitybot.core.usecase.LeaderboardRanking;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The example of {@code docs/core.md}, compiled and run: another bot ranks a guild from its own store and
 * reads a stored role list with core. This file is the source of the doc's snippets; each region between
 * {@code tag::} and {@code end::} comments is one Java block of the doc, in order, which the last test checks.
 */
class CoreAsALibraryExampleTest {

    // tag::store[]
    /** Your bot's level records, wherever they live: here a list. */
    record MyLevels(List<LevelRecord> records) implements LevelStore {
        @Override
        public Stream<LevelRecord> recordsInLeaderboardOrder(GuildId guild) {
            String prefix = guild + ":";
            return records.stream().filter(r -> r.id().startsWith(prefix)).sorted(LeaderboardOrder.COMPARATOR);
        }
    }
    // end::store[]

    // tag::view[]
    /** The guilds your bot is in and their members, as your Discord library shows them: here a map. */
    record MyGuilds(Map<GuildId, List<Member>> members) implements GuildView {
        @Override
        public boolean contains(GuildId guild) {
            return members.containsKey(guild);
        }

        @Override
        public Optional<List<Role>> roles(GuildId guild) {
            return contains(guild) ? Optional.of(List.of()) : Optional.empty();
        }

        @Override
        public Optional<Member> member(GuildId guild, UserId user) {
            return members.getOrDefault(guild, List.of()).stream()
                    .filter(m -> m.id().equals(user))
                    .findFirst();
        }
    }
    // end::view[]

    @Test
    void rankingAGuildFromYourOwnStore() {
        // tag::rank[]
        GuildId guild = GuildId.parse("1000").orElseThrow();
        LevelStore levels = new MyLevels(List.of(
                new LevelRecord("1000:7", U64.ofNonNegative(120), U64.ofNonNegative(3)),
                new LevelRecord("1000:8", U64.ofNonNegative(900), U64.ofNonNegative(5)),
                new LevelRecord("1000:webhook", U64.ofNonNegative(50), U64.ofNonNegative(9)),
                new LevelRecord("2000:7", U64.ofNonNegative(999), U64.ofNonNegative(99))));
        GuildView guilds =
                new MyGuilds(Map.of(guild, List.of(new Member(new UserId(8), "Alice", "https://cdn.example/a.png"))));

        List<LeaderboardEntry> board;
        try (Stream<LeaderboardEntry> entries = new Leaderboard(guilds, levels).of(guild)) {
            board = entries.toList();
        }

        // "1000:webhook" names no user: it is left out and its rank 1 stays taken (spec 4.2).
        assertThat(board)
                .extracting(LeaderboardEntry::rank, e -> e.userId().toString(), LeaderboardEntry::username)
                .containsExactly(tuple(2L, "8", "Alice"), tuple(3L, "7", "Unknown User"));
        // end::rank[]

        // tag::rank-records[]
        try (Stream<LeaderboardRanking.Ranked> ranked =
                LeaderboardRanking.rank(levels.recordsInLeaderboardOrder(guild))) {
            assertThat(ranked.map(r -> r.rank() + ". " + r.user())).containsExactly("2. 8", "3. 7");
        }
        // end::rank-records[]
    }

    // tag::contract[]
    @Nested
    class MyLevelsMeetsTheLevelStoreContract extends LevelStoreContract {
        private final List<LevelRecord> records = new ArrayList<>();

        @Override
        protected LevelStore store() {
            return new MyLevels(records);
        }

        @Override
        protected void insert(LevelRecord... more) {
            records.addAll(List.of(more));
        }
    }
    // end::contract[]

    @Test
    void parsingAStoredRoleList() {
        // tag::parse[]
        String stored =
                """
                [{"role_id": "111", "level": 5}, {"role_id": 222, "level": 10, "note": "ignored"}, 333]""";

        List<TrackLevelRole> roles = TrackLevelRoleParser.parseList(stored);

        assertThat(roles)
                .containsExactly(
                        new TrackLevelRole("111", U64.ofNonNegative(5)),
                        new TrackLevelRole("222", U64.ofNonNegative(10)),
                        new TrackLevelRole("333", U64.ZERO)); // the legacy bare integer: that role at level 0
        assertThat(TrackLevelRoleParser.formatList(roles))
                .isEqualTo("[{\"role_id\":\"111\",\"level\":5},{\"role_id\":\"222\",\"level\":10},"
                        + "{\"role_id\":\"333\",\"level\":0}]");
        // end::parse[]
    }

    @Test
    void aRoleListThatBreaksARule_isRefusedWithTheSpecsMessage() {
        // tag::refuse[]
        assertThatThrownBy(() -> TrackLevelRoleParser.parseList("[{\"role_id\": true, \"level\": 1}]"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("role_id must be string or number");
        // end::refuse[]
    }

    private static final Path DOC = Path.of("..", "docs", "core.md");
    private static final Path SOURCE =
            Path.of("src", "test", "java", "com", "communitybot", "core", "CoreAsALibraryExampleTest.java");
    private static final Pattern REGION = Pattern.compile("(?s)// tag::[\\w-]+\\[]\\n(.*?)\\n\\s*// end::");
    private static final Pattern JAVA_BLOCK = Pattern.compile("(?s)```java\\n(.*?)```");

    /**
     * The doc's Java blocks are this file's tagged regions, token for token and in order; white space may
     * differ, so a reformat of either side does not count as drift.
     */
    @Test
    void theJavaBlocksOfDocsCoreMd_areTheTaggedRegionsOfThisTest() throws IOException {
        // Surefire runs in the module's directory, beside the source and one level under docs/.
        assertThat(blocks(REGION, Files.readString(SOURCE, StandardCharsets.UTF_8)))
                .as("each // tag:: region of %s, copied into a ```java block of %s in the same order", SOURCE, DOC)
                .containsExactlyElementsOf(blocks(JAVA_BLOCK, Files.readString(DOC, StandardCharsets.UTF_8)));
    }

    private static List<String> blocks(Pattern pattern, String text) {
        List<String> blocks = new ArrayList<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            blocks.add(m.group(1).replaceAll("\\s+", " ").strip());
        }
        return blocks;
    }
}
