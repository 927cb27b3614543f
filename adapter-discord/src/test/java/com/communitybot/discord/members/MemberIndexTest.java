package com.communitybot.discord.members;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.UserId;
import org.junit.jupiter.api.Test;

class MemberIndexTest {

    private static final long GUILD = 100_000_000_000_000_001L;
    private static final long OTHER_GUILD = GUILD + (1L << 22);
    private static final long ALICE = 300_000_000_000_000_001L;

    private final MemberIndex index = new MemberIndex();

    private static GuildMembers guildWithAlice(long guildId, String name) {
        GuildMembers members = new GuildMembers(guildId);
        members.put(ALICE, name, "https://cdn.example/a.png");
        return members;
    }

    @Test
    void aGuildIsInTheIndexOnlyOncePublished_andEachGuildHasItsOwnMembers() {
        GuildMembers loading = guildWithAlice(GUILD, "Ally");
        assertThat(index.contains(new GuildId(GUILD))).isFalse();
        assertThat(index.member(new GuildId(GUILD), new UserId(ALICE))).isEmpty();

        index.publish(loading);
        index.publish(guildWithAlice(OTHER_GUILD, "Captain"));

        assertThat(index.member(new GuildId(GUILD), new UserId(ALICE)))
                .contains(new Member(new UserId(ALICE), "Ally", "https://cdn.example/a.png"));
        assertThat(index.member(new GuildId(OTHER_GUILD), new UserId(ALICE)))
                .map(Member::displayName)
                .contains("Captain");
        assertThat(index.guildCount()).isEqualTo(2);
    }

    @Test
    void aRepublishedGuildReplacesTheOld_andRemovedGuildsAreGone() {
        index.publish(guildWithAlice(GUILD, "Ally"));
        index.publish(guildWithAlice(GUILD, "Alice again"));
        index.publish(guildWithAlice(OTHER_GUILD, "Captain"));
        assertThat(index.member(new GuildId(GUILD), new UserId(ALICE)))
                .map(Member::displayName)
                .contains("Alice again");

        index.removeIf(id -> id == OTHER_GUILD);
        assertThat(index.contains(new GuildId(OTHER_GUILD))).isFalse();
        index.remove(new GuildId(GUILD));
        assertThat(index.guildCount()).isZero();
    }
}
