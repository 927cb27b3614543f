package com.communitybot.core.port;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.UserId;
import java.util.List;
import java.util.Optional;

/** The live view of the guilds the bot has joined: which guilds, their roles and their members. */
public interface GuildView {

    /** Whether the bot is currently in {@code guild}. */
    boolean contains(GuildId guild);

    /** The guild's roles, in no particular order; empty when the bot is not in the guild. */
    Optional<List<Role>> roles(GuildId guild);

    /** The member {@code user} of {@code guild}; empty when either is not in the view. */
    Optional<Member> member(GuildId guild, UserId user);
}
