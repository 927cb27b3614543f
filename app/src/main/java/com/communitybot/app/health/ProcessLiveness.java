package com.communitybot.app.health;

import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import io.micronaut.management.health.indicator.annotation.Liveness;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;

/**
 * Liveness: the process answers HTTP. It checks nothing else on purpose: a store or Discord outage must not
 * get the process restarted, since it recovers from both by itself (that is what readiness reports).
 */
@Singleton
@Liveness
final class ProcessLiveness implements HealthIndicator {

    @Override
    public Publisher<HealthResult> getResult() {
        return Publishers.just(HealthResult.builder("process", HealthStatus.UP).build());
    }
}
