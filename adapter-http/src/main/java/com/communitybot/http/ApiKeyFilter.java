package com.communitybot.http;

import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;

/**
 * Spec section 5: every request, to any path and with any method, must carry the one API key in
 * {@code X-API-Key}, or it is answered 401 and goes no further. Micronaut runs server filters before it
 * decides 404, 405 or 415, so an unauthenticated caller never learns whether a path exists.
 *
 * <p>The one exception is the management port ({@code endpoints.all.port}, Micronaut's own setting that puts
 * its management endpoints on a port of their own): health checks and metrics scrapers carry no key, and
 * Micronaut serves those endpoints there alone and the API's routes never there, so nothing of the API
 * answers without the key.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
public final class ApiKeyFilter implements Ordered {

    static final String HEADER = "X-API-Key";
    static final String MESSAGE = "Missing or invalid API key";

    /** No port is 0 once bound, so 0 stands for "no management port". */
    private static final int NO_MANAGEMENT_PORT = 0;

    private final byte[] key;
    private final int managementPort;
    private final HttpMeters meters;

    ApiKeyFilter(
            @Value("${bot.api-key}") String apiKey,
            @Value("${endpoints.all.port:" + NO_MANAGEMENT_PORT + "}") int managementPort,
            HttpMeters meters) {
        if (apiKey == null || apiKey.isEmpty()) {
            throw new IllegalStateException("bot.api-key (BOT_API_KEY) must be set");
        }
        this.key = apiKey.getBytes(StandardCharsets.UTF_8);
        this.managementPort = managementPort;
        this.meters = meters;
    }

    /** Null lets the request through; a response stops it. */
    @RequestFilter
    @Nullable
    public MutableHttpResponse<ErrorBody> checkApiKey(HttpRequest<?> request) {
        if (managementPort != NO_MANAGEMENT_PORT && request.getServerAddress().getPort() == managementPort) {
            return null;
        }
        if (accepts(request.getHeaders().getAll(HEADER))) {
            return null;
        }
        // Micronaut's request meters never see a response a filter gives, so refusals are counted here.
        meters.refused();
        return HttpResponse.status(HttpStatus.UNAUTHORIZED).body(ErrorBody.of(MESSAGE));
    }

    /** Whether the values of {@code X-API-Key} in a request are the one key: exactly one value, text, equal. */
    boolean accepts(List<String> values) {
        return values.size() == 1 && isText(values.get(0)) && matches(values.get(0));
    }

    /**
     * A header value is text when it is visible ASCII (tab and space allowed), as HTTP defines field values;
     * Netty hands other bytes over one char per byte, with no agreed meaning, so they never match.
     */
    private static boolean isText(String value) {
        if (value.isEmpty()) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != '\t' && (c < 0x20 || c > 0x7E)) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@link MessageDigest#isEqual} looks at every byte of the key whatever the value and its length (an empty
     * value never gets here), so its time depends on the key's length alone and says nothing of how much of the
     * key a guess got right; hashing both first, as this filter once did, cost a SHA-256 on every request.
     */
    private boolean matches(String value) {
        return MessageDigest.isEqual(key, value.getBytes(StandardCharsets.US_ASCII));
    }

    /** Right after {@link AccessLogRoutes}, which answers nothing; before every filter that could. */
    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE + 1;
    }
}
