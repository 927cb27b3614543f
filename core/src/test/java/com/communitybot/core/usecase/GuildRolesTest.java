package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.testing.InMemoryGuildView;
import java.util.List;
import org.junit.jupiter.api.Test;

class GuildRolesTest {

    private final List<Role> roles =
            List.of(new Role(new RoleId(1), "@everyone", 0, 0), new Role(new RoleId(-1L), "Top", 0xFFFFFFFFL, 65535));
    private final GuildRoles guildRoles =
            new GuildRoles(new InMemoryGuildView().withGuild(new GuildId(5), roles, List.of()));

    @Test
    void givesTheGuildsRoles() {
        assertThat(guildRoles.of(new GuildId(5))).containsExactlyInAnyOrderElementsOf(roles);
    }

    @Test
    void aGuildTheBotIsNotIn_isNotFound() {
        assertThatThrownBy(() -> guildRoles.of(new GuildId(6)))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("Bot is not in this guild");
    }
}
