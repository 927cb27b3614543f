package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.port.BetaStore;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreContext;
import com.communitybot.persistence.testing.TestDatabase;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** How H2 writes are saved to the file: on a connection beside the pool, checkpoints shared by writers. */
class DurableWritesTest {

    @Test
    void theCheckpointTakesNoPoolConnection_soAWriteQueuesForThePoolOnce() throws Exception {
        try (StoreContext stores = StoreContext.start(
                TestDatabase.freshH2("durable-pool"), Map.of("datasources.default.maximum-pool-size", 2))) {
            DurableWrites durable = stores.bean(DurableWrites.class);
            stores.bean(BetaStore.class).addIfAbsent(new BetaServer("1", Instant.EPOCH));
            long before = durable.checkpointsRun();

            // Every connection of the pool is taken (2: Flyway needs two at start): a checkpoint that needed one
            // would wait out the pool's connection timeout and fail.
            try (Connection taken = stores.pool().getConnection();
                    Connection alsoTaken = stores.pool().getConnection()) {
                durable.persist("Saving beside a taken pool");
            }

            assertThat(durable.checkpointsRun()).isEqualTo(before + 1);
        }
    }

    @Test
    void concurrentWriters_shareCheckpoints_andEveryWriteIsThere() throws Exception {
        int writers = 8;
        int each = 100;
        try (StoreContext stores = StoreContext.start(StoreBackend.H2, "durable-group")) {
            BetaStore beta = stores.bean(BetaStore.class);
            DurableWrites durable = stores.bean(DurableWrites.class);
            long before = durable.checkpointsRun();
            ExecutorService pool = Executors.newFixedThreadPool(writers);
            try {
                CyclicBarrier start = new CyclicBarrier(writers);
                List<Future<?>> done = new ArrayList<>();
                for (int w = 0; w < writers; w++) {
                    int writer = w;
                    done.add(pool.submit(() -> {
                        start.await();
                        for (int i = 0; i < each; i++) {
                            beta.addIfAbsent(new BetaServer(Integer.toString(writer * each + i), Instant.EPOCH));
                        }
                        return null;
                    }));
                }
                for (Future<?> writer : done) {
                    writer.get(60, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }

            assertThat(beta.all()).hasSize(writers * each);
            assertThat(durable.checkpointsRun() - before)
                    .as("checkpoints for %d writes from %d writers at once", writers * each, writers)
                    .isPositive()
                    .isLessThan(writers * each);
        }
    }

    @Test
    void onPostgres_writesRunNoCheckpoint() {
        try (StoreContext stores = StoreContext.start(StoreBackend.POSTGRES, "durable-pg")) {
            stores.bean(BetaStore.class).addIfAbsent(new BetaServer("1", Instant.EPOCH));

            assertThat(stores.bean(DurableWrites.class).checkpointsRun()).isZero();
        }
    }
}
