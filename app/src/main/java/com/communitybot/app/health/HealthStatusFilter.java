package com.communitybot.app.health;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.micronaut.health.HealthStatus;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.management.endpoint.health.HealthEndpoint;
import io.micronaut.management.endpoint.health.filter.HealthResultFilter;
import io.micronaut.management.health.indicator.HealthResult;

/**
 * Gives a health answer its HTTP status (DOWN is 503), as Micronaut's own {@link HealthResultFilter} does, but
 * as a filter of every path. Micronaut's filter names the three health paths, which makes its router match
 * those patterns against the path of every request, API requests included, and build and sort each request's
 * filter list anew; a filter of every path is in the one list it builds once. It looks at the response body
 * only, so it changes nothing but health answers.
 */
@Replaces(HealthResultFilter.class)
@Requires(beans = HealthEndpoint.class)
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class HealthStatusFilter {

    private final HealthEndpoint health;

    HealthStatusFilter(HealthEndpoint health) {
        this.health = health;
    }

    @ResponseFilter
    void setStatus(MutableHttpResponse<?> response) {
        if (response.body() instanceof HealthResult result) {
            HealthStatus status = result.getStatus();
            HttpStatus mapped = health.getStatusConfiguration().getHttpMapping().get(status.getName());
            if (mapped != null) {
                response.status(mapped);
            } else if (!status.getOperational().orElse(true)) {
                response.status(HttpStatus.SERVICE_UNAVAILABLE);
            }
        }
    }
}
