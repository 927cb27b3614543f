package com.communitybot.http;

import io.micronaut.context.annotation.Requires;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpAttributes;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.micronaut.web.router.UriRouteInfo;
import io.micronaut.web.router.UriRouteMatch;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Hands the route template Micronaut matched to the access log, which logs it instead of the raw path (no ids,
 * no key). It answers nothing and changes nothing of the request, and exists only while access lines are
 * written ({@code ACCESS_LOG=on}).
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Requires(property = "bot.access-log", value = "true")
final class AccessLogRoutes implements Ordered {

    private static final Pattern VARIABLE_PATTERN = Pattern.compile("\\{([^}:]+):[^}]*}");

    /**
     * The logged template of each route, worked out once: Micronaut's route objects live as long as the router
     * (they have identity equality), so a template is not rendered and stripped of its patterns per request.
     */
    private final Map<UriRouteInfo<?, ?>, String> templates = new ConcurrentHashMap<>();

    /** The route's template without its variables' patterns: {@code /api/{guild_id}/roles}. */
    static String template(UriRouteInfo<?, ?> route) {
        return VARIABLE_PATTERN
                .matcher(route.getUriMatchTemplate().toPathString())
                .replaceAll("{$1}");
    }

    @RequestFilter
    void tagRequest(HttpRequest<?> request) {
        if (request instanceof NettyHttpRequest<?> netty) {
            request.getAttribute(HttpAttributes.ROUTE_MATCH, UriRouteMatch.class)
                    .map(match -> templates.computeIfAbsent(match.getRouteInfo(), AccessLogRoutes::template))
                    .ifPresent(route -> netty.getChannelHandlerContext()
                            .channel()
                            .attr(AccessLog.ROUTE)
                            .set(route));
        }
    }

    /** Before the API key's check, so a refused request is logged with its route and id too. */
    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE;
    }
}
