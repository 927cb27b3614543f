package com.communitybot.app;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import java.util.List;
import java.util.Optional;

/** The live view with neither Discord nor a snapshot: the bot is in no guild (contract 1). */
final class EmptyGuildView implements GuildView {

    @Override
    public boolean contains(GuildId guild) {
        return false;
    }

    @Override
    public Optional<List<Role>> roles(GuildId guild) {
        return Optional.empty();
    }

    @Override
    public Optional<Member> member(GuildId guild, UserId user) {
        return Optional.empty();
    }

    @Override
    public String toString() {
        return "none (no DISCORD_TOKEN or GUILD_SNAPSHOT: the bot is in no guild)";
    }
}
