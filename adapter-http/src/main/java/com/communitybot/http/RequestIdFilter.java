package com.communitybot.http;

import io.micronaut.context.propagation.slf4j.MdcPropagationContext;
import io.micronaut.core.order.Ordered;
import io.micronaut.core.propagation.MutablePropagatedContext;
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
 * Puts the request's id ({@link AccessLog} gave every request one) into the logging context of everything
 * the request runs, on whichever thread, so each log line names the request; and hands the matched route
 * template to the access log. It answers nothing and changes nothing of the request.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class RequestIdFilter implements Ordered {

    private static final Pattern VARIABLE_PATTERN = Pattern.compile("\\{([^}:]+):[^}]*}");

    /**
     * The logged template of each route, worked out once: Micronaut's route objects live as long as the router
     * (they have identity equality), and rendering a template and stripping its patterns on every request cost
     * a few per cent of a small endpoint's time.
     */
    private final Map<UriRouteInfo<?, ?>, String> templates = new ConcurrentHashMap<>();

    private static String template(UriRouteInfo<?, ?> route) {
        return VARIABLE_PATTERN
                .matcher(route.getUriMatchTemplate().toPathString())
                .replaceAll("{$1}");
    }

    @RequestFilter
    void tagRequest(HttpRequest<?> request, MutablePropagatedContext context) {
        String id = request.getHeaders().get(AccessLog.HEADER);
        if (id != null) {
            context.add(new MdcPropagationContext(Map.of(AccessLog.MDC_KEY, id)));
        }
        if (request instanceof NettyHttpRequest<?> netty) {
            request.getAttribute(HttpAttributes.ROUTE_MATCH, UriRouteMatch.class)
                    .map(match -> templates.computeIfAbsent(match.getRouteInfo(), RequestIdFilter::template))
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
