package com.communitybot.core.testing;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.view.GuildMembers;
import java.util.List;
import java.util.Optional;

/** A view of one guild without roles whose members are a {@link GuildMembers}, handed out as the live views do. */
public final class OneGuildView implements GuildView {

    private final GuildId guild;
    private final GuildMembers members;

    public OneGuildView(GuildId guild, GuildMembers members) {
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
