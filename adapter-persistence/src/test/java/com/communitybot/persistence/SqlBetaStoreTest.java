package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.port.BetaStore;
import com.communitybot.core.testing.BetaStoreContract;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreFixture;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The beta store meets the port contract on every database. */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class SqlBetaStoreTest extends BetaStoreContract {

    @Parameter
    StoreBackend backend;

    @RegisterExtension
    static final StoreFixture stores = new StoreFixture("beta");

    @Test
    void timesInTheHourThatRepeatsWhenSummerTimeEnds_areStoredExactly() {
        // Both are 02:30 local time in Europe/Berlin; a store that passes times through the JVM's local
        // time would mix them up when the JVM runs in such a zone.
        List<BetaServer> servers = List.of(
                new BetaServer("a", Instant.parse("2025-10-26T00:30:00.123Z")),
                new BetaServer("b", Instant.parse("2025-10-26T01:30:00.456Z")));
        servers.forEach(store()::addIfAbsent);

        assertThat(store().all()).containsExactlyInAnyOrderElementsOf(servers);
    }

    @Override
    protected BetaStore store() {
        return stores.bean(BetaStore.class);
    }
}
