package com.communitybot.app.management;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import io.micronaut.inject.ExecutableMethod;
import io.micronaut.management.endpoint.EndpointSensitivityProcessor;
import io.micronaut.management.endpoint.EndpointsFilter;
import io.micronaut.web.router.MethodBasedRouteMatch;
import io.micronaut.web.router.RouteMatchUtils;
import java.util.Map;

/**
 * Answers 401 to a request for a management endpoint that is sensitive, as Micronaut's own
 * {@link EndpointsFilter} does; but when no enabled endpoint is sensitive (this service enables only health
 * and Prometheus, neither sensitive) it does nothing at all. Micronaut's filter looks the matched method up in
 * a hash map on every request, API requests included, and an executable method's hash is worked out anew
 * each time (a few per cent of a small endpoint's time).
 */
@Replaces(EndpointsFilter.class)
@ServerFilter(value = ServerFilter.MATCH_ALL_PATTERN, appendContextPath = false)
final class SensitiveEndpointsFilter implements Ordered {

    private final Map<ExecutableMethod, Boolean> endpointMethods;
    private final boolean anySensitive;

    SensitiveEndpointsFilter(EndpointSensitivityProcessor sensitivity) {
        this.endpointMethods = sensitivity.getEndpointMethods();
        this.anySensitive = endpointMethods.containsValue(Boolean.TRUE);
    }

    @RequestFilter
    @Nullable
    HttpResponse<?> refuseSensitive(HttpRequest<?> request) {
        if (!anySensitive) {
            return null;
        }
        return RouteMatchUtils.findRouteMatch(request)
                        .filter(MethodBasedRouteMatch.class::isInstance)
                        .map(match -> endpointMethods.getOrDefault(
                                ((MethodBasedRouteMatch<?, ?>) match).getExecutableMethod(), false))
                        .orElse(false)
                ? HttpResponse.status(HttpStatus.UNAUTHORIZED)
                : null;
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.order();
    }
}
