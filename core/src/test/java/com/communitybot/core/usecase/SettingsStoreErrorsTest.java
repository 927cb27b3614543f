package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.port.SettingsStore;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.testing.FailingStores;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which spec-7 message each method of {@link SettingsStore} gives when the store fails, and when it answers unreadably. */
class SettingsStoreErrorsTest extends PortErrorsContract<SettingsStore> {

    private static final GuildId GUILD = new GuildId(12L);
    private static final LevelTrack TRACK = new LevelTrack("main", List.of());
    private static final LevelBridge BRIDGE = new LevelBridge("in", new RoleId(7L));

    private static final Map<String, Expected<SettingsStore>> EXPECTED = Map.of(
            "tracks",
                    new Expected<>(s -> s.tracks(GUILD), "Database query failed", "Failed to parse database response"),
            "addTrackIfAbsent",
                    new Expected<>(
                            s -> s.addTrackIfAbsent(GUILD, TRACK), "Database update failed", "Database update failed"),
            "putTrack",
                    new Expected<>(s -> s.putTrack(GUILD, TRACK), "Database update failed", "Database update failed"),
            "removeTrack",
                    new Expected<>(
                            s -> s.removeTrack(GUILD, "main"), "Database update failed", "Database update failed"),
            "bridges",
                    new Expected<>(s -> s.bridges(GUILD), "Database query failed", "Failed to parse database response"),
            "bridge", new Expected<>(s -> s.bridge(GUILD, "in"), "Database update failed", "Database update failed"),
            "addBridgeIfAbsent",
                    new Expected<>(
                            s -> s.addBridgeIfAbsent(GUILD, BRIDGE),
                            "Database update failed",
                            "Database update failed"),
            "putBridge",
                    new Expected<>(s -> s.putBridge(GUILD, BRIDGE), "Database update failed", "Database update failed"),
            "removeBridge",
                    new Expected<>(
                            s -> s.removeBridge(GUILD, "in"), "Database update failed", "Database update failed"));

    @Override
    Class<SettingsStore> port() {
        return SettingsStore.class;
    }

    @Override
    Map<String, Expected<SettingsStore>> expected() {
        return EXPECTED;
    }

    @Override
    SettingsStore translatorOverStoreThrowing(StoreException failure) {
        return new SettingsStoreErrors(FailingStores.settings(failure));
    }

    @Test
    void exceptionsOtherThanTheStores_passUntouched() {
        IllegalStateException bug = new IllegalStateException("a bug");
        SettingsStore store = new SettingsStoreErrors((SettingsStore) Proxy.newProxyInstance(
                SettingsStore.class.getClassLoader(), new Class<?>[] {SettingsStore.class}, (proxy, method, args) -> {
                    throw bug;
                }));

        assertThatThrownBy(() -> store.tracks(GUILD)).isSameAs(bug);
    }
}
