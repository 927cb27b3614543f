package com.communitybot.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.PlacedRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.LevelStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link LevelStore} must do; each implementation's test extends this class. Records are
 * written through {@link #insert}, as the bot writes them, since the port itself only reads.
 */
public abstract class LevelStoreContract {

    protected static final GuildId GUILD = new GuildId(12L);

    /** The store under test, empty at the start of each test. */
    protected abstract LevelStore store();

    /** Writes records the way the bot process does. */
    protected abstract void insert(LevelRecord... records);

    protected static LevelRecord record(String id, long xp, long level) {
        return new LevelRecord(id, U64.ofNonNegative(xp), U64.ofNonNegative(level));
    }

    private List<String> idsInOrder(GuildId guild) {
        try (Stream<LevelRecord> records = store().recordsInLeaderboardOrder(guild)) {
            return records.map(LevelRecord::id).toList();
        }
    }

    @Test
    public void givenNoRecords_leaderboardOrder_isEmpty() {
        assertThat(idsInOrder(GUILD)).isEmpty();
    }

    @Test
    public void onlyRecordsOfTheGuildAreReturned_evenWhenAnotherGuildIdStartsWithIt() {
        insert(record("12:1", 5, 1), record("123:2", 9, 9), record("1:3", 9, 9), record("120:4", 9, 9));

        assertThat(idsInOrder(GUILD)).containsExactly("12:1");
        assertThat(idsInOrder(new GuildId(123L))).containsExactly("123:2");
    }

    @Test
    public void aRecordWhoseIdIsTheGuildIdWithoutAColon_isNotTheGuilds() {
        insert(record("12", 5, 5), record("12:1", 1, 1), record("121", 9, 9));

        assertThat(idsInOrder(GUILD)).containsExactly("12:1");
    }

    @Test
    public void recordsAreOrderedByLevelThenXpDescending() {
        insert(record("12:1", 100, 1), record("12:2", 5, 3), record("12:3", 50, 3), record("12:4", 1, 2));

        assertThat(idsInOrder(GUILD)).containsExactly("12:3", "12:2", "12:4", "12:1");
    }

    @Test
    public void levelAndXpAreComparedAsUnsigned_upToTheLargestU64() {
        insert(
                new LevelRecord("12:1", U64.MAX, new U64(Long.MIN_VALUE)),
                new LevelRecord("12:2", U64.ZERO, U64.MAX),
                new LevelRecord("12:3", U64.MAX, new U64(Long.MAX_VALUE)),
                new LevelRecord("12:4", new U64(Long.MIN_VALUE), new U64(Long.MIN_VALUE)));

        try (Stream<LevelRecord> records = store().recordsInLeaderboardOrder(GUILD)) {
            assertThat(records.toList())
                    .containsExactly(
                            new LevelRecord("12:2", U64.ZERO, U64.MAX),
                            new LevelRecord("12:1", U64.MAX, new U64(Long.MIN_VALUE)),
                            new LevelRecord("12:4", new U64(Long.MIN_VALUE), new U64(Long.MIN_VALUE)),
                            new LevelRecord("12:3", U64.MAX, new U64(Long.MAX_VALUE)));
        }
    }

    @Test
    public void tiesAreOrderedByIdAscending_byteByByte() {
        insert(
                record("12:9", 7, 7),
                record("12:10", 7, 7),
                record("12:é", 7, 7),
                record("12:z", 7, 7),
                record("12:Z", 7, 7),
                record("12:a:1", 7, 7));

        assertThat(idsInOrder(GUILD)).containsExactly("12:10", "12:9", "12:Z", "12:a:1", "12:z", "12:é");
    }

    @Test
    public void recordsWithAnyUserPartAreReturned_forTheRankingToSkip() {
        insert(record("12:0", 1, 1), record("12:abc", 2, 1), record("12:-5", 3, 1), record("12:", 4, 1));

        assertThat(idsInOrder(GUILD)).containsExactly("12:", "12:-5", "12:abc", "12:0");
    }

    /** Ties on level and xp, ids that are not users, another guild whose id starts alike, both u64 maxima. */
    private void insertAMixedGuild() {
        insert(
                record("12:1", 50, 3),
                record("12:2", 50, 3),
                record("12:10", 50, 3),
                record("12:x", 50, 3),
                record("12:\u00e9", 50, 3),
                record("12:4", 40, 3),
                record("12:5", 10, 1),
                new LevelRecord("12:6", U64.MAX, U64.MAX),
                new LevelRecord("12:7", U64.MAX, U64.ofNonNegative(1)),
                record("12:8", 0, 0),
                record("12:9", 0, 0),
                record("123:1", 99, 99),
                record("1:1", 0, 0));
    }

    private List<LevelRecord> all(GuildId guild) {
        try (Stream<LevelRecord> records = store().recordsInLeaderboardOrder(guild)) {
            return records.toList();
        }
    }

    @Test
    public void recordsAfterAPlace_ofEverySize_concatenated_areTheWholeOrder() {
        insertAMixedGuild();
        List<LevelRecord> whole = all(GUILD);
        assertThat(whole).hasSize(11);

        for (int max = 1; max <= 12; max++) {
            List<LevelRecord> pages = new ArrayList<>();
            Optional<LevelRecord> after = Optional.empty();
            List<LevelRecord> page;
            do {
                page = store().recordsInLeaderboardOrder(GUILD, after, max);
                assertThat(page.size()).isLessThanOrEqualTo(max);
                pages.addAll(page);
                after = page.isEmpty() ? after : Optional.of(page.get(page.size() - 1));
            } while (page.size() == max);
            assertThat(pages).as("read %d at a time", max).containsExactlyElementsOf(whole);
        }
    }

    @Test
    public void recordsAfterAPlaceNoRecordHolds_startAtTheNextRecord() {
        insertAMixedGuild();

        // Between 12:2 and 12:4 in the order (level 3, xp 45), and between the ties 12:10 and 12:2 by id.
        assertThat(store().recordsInLeaderboardOrder(GUILD, Optional.of(record("12:gone", 45, 3)), 2))
                .extracting(LevelRecord::id)
                .containsExactly("12:4", "12:7");
        assertThat(store().recordsInLeaderboardOrder(GUILD, Optional.of(record("12:11", 50, 3)), 1))
                .extracting(LevelRecord::id)
                .containsExactly("12:2");
        assertThat(store().recordsInLeaderboardOrder(GUILD, Optional.of(record("12:9", 0, 0)), 5))
                .isEmpty();
        assertThat(store().recordsInLeaderboardOrder(new GuildId(77L), Optional.empty(), 5))
                .isEmpty();
    }

    @Test
    public void thePlaceOfARecord_isItsPositionInTheWholeOrder() {
        insertAMixedGuild();
        List<LevelRecord> whole = all(GUILD);

        for (int i = 0; i < whole.size(); i++) {
            assertThat(store().placeOf(GUILD, whole.get(i).id()))
                    .as(whole.get(i).id())
                    .contains(new PlacedRecord(whole.get(i), i + 1));
        }
        assertThat(store().placeOf(new GuildId(123L), "123:1")).contains(new PlacedRecord(record("123:1", 99, 99), 1));
    }

    @Test
    public void thePlaceOfAnIdTheGuildDoesNotHave_isEmpty() {
        insertAMixedGuild();

        assertThat(store().placeOf(GUILD, "12:3")).isEmpty();
        assertThat(store().placeOf(GUILD, "123:1")).isEmpty();
        assertThat(store().placeOf(new GuildId(1L), "12:1")).isEmpty();
    }
}
