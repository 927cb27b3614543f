package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.AlreadyExistsException;
import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.model.BetaServer;
import com.communitybot.core.testing.FailingStores;
import com.communitybot.core.testing.InMemoryBetaStore;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class BetaTestingTest {

    private static final Instant NOW = Instant.parse("2026-05-06T07:08:09.123456789Z");
    private final InMemoryBetaStore store = new InMemoryBetaStore();
    private final BetaTesting beta = new BetaTesting(store, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void add_storesTheGuildAtTheCurrentTime_toTheMillisecond() {
        beta.add("anything goes");

        assertThat(beta.all())
                .containsExactly(new BetaServer("anything goes", Instant.parse("2026-05-06T07:08:09.123Z")));
        assertThat(beta.all().get(0).addedBy()).isEqualTo("API");
    }

    @Test
    void add_refusesAListedGuild_andKeepsItsEntry() {
        new BetaTesting(store, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC)).add("1");

        assertThatThrownBy(() -> beta.add("1"))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage("Server 1 is already in beta testing");
        assertThat(beta.all()).containsExactly(new BetaServer("1", Instant.EPOCH));
    }

    @Test
    void remove_succeedsWhetherOrNotListed() {
        beta.add("1");

        beta.remove("1");
        beta.remove("1");

        assertThat(beta.all()).isEmpty();
    }

    @Test
    void areListed_answersEachIdInOrder_exactly() {
        beta.add("1");
        beta.add("Abc");

        assertThat(beta.areListed(List.of("1", "01", "abc", "Abc", "1")))
                .containsExactly(true, false, false, true, true);
    }

    @Test
    void storeFailures_carryTheMessageOfEachOperation() {
        BetaTesting failing = new BetaTesting(FailingStores.beta(FailingStores.unreachable()), Clock.systemUTC());

        assertThatThrownBy(failing::all)
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Database query failed");
        assertThatThrownBy(() -> failing.add("1")).hasMessage("Database create failed");
        assertThatThrownBy(() -> failing.remove("1")).hasMessage("Database delete failed");
        assertThatThrownBy(() -> failing.areListed(List.of("1"))).hasMessage("Database query failed");
    }

    @Test
    void messagesNameTheGuild() {
        assertThat(BetaTesting.addedMessage("12")).isEqualTo("Server 12 added to beta testing");
        assertThat(BetaTesting.removedMessage("a b")).isEqualTo("Server a b removed from beta testing");
    }
}
