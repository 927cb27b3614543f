package com.communitybot.discord.members;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The URLs as JDA 6 spells them; adapter-discord's tests compare them with JDA's own DiscordAssets. */
class DiscordCdnTest {

    private static final String HASH = "0123456789abcdef0123456789abcdef";

    @Test
    void staticAvatarsArePngAndAnimatedOnesAnimatedWebp() {
        assertThat(DiscordCdn.userAvatar(42, HASH)).isEqualTo("https://cdn.discordapp.com/avatars/42/" + HASH + ".png");
        assertThat(DiscordCdn.userAvatar(42, "a_" + HASH))
                .isEqualTo("https://cdn.discordapp.com/avatars/42/a_" + HASH + ".webp?animated=true");
        assertThat(DiscordCdn.guildAvatar(7, 42, HASH))
                .isEqualTo("https://cdn.discordapp.com/guilds/7/users/42/avatars/" + HASH + ".png");
    }

    @Test
    void idsAreUnsignedDecimals() {
        assertThat(DiscordCdn.userAvatar(-1, HASH))
                .startsWith("https://cdn.discordapp.com/avatars/18446744073709551615/");
    }

    @Test
    void theDefaultAvatarIsPickedByTheLegacyDiscriminator_elseByTheId() {
        assertThat(DiscordCdn.defaultAvatarIndex(300_000_000_000_000_001L, 1234))
                .isEqualTo(4);
        assertThat(DiscordCdn.defaultAvatarIndex(300_000_000_000_000_001L, 0))
                .isEqualTo((int) ((300_000_000_000_000_001L >> 22) % 6));
        assertThat(DiscordCdn.defaultAvatar(3)).isEqualTo("https://cdn.discordapp.com/embed/avatars/3.png");
    }
}
