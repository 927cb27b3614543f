package com.communitybot.core.testing;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import java.util.List;
import java.util.Optional;

/**
 * A view of one guild without roles whose members are the {@link GuildView.Members} given, handed out as the live
 * views hand out theirs: a {@link Utf8Members}, or an adapter's own.
 */
public final class OneGuildView implements GuildView {

    private final GuildId guild;
    private final Members members;

    public OneGuildView(GuildId guild, Members members) {
        this.guild = guild;
        this.members = members;
    }

    @Override
    public boolean contains(GuildId guild) {
        return this.guild.equals(guild);
    }

    @Override
    public Optional<List<Role>> roles(GuildId guild) {
        return contains(guild) ? Optional.of(List.of()) : Optional.empty();
    }

    @Override
    public Optional<Member> member(GuildId guild, UserId user) {
        return contains(guild) ? members.member(user) : Optional.empty();
    }

    @Override
    public Optional<Members> members(GuildId guild) {
        return contains(guild) ? Optional.of(members) : Optional.empty();
    }
}
