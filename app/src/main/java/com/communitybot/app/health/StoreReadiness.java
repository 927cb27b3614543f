package com.communitybot.app.health;

import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;
import org.reactivestreams.Publisher;

/**
 * Readiness of the store: it answers a query within {@link #TIMEOUT}. The query runs on a thread of its own,
 * so a store that has gone silent holds that one thread and never the server's; while a query hangs, later
 * checks wait for the same query instead of piling up new ones.
 */
@Singleton
final class StoreReadiness implements HealthIndicator {

    static final String NAME = "store";
    static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final DataSource pool;
    private final ExecutorService probes = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "store-readiness");
        thread.setDaemon(true);
        return thread;
    });
    private CompletableFuture<Void> probe;

    StoreReadiness(DataSource dataSource) {
        // The pool itself: Micronaut Data's transaction-aware proxy has nothing to add to one query.
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
    }

    @Override
    public Publisher<HealthResult> getResult() {
        CompletableFuture<HealthResult> result = currentProbe()
                .copy()
                .orTimeout(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .handle((done, failure) -> failure == null
                        ? HealthResult.builder(NAME, HealthStatus.UP).build()
                        : HealthResult.builder(NAME, HealthStatus.DOWN)
                                .details(Map.of("error", describe(failure)))
                                .build());
        return Publishers.fromCompletableFuture(result);
    }

    private synchronized CompletableFuture<Void> currentProbe() {
        if (probe == null || probe.isDone()) {
            probe = CompletableFuture.runAsync(this::selectOne, probes);
        }
        return probe;
    }

    private void selectOne() {
        try (Connection connection = pool.getConnection();
                Statement statement = connection.createStatement()) {
            statement.setQueryTimeout((int) TIMEOUT.toSeconds());
            try {
                statement.execute("SELECT 1");
            } finally {
                // On H2 a statement's query timeout is its session's (SET QUERY_TIMEOUT): left in place, it
                // would cancel any later statement of more than 2 s on this pooled connection.
                statement.setQueryTimeout(0);
            }
        } catch (SQLException e) {
            throw new CompletionException(e);
        }
    }

    /** What failed, in one line without the URL or credentials: the driver's message names the cause. */
    private static String describe(Throwable failure) {
        Throwable cause =
                failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof TimeoutException) {
            return "the store did not answer a query within " + TIMEOUT.toSeconds() + " s";
        }
        return "the store failed a query: " + cause.getMessage();
    }

    @PreDestroy
    void close() {
        probes.shutdownNow();
    }
}
