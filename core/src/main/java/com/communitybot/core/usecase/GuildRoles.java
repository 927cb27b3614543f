package com.communitybot.core.usecase;

import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Role;
import com.communitybot.core.port.GuildView;
import java.util.List;
import java.util.Objects;

/** A guild's roles from the live view (spec 4.3). */
public final class GuildRoles {

    private final GuildView guilds;

    public GuildRoles(GuildView guilds) {
        this.guilds = Objects.requireNonNull(guilds, "guilds");
    }

    /** The guild's roles, in no particular order. */
    public List<Role> of(GuildId guild) {
        return guilds.roles(guild).orElseThrow(NotFoundException::botNotInGuild);
    }
}
