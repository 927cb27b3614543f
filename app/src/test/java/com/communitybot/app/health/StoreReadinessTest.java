package com.communitybot.app.health;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.persistence.StoreUrls;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthResult;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * The readiness probe leaves the pooled connection it used as it found it. On H2 a statement's query timeout
 * is the session's ({@code SET QUERY_TIMEOUT}), so the probe's 2 s stayed on the connection and cancelled
 * any later statement on it that ran longer: the soak test (bench/soak.sh) got 500 "Database query failed"
 * ("Statement was canceled or the session timed out") on members' entries that way, and a service probed every
 * few seconds would in time have it on every connection of the pool.
 */
class StoreReadinessTest {

    @Test
    void afterAProbe_theConnectionHasNoQueryTimeoutLeft() throws Exception {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(StoreUrls.withRequiredOptions("jdbc:h2:mem:readiness-" + UUID.randomUUID()));
        config.setMaximumPoolSize(1); // the probe's connection is the one the next borrower gets
        try (HikariDataSource pool = new HikariDataSource(config)) {
            StoreReadiness readiness = new StoreReadiness(pool);

            assertThat(first(readiness).getStatus()).isEqualTo(HealthStatus.UP);

            try (Connection connection = pool.getConnection();
                    Statement statement = connection.createStatement();
                    ResultSet row = statement.executeQuery(
                            "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'QUERY_TIMEOUT'")) {
                assertThat(row.next()).isTrue();
                assertThat(row.getString(1)).isEqualTo("0");
            }
        }
    }

    private static HealthResult first(StoreReadiness readiness) throws Exception {
        CompletableFuture<HealthResult> result = new CompletableFuture<>();
        readiness.getResult().subscribe(new Subscriber<HealthResult>() {
            @Override
            public void onSubscribe(Subscription subscription) {
                subscription.request(1);
            }

            @Override
            public void onNext(HealthResult item) {
                result.complete(item);
            }

            @Override
            public void onError(Throwable failure) {
                result.completeExceptionally(failure);
            }

            @Override
            public void onComplete() {}
        });
        return result.get(10, TimeUnit.SECONDS);
    }
}
