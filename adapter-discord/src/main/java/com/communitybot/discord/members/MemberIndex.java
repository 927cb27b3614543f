package com.communitybot.discord.members;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.UserId;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongPredicate;

/**
 * The members of every guild a live view holds, one {@link GuildMembers} per guild. A guild is in the index only
 * once it is complete: a view builds a guild's members apart and {@link #publish}es them when all have arrived.
 * Thread-safe.
 */
public final class MemberIndex {

    private final ConcurrentHashMap<Long, GuildMembers> guilds = new ConcurrentHashMap<>();

    /**
     * Makes {@code members} the guild's, replacing what the index held of that guild; they are {@linkplain
     * GuildMembers#trim() trimmed} first, since a guild is published once all its members have arrived.
     */
    public void publish(GuildMembers members) {
        members.trim();
        guilds.put(members.guildId(), members);
    }

    /** The guild's members; empty when the guild is not in the index. */
    public Optional<GuildMembers> guild(GuildId guild) {
        return Optional.ofNullable(guilds.get(guild.value()));
    }

    /** Whether the guild is in the index. */
    public boolean contains(GuildId guild) {
        return guilds.containsKey(guild.value());
    }

    /** The member of the guild; empty when either is not in the index. */
    public Optional<Member> member(GuildId guild, UserId user) {
        GuildMembers members = guilds.get(guild.value());
        return members == null ? Optional.empty() : members.member(user);
    }

    /** Takes the guild out of the index. */
    public void remove(GuildId guild) {
        guilds.remove(guild.value());
    }

    /** Takes every guild whose id matches out of the index. */
    public void removeIf(LongPredicate guildId) {
        guilds.keySet().removeIf(guildId::test);
    }

    /** How many guilds the index holds. */
    public int guildCount() {
        return guilds.size();
    }

    /** How many members the index holds, over all its guilds (a member of two guilds counts twice). */
    public long memberCount() {
        long members = 0;
        for (GuildMembers guild : guilds.values()) {
            members += guild.size();
        }
        return members;
    }
}
