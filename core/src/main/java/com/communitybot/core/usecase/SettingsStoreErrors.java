package com.communitybot.core.usecase;

import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.port.SettingsStore;
import com.communitybot.core.port.StoreException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@link SettingsStore} as the use cases call it: the one place that decides which spec-7 message each of
 * its methods gives when the store fails. Reads give {@code Database query failed} (or {@code Failed to
 * parse database response} when the store answered with a record that cannot be read), writes give
 * {@code Database update failed}.
 */
final class SettingsStoreErrors implements SettingsStore {

    private final SettingsStore store;

    SettingsStoreErrors(SettingsStore store) {
        this.store = store;
    }

    @Override
    public List<LevelTrack> tracks(GuildId guild) {
        return failingAs(DatabaseErrorException::readFailed, () -> store.tracks(guild));
    }

    @Override
    public boolean addTrackIfAbsent(GuildId guild, LevelTrack track) {
        return failingAs(DatabaseErrorException::updateFailed, () -> store.addTrackIfAbsent(guild, track));
    }

    @Override
    public void putTrack(GuildId guild, LevelTrack track) {
        failingAs(DatabaseErrorException::updateFailed, () -> {
            store.putTrack(guild, track);
            return null;
        });
    }

    @Override
    public boolean removeTrack(GuildId guild, String name) {
        return failingAs(DatabaseErrorException::updateFailed, () -> store.removeTrack(guild, name));
    }

    @Override
    public List<LevelBridge> bridges(GuildId guild) {
        return failingAs(DatabaseErrorException::readFailed, () -> store.bridges(guild));
    }

    /**
     * A read that gives the write's message: its one use is the first step of creating a bridge (spec 4.9,
     * the 409 before the 400), and the spec counts a failure anywhere in that create as a failed
     * guild-settings write.
     */
    @Override
    public Optional<LevelBridge> bridge(GuildId guild, String inRoleId) {
        return failingAs(DatabaseErrorException::updateFailed, () -> store.bridge(guild, inRoleId));
    }

    @Override
    public boolean addBridgeIfAbsent(GuildId guild, LevelBridge bridge) {
        return failingAs(DatabaseErrorException::updateFailed, () -> store.addBridgeIfAbsent(guild, bridge));
    }

    @Override
    public void putBridge(GuildId guild, LevelBridge bridge) {
        failingAs(DatabaseErrorException::updateFailed, () -> {
            store.putBridge(guild, bridge);
            return null;
        });
    }

    @Override
    public boolean removeBridge(GuildId guild, String inRoleId) {
        return failingAs(DatabaseErrorException::updateFailed, () -> store.removeBridge(guild, inRoleId));
    }

    private static <T> T failingAs(Function<StoreException, DatabaseErrorException> error, Supplier<T> call) {
        try {
            return call.get();
        } catch (StoreException e) {
            throw error.apply(e);
        }
    }
}
