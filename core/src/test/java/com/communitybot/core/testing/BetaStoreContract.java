package com.communitybot.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.port.BetaStore;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What every {@link BetaStore} must do; each implementation's test extends this class. */
public abstract class BetaStoreContract {

    protected static final Instant AT = Instant.parse("2026-01-02T03:04:05.678Z");

    /** The store under test, empty at the start of each test. */
    protected abstract BetaStore store();

    @Test
    public void givenNoEntries_allIsEmpty() {
        assertThat(store().all()).isEmpty();
        assertThat(store().listedAmong(List.of("1", "2"))).isEmpty();
    }

    @Test
    public void addIfAbsent_storesTheEntryWithItsTime() {
        assertThat(store().addIfAbsent(new BetaServer("123", AT))).isTrue();

        assertThat(store().all()).containsExactly(new BetaServer("123", AT));
    }

    @Test
    public void addIfAbsent_refusesAListedGuild_andKeepsItsTime() {
        store().addIfAbsent(new BetaServer("123", AT));

        assertThat(store().addIfAbsent(new BetaServer("123", AT.plusSeconds(60))))
                .isFalse();

        assertThat(store().all()).containsExactly(new BetaServer("123", AT));
    }

    @Test
    public void guildIdsAreAnyStringComparedExactly() {
        for (String id : List.of("123", "0123", "+123", "abc", "ABC", "a b", "caf\u00e9", "cafe\u0301", "")) {
            assertThat(store().addIfAbsent(new BetaServer(id, AT))).as(id).isTrue();
        }

        assertThat(store().listedAmong(List.of("123", "ABC", "Abc", "caf\u00e9", " 123", "")))
                .containsExactlyInAnyOrder("123", "ABC", "caf\u00e9", "");
    }

    @Test
    public void remove_saysWhetherThereWasAnEntry() {
        store().addIfAbsent(new BetaServer("123", AT));

        assertThat(store().remove("123")).isTrue();
        assertThat(store().remove("123")).isFalse();
        assertThat(store().all()).isEmpty();
    }

    @Test
    public void listedAmong_handlesManyIds() {
        store().addIfAbsent(new BetaServer("5", AT));
        List<String> ids = java.util.stream.IntStream.range(0, 5000)
                .mapToObj(Integer::toString)
                .toList();

        assertThat(store().listedAmong(ids)).containsExactly("5");
    }

    @Test
    public void concurrentCreatorsOfOneEntry_exactlyOneWins() throws Exception {
        List<Boolean> created =
                Concurrently.run(20, i -> () -> store().addIfAbsent(new BetaServer("777", AT.plusSeconds(i))));

        assertThat(created).filteredOn(c -> c).hasSize(1);
        assertThat(store().all()).hasSize(1);
    }
}
