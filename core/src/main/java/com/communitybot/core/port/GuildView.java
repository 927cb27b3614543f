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

    /**
     * The guild's members, for an answer that names many of them (a leaderboard): they keep answering as the
     * guild stood when this was called even if the guild leaves the view meanwhile (a shard's session lost,
     * a guild gone unavailable), so an answer that began with the guild present is whole, never half named.
     * Empty when the bot is not in the guild.
     *
     * <p>The default looks each member up in the view as it is asked, which suits a view whose guilds never
     * leave; a view whose guilds may leave returns what it holds of the guild instead.
     */
    default Optional<Members> members(GuildId guild) {
        return contains(guild) ? Optional.of(user -> member(guild, user)) : Optional.empty();
    }

    /** One guild's members, as {@link #members} hands them out. */
    @FunctionalInterface
    interface Members {
        /** The member {@code user}; empty when the user is not a member. */
        Optional<Member> member(UserId user);
    }
}
