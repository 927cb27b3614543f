package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.AlreadyExistsException;
import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.testing.FailingStores;
import com.communitybot.core.testing.InMemoryGuildView;
import com.communitybot.core.testing.InMemorySettingsStore;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LevelBridgesTest {

    private static final GuildId GUILD = new GuildId(7);
    private final InMemoryGuildView guilds = new InMemoryGuildView().withGuild(GUILD);
    private final InMemorySettingsStore settings = new InMemorySettingsStore();
    private final LevelBridges bridges = new LevelBridges(guilds, settings);

    @Test
    void create_storesTheOutRoleCanonically() {
        bridges.create(GUILD, "in", "+007");
        bridges.create(GUILD, "max", "18446744073709551615");

        assertThat(bridges.all(GUILD))
                .containsExactlyInAnyOrder(
                        new LevelBridge("in", new RoleId(7)), new LevelBridge("max", new RoleId(-1L)));
        assertThat(bridges.all(GUILD))
                .extracting(b -> b.outRoleId().toString())
                .containsExactlyInAnyOrder("7", "18446744073709551615");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "-1", "1.5", " 1", "18446744073709551616"})
    void create_refusesAnOutRoleThatIsNotU64(String out) {
        assertThatThrownBy(() -> bridges.create(GUILD, "in", out))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Invalid out_role_id");
        assertThat(bridges.all(GUILD)).isEmpty();
    }

    @Test
    void create_checksAnExistingBridgeBeforeTheOutRole() {
        bridges.create(GUILD, "in", "1");

        assertThatThrownBy(() -> bridges.create(GUILD, "in", "not a number"))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage("Bridge already exists for this role. Use PUT to update.");
        assertThat(bridges.all(GUILD)).containsExactly(new LevelBridge("in", new RoleId(1)));
    }

    @Test
    void create_checksPresenceBeforeAnything() {
        assertThatThrownBy(() -> bridges.create(new GuildId(8), "in", "bad"))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("Bot is not in this guild");
    }

    @Test
    void replace_setsOrCreates_andRefusesABadOutRole() {
        bridges.replace(GUILD, "in", "1");
        bridges.replace(GUILD, "in", "2");

        assertThat(bridges.all(GUILD)).containsExactly(new LevelBridge("in", new RoleId(2)));
        assertThatThrownBy(() -> bridges.replace(GUILD, "in", "x"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Invalid out_role_id");
        assertThatThrownBy(() -> bridges.replace(new GuildId(8), "in", "x")).isInstanceOf(NotFoundException.class);
        assertThat(bridges.all(GUILD)).containsExactly(new LevelBridge("in", new RoleId(2)));
    }

    @Test
    void delete_removesTheBridge_andRefusesAMissingOne() {
        bridges.create(GUILD, "in", "1");

        bridges.delete(GUILD, "in");

        assertThat(bridges.all(GUILD)).isEmpty();
        assertThatThrownBy(() -> bridges.delete(GUILD, "in"))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("Bridge not found");
    }

    @Test
    void storeFailures_areQueryFailuresOnRead_andUpdateFailuresOnWrite() {
        LevelBridges failing = new LevelBridges(guilds, FailingStores.settings(FailingStores.unreachable()));

        assertThatThrownBy(() -> failing.all(GUILD))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Database query failed");
        for (Runnable call : List.<Runnable>of(
                () -> failing.create(GUILD, "in", "1"),
                () -> failing.replace(GUILD, "in", "1"),
                () -> failing.delete(GUILD, "in"))) {
            assertThatThrownBy(call::run)
                    .isInstanceOf(DatabaseErrorException.class)
                    .hasMessage("Database update failed");
        }
    }
}
