package com.communitybot.core.usecase;

import com.communitybot.core.error.AlreadyExistsException;
import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.port.SettingsStore;
import java.util.List;
import java.util.Objects;

/** Create, read, replace and delete a guild's level bridges (spec 4.8 to 4.11). */
public final class LevelBridges {

    public static final String CREATED = "Level bridge created successfully";
    public static final String UPDATED = "Level bridge updated successfully";
    public static final String DELETED = "Level bridge deleted successfully";
    static final String INVALID_OUT_ROLE_ID = "Invalid out_role_id";

    private final BotPresence presence;
    private final SettingsStore settings;

    public LevelBridges(GuildView guilds, SettingsStore settings) {
        this.presence = new BotPresence(guilds);
        this.settings = new SettingsStoreErrors(Objects.requireNonNull(settings, "settings"));
    }

    /** Every bridge of the guild, in no particular order. */
    public List<LevelBridge> all(GuildId guild) {
        presence.requirePresent(guild);
        return settings.bridges(guild);
    }

    /**
     * Adds a bridge, with the checks of spec 4.9 in its order: the bot's presence, then an existing bridge
     * of {@code inRoleId} (409), then {@code outRoleId} (400), then the store.
     */
    public void create(GuildId guild, String inRoleId, String outRoleId) {
        presence.requirePresent(guild);
        if (settings.bridge(guild, inRoleId).isPresent()) {
            throw AlreadyExistsException.bridge();
        }
        LevelBridge bridge = new LevelBridge(inRoleId, outRole(outRoleId));
        if (!settings.addBridgeIfAbsent(guild, bridge)) {
            throw AlreadyExistsException.bridge();
        }
    }

    /** Sets the bridge of {@code inRoleId}, replacing or creating it (spec 4.10). */
    public void replace(GuildId guild, String inRoleId, String outRoleId) {
        presence.requirePresent(guild);
        LevelBridge bridge = new LevelBridge(inRoleId, outRole(outRoleId));
        settings.putBridge(guild, bridge);
    }

    /** Deletes the bridge of {@code inRoleId} (spec 4.11). */
    public void delete(GuildId guild, String inRoleId) {
        presence.requirePresent(guild);
        if (!settings.removeBridge(guild, inRoleId)) {
            throw NotFoundException.bridgeNotFound();
        }
    }

    private static RoleId outRole(String outRoleId) {
        return RoleId.parse(outRoleId).orElseThrow(() -> new InvalidInputException(INVALID_OUT_ROLE_ID));
    }
}
