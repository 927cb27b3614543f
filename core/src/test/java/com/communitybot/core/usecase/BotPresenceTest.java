package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.testing.InMemoryGuildView;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class BotPresenceTest {

    private final BotPresence presence =
            new BotPresence(new InMemoryGuildView().withGuild(new GuildId(123L)).withGuild(new GuildId(-1L)));

    @Test
    void answersEachIdInOrder_unparseableOnesAreFalse() {
        List<String> ids = Arrays.asList(
                "123",
                "12",
                "abc",
                "+123",
                "0123",
                "-123",
                "",
                "18446744073709551615",
                "18446744073709551616",
                " 123",
                "123");

        assertThat(presence.isBotThere(ids))
                .containsExactly(true, false, false, true, true, false, false, true, false, false, true);
    }

    @Test
    void emptyListGivesEmptyList() {
        assertThat(presence.isBotThere(List.of())).isEmpty();
    }

    @Test
    void requirePresent_refusesAGuildTheBotIsNotIn() {
        presence.requirePresent(new GuildId(123L));

        assertThatThrownBy(() -> presence.requirePresent(new GuildId(12L)))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("Bot is not in this guild");
    }
}
