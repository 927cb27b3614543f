package com.communitybot.core.port;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.MemberText;
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

        /**
         * The member {@code user}'s name and avatar URL, as {@link #member} gives them, written into {@code into};
         * false when the user is not a member, and then {@code into} holds nothing to use. For answers that name many members:
         * a view that keeps names as UTF-8 hands them over without a string per member.
         */
        default boolean member(UserId user, MemberText into) {
            Optional<Member> member = member(user);
            if (member.isEmpty()) {
                return false;
            }
            into.set(member.get().displayName(), member.get().avatarUrl());
            return true;
        }

        /**
         * {@link #member(UserId, MemberText)} of {@code count} users, each member into its {@code into[k]} and
         * whether it is one into {@code found[k]}: a view may overlap their lookups.
         */
        default void members(long[] users, int count, MemberText[] into, boolean[] found) {
            for (int k = 0; k < count; k++) {
                found[k] = member(new UserId(users[k]), into[k]);
            }
        }
    }
}
