package com.communitybot.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.SettingsStore;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What every {@link SettingsStore} must do; each implementation's test extends this class. */
public abstract class SettingsStoreContract {

    protected static final GuildId GUILD = new GuildId(100L);
    protected static final GuildId OTHER_GUILD = new GuildId(1000L);

    /** The store under test, empty at the start of each test. */
    protected abstract SettingsStore store();

    protected static LevelTrack track(String name, long... roleIdAndLevelPairs) {
        List<TrackLevelRole> roles = IntStream.range(0, roleIdAndLevelPairs.length / 2)
                .mapToObj(i -> new TrackLevelRole(
                        Long.toString(roleIdAndLevelPairs[2 * i]), U64.ofNonNegative(roleIdAndLevelPairs[2 * i + 1])))
                .toList();
        return new LevelTrack(name, roles);
    }

    protected static LevelBridge bridge(String in, long out) {
        return new LevelBridge(in, new RoleId(out));
    }

    @Test
    public void givenNoSettings_tracksAndBridges_areEmpty() {
        assertThat(store().tracks(GUILD)).isEmpty();
        assertThat(store().bridges(GUILD)).isEmpty();
        assertThat(store().bridge(GUILD, "1")).isEmpty();
    }

    @Test
    public void addTrackIfAbsent_storesANewTrack_withRolesInWrittenOrder() {
        LevelTrack main = new LevelTrack(
                "main",
                List.of(
                        new TrackLevelRole("9", U64.ofNonNegative(5)),
                        new TrackLevelRole("any text", U64.MAX),
                        new TrackLevelRole("3", U64.ZERO),
                        new TrackLevelRole("4", U64.ZERO)));

        assertThat(store().addTrackIfAbsent(GUILD, main)).isTrue();

        assertThat(store().tracks(GUILD)).containsExactly(main);
        assertThat(store().tracks(OTHER_GUILD)).isEmpty();
    }

    @Test
    public void addTrackIfAbsent_refusesAnExistingName_andLeavesItUnchanged() {
        store().addTrackIfAbsent(GUILD, track("main", 1, 1));

        assertThat(store().addTrackIfAbsent(GUILD, track("main", 2, 2))).isFalse();

        assertThat(store().tracks(GUILD)).containsExactly(track("main", 1, 1));
    }

    @Test
    public void trackNamesAreComparedExactly() {
        for (String name : List.of("main", "Main", "main ", " main", "caf\u00e9", "cafe\u0301", "")) {
            assertThat(store().addTrackIfAbsent(GUILD, track(name, 1, 1)))
                    .as(name)
                    .isTrue();
        }
        assertThat(store().tracks(GUILD))
                .extracting(LevelTrack::name)
                .containsExactlyInAnyOrder("main", "Main", "main ", " main", "caf\u00e9", "cafe\u0301", "");
    }

    @Test
    public void putTrack_replacesTheWholeRoleList_andLeavesOtherTracksAlone() {
        store().addTrackIfAbsent(GUILD, track("main", 1, 1, 2, 2));
        store().addTrackIfAbsent(GUILD, track("other", 3, 3));

        store().putTrack(GUILD, track("main", 5, 5));

        assertThat(store().tracks(GUILD)).containsExactlyInAnyOrder(track("main", 5, 5), track("other", 3, 3));
    }

    @Test
    public void putTrack_createsAMissingTrack() {
        store().putTrack(GUILD, track("new", 7, 0));

        assertThat(store().tracks(GUILD)).containsExactly(track("new", 7, 0));
    }

    @Test
    public void putTrack_acceptsAnEmptyRoleList() {
        store().putTrack(GUILD, track("empty"));

        assertThat(store().tracks(GUILD)).containsExactly(track("empty"));
    }

    @Test
    public void removeTrack_removesOnlyThatTrack_andSaysWhetherThereWasOne() {
        store().addTrackIfAbsent(GUILD, track("main", 1, 1));
        store().addTrackIfAbsent(OTHER_GUILD, track("main", 1, 1));

        assertThat(store().removeTrack(GUILD, "main")).isTrue();
        assertThat(store().removeTrack(GUILD, "main")).isFalse();
        assertThat(store().removeTrack(GUILD, "missing")).isFalse();

        assertThat(store().tracks(GUILD)).isEmpty();
        assertThat(store().tracks(OTHER_GUILD)).hasSize(1);
    }

    @Test
    public void addBridgeIfAbsent_storesANewBridge_andRefusesAnExistingInputRole() {
        assertThat(store().addBridgeIfAbsent(GUILD, bridge("in", 1))).isTrue();
        assertThat(store().addBridgeIfAbsent(GUILD, bridge("in", 2))).isFalse();

        assertThat(store().bridges(GUILD)).containsExactly(bridge("in", 1));
        assertThat(store().bridge(GUILD, "in")).contains(bridge("in", 1));
        assertThat(store().bridges(OTHER_GUILD)).isEmpty();
    }

    @Test
    public void bridgeOutRolesKeepAllSixtyFourBits() {
        store().putBridge(GUILD, bridge("max", -1L));
        store().putBridge(GUILD, bridge("high", Long.MIN_VALUE));

        assertThat(store().bridge(GUILD, "max")).contains(bridge("max", -1L));
        assertThat(store().bridge(GUILD, "high")).contains(bridge("high", Long.MIN_VALUE));
    }

    @Test
    public void bridgeInputRolesAreComparedExactly() {
        for (String in : List.of("1", "01", "+1", " 1", "role", "Role", "")) {
            assertThat(store().addBridgeIfAbsent(GUILD, bridge(in, 1))).as(in).isTrue();
        }
        assertThat(store().bridges(GUILD)).hasSize(7);
        assertThat(store().bridge(GUILD, "ROLE")).isEmpty();
    }

    @Test
    public void putBridge_replacesOrCreates() {
        store().putBridge(GUILD, bridge("in", 1));
        store().putBridge(GUILD, bridge("in", 2));

        assertThat(store().bridges(GUILD)).containsExactly(bridge("in", 2));
    }

    @Test
    public void removeBridge_saysWhetherThereWasOne() {
        store().putBridge(GUILD, bridge("in", 1));

        assertThat(store().removeBridge(GUILD, "in")).isTrue();
        assertThat(store().removeBridge(GUILD, "in")).isFalse();
        assertThat(store().bridges(GUILD)).isEmpty();
    }

    @Test
    public void concurrentCreatorsOfDistinctTracks_allPersist() throws Exception {
        List<Boolean> created = Concurrently.run(20, i -> () -> store().addTrackIfAbsent(GUILD, track("t" + i, i, i)));

        assertThat(created).containsOnly(true);
        assertThat(store().tracks(GUILD)).hasSize(20);
    }

    @Test
    public void concurrentCreatorsOfOneBridge_exactlyOneWins() throws Exception {
        List<Boolean> created = Concurrently.run(20, i -> () -> store().addBridgeIfAbsent(GUILD, bridge("in", i)));

        assertThat(created).filteredOn(c -> c).hasSize(1);
        assertThat(store().bridges(GUILD)).hasSize(1);
    }

    @Test
    public void concurrentReplacersOfOneTrack_leaveExactlyOneOfTheWrittenLists() throws Exception {
        List<LevelTrack> written = IntStream.range(0, 20)
                .mapToObj(i -> track("main", i, 1, i + 100, 2, i + 200, 3))
                .toList();

        Concurrently.run(20, i -> () -> {
            store().putTrack(GUILD, written.get(i));
            return null;
        });

        assertThat(store().tracks(GUILD)).hasSize(1);
        assertThat(written).contains(store().tracks(GUILD).get(0));
    }
}
