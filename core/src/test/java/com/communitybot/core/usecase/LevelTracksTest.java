package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.AlreadyExistsException;
import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.model.U64;
import com.communitybot.core.testing.FailingStores;
import com.communitybot.core.testing.InMemoryGuildView;
import com.communitybot.core.testing.InMemorySettingsStore;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LevelTracksTest {

    private static final GuildId GUILD = new GuildId(7);
    private final InMemoryGuildView guilds = new InMemoryGuildView().withGuild(GUILD);
    private final InMemorySettingsStore settings = new InMemorySettingsStore();
    private final LevelTracks tracks = new LevelTracks(guilds, settings);

    private static TrackLevelRole role(String id, long level) {
        return new TrackLevelRole(id, U64.ofNonNegative(level));
    }

    @Test
    void givenNoTracks_allIsEmpty() {
        assertThat(tracks.all(GUILD)).isEmpty();
    }

    @Test
    void all_sortsEachTrackByLevel_keepingWrittenOrderForEqualLevels() {
        tracks.create(
                GUILD,
                new LevelTrack(
                        "main",
                        List.of(
                                role("c", 5),
                                role("a", 1),
                                role("x", 5),
                                role("b", 1),
                                new TrackLevelRole("max", U64.MAX),
                                role("z", 0))));

        assertThat(tracks.all(GUILD))
                .isEqualTo(Map.of(
                        "main",
                        List.of(
                                role("z", 0),
                                role("a", 1),
                                role("b", 1),
                                role("c", 5),
                                role("x", 5),
                                new TrackLevelRole("max", U64.MAX))));
    }

    @Test
    void create_refusesAnExistingName_andKeepsOtherTracks() {
        tracks.create(GUILD, new LevelTrack("main", List.of(role("1", 1))));
        tracks.create(GUILD, new LevelTrack("other", List.of()));

        assertThatThrownBy(() -> tracks.create(GUILD, new LevelTrack("main", List.of())))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage("Track already exists. Use PATCH to update.");
        assertThat(tracks.all(GUILD)).containsOnlyKeys("main", "other").containsEntry("main", List.of(role("1", 1)));
    }

    @Test
    void replace_replacesTheWholeList_orCreatesTheTrack() {
        tracks.replace(GUILD, new LevelTrack("main", List.of(role("1", 1), role("2", 2))));
        tracks.replace(GUILD, new LevelTrack("main", List.of(role("3", 3))));

        assertThat(tracks.all(GUILD)).isEqualTo(Map.of("main", List.of(role("3", 3))));
    }

    @Test
    void delete_removesTheTrack_andRefusesAMissingOne() {
        tracks.create(GUILD, new LevelTrack("main", List.of()));

        tracks.delete(GUILD, "main");

        assertThat(tracks.all(GUILD)).isEmpty();
        assertThatThrownBy(() -> tracks.delete(GUILD, "main"))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("Track not found");
    }

    @Test
    void everyOperation_refusesAGuildTheBotIsNotIn_beforeTheStore() {
        LevelTracks failingStore = new LevelTracks(guilds, FailingStores.settings(FailingStores.unreachable()));
        GuildId absent = new GuildId(8);
        LevelTrack track = new LevelTrack("t", List.of());

        for (Runnable call : List.<Runnable>of(
                () -> failingStore.all(absent),
                () -> failingStore.create(absent, track),
                () -> failingStore.replace(absent, track),
                () -> failingStore.delete(absent, "t"))) {
            assertThatThrownBy(call::run).isInstanceOf(NotFoundException.class).hasMessage("Bot is not in this guild");
        }
    }

    @Test
    void storeFailures_areQueryFailuresOnRead_andUpdateFailuresOnWrite() {
        LevelTracks failing = new LevelTracks(guilds, FailingStores.settings(FailingStores.unreachable()));
        LevelTrack track = new LevelTrack("t", List.of());

        assertThatThrownBy(() -> failing.all(GUILD))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Database query failed");
        for (Runnable call : List.<Runnable>of(
                () -> failing.create(GUILD, track),
                () -> failing.replace(GUILD, track),
                () -> failing.delete(GUILD, "t"))) {
            assertThatThrownBy(call::run)
                    .isInstanceOf(DatabaseErrorException.class)
                    .hasMessage("Database update failed");
        }
    }

    @Test
    void messagesNameTheTrack() {
        assertThat(LevelTracks.createdMessage("a'b")).isEqualTo("Level track 'a'b' created successfully");
        assertThat(LevelTracks.updatedMessage("x")).isEqualTo("Level track 'x' updated successfully");
        assertThat(LevelTracks.deletedMessage("")).isEqualTo("Level track '' deleted successfully");
    }
}
