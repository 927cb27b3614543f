package com.communitybot.core.testing;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** A live view held in memory, for tests of the use cases. */
public final class InMemoryGuildView implements GuildView {

    private final Map<GuildId, List<Role>> roles = new ConcurrentHashMap<>();
    private final Map<GuildId, Map<UserId, Member>> members = new ConcurrentHashMap<>();

    /** Puts the bot in {@code guild} with the given roles and members. */
    public InMemoryGuildView withGuild(GuildId guild, List<Role> guildRoles, List<Member> guildMembers) {
        roles.put(guild, new ArrayList<>(guildRoles));
        Map<UserId, Member> byId = new ConcurrentHashMap<>();
        guildMembers.forEach(m -> byId.put(m.id(), m));
        members.put(guild, byId);
        return this;
    }

    public InMemoryGuildView withGuild(GuildId guild) {
        return withGuild(guild, List.of(), List.of());
    }

    /** Takes the bot out of {@code guild}, as a lost session or an outage takes it out of the live view. */
    public InMemoryGuildView withoutGuild(GuildId guild) {
        roles.remove(guild);
        members.remove(guild);
        return this;
    }

    @Override
    public boolean contains(GuildId guild) {
        return roles.containsKey(guild);
    }

    @Override
    public Optional<List<Role>> roles(GuildId guild) {
        return Optional.ofNullable(roles.get(guild)).map(List::copyOf);
    }

    @Override
    public Optional<Member> member(GuildId guild, UserId user) {
        return Optional.ofNullable(members.get(guild)).map(m -> m.get(user));
    }

    /** The guild's member map itself, as a view whose guilds may leave hands out what it holds. */
    @Override
    public Optional<Members> members(GuildId guild) {
        return Optional.ofNullable(members.get(guild)).map(held -> user -> Optional.ofNullable(held.get(user)));
    }
}
