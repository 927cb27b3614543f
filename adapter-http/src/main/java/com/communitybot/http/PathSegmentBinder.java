package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.UserId;
import io.micronaut.core.convert.ArgumentConversionContext;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.bind.binders.AnnotatedRequestArgumentBinder;
import io.micronaut.web.router.RouteAttributes;
import io.micronaut.web.router.UriRouteInfo;
import io.micronaut.web.router.UriRouteMatch;
import jakarta.inject.Singleton;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Binds {@link PathSegment} parameters: the named variable of the matched route, percent-decoded by RFC 3986
 * alone. Micronaut decodes path variables as form data, turning {@code +} into a space, which would change an
 * id such as {@code a+b} (contract 2); so the variable is taken from the raw path, at its place in the route's
 * template.
 * A {@code GuildId} or {@code UserId} that does not parse is 400 {@code Invalid <name>}, before the body is read.
 */
@Singleton
final class PathSegmentBinder implements AnnotatedRequestArgumentBinder<PathSegment, Object> {

    static final String BAD_ENCODING = "Invalid percent-encoding in the path";

    private final Map<UriRouteInfo<?, ?>, Map<String, Integer>> places = new ConcurrentHashMap<>();

    @Override
    public Class<PathSegment> getAnnotationType() {
        return PathSegment.class;
    }

    @Override
    public BindingResult<Object> bind(ArgumentConversionContext<Object> context, HttpRequest<?> request) {
        String name =
                context.getAnnotationMetadata().stringValue(PathSegment.class).orElseThrow();
        String text = decode(rawVariable(request, name));
        Class<?> type = context.getArgument().getType();
        Object value;
        if (type == String.class) {
            value = text;
        } else if (type == GuildId.class) {
            value = GuildId.parse(text).orElseThrow(() -> new InvalidInputException("Invalid " + name));
        } else if (type == UserId.class) {
            boolean nonZero = context.getAnnotationMetadata()
                    .booleanValue(PathSegment.class, "nonZero")
                    .orElse(false);
            value = UserId.parse(text)
                    .filter(user -> !nonZero || user.value() != 0)
                    .orElseThrow(() -> new InvalidInputException("Invalid " + name));
        } else {
            throw new IllegalStateException("@PathSegment binds String, GuildId or UserId, not " + type.getName());
        }
        return () -> Optional.of(value);
    }

    /**
     * The segment of the raw path that the route's variable {@code name} matched. Every variable matches one whole
     * segment ({@link PathSegment#ANY}), so it is the path's segment at the variable's place in the template, worked
     * out once per route (Micronaut's route objects live as long as the router); matching the template again would
     * run its regular expression a second time on every request.
     */
    private String rawVariable(HttpRequest<?> request, String name) {
        UriRouteMatch<?, ?> route = RouteAttributes.getRouteMatch(request)
                .filter(UriRouteMatch.class::isInstance)
                .map(UriRouteMatch.class::cast)
                .orElseThrow(() -> new IllegalStateException("@PathSegment outside a URI route"));
        Integer place = places.computeIfAbsent(route.getRouteInfo(), PathSegmentBinder::placesOfVariables)
                .get(name);
        if (place == null) {
            throw new IllegalStateException(
                    "the route " + route.getRouteInfo().getUriMatchTemplate() + " has no " + name);
        }
        return segment(request.getPath(), place);
    }

    /** Each variable of the route's template by its segment's place, the number of {@code /} before it. */
    private static Map<String, Integer> placesOfVariables(UriRouteInfo<?, ?> route) {
        String[] segments = AccessLogRoutes.template(route).split("/", -1);
        Map<String, Integer> places = new HashMap<>();
        for (int place = 0; place < segments.length; place++) {
            String segment = segments[place];
            if (segment.length() > 2 && segment.startsWith("{") && segment.endsWith("}")) {
                places.put(segment.substring(1, segment.length() - 1), place);
            }
        }
        return places;
    }

    /** The text between the {@code place}-th {@code /} of {@code path} and the next one. */
    static String segment(String path, int place) {
        int start = 0;
        for (int i = 0; i < place; i++) {
            start = path.indexOf('/', start) + 1;
        }
        int end = path.indexOf('/', start);
        return end < 0 ? path.substring(start) : path.substring(start, end);
    }

    static String decode(String segment) {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(segment.length());
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '%') {
                int high = i + 2 < segment.length() ? Character.digit(segment.charAt(i + 1), 16) : -1;
                int low = high < 0 ? -1 : Character.digit(segment.charAt(i + 2), 16);
                if (low < 0) {
                    throw new InvalidInputException(BAD_ENCODING);
                }
                bytes.write(high * 16 + low);
                i += 2;
            } else {
                byte[] literal = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(literal, 0, literal.length);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
