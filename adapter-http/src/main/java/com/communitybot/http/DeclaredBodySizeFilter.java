package com.communitybot.http;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.server.HttpServerConfiguration;

/**
 * A request whose {@code Content-Length} exceeds {@code MAX_REQUEST_SIZE} is answered 413 before one byte of
 * its body is read, right after the API key's check: a client that sent {@code Expect: 100-continue} never gets
 * the 100 that would invite it to send the body (Micronaut sends the 100 before it compares the length), and
 * the connection is closed, since the body the decoder still waits for will not come.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class DeclaredBodySizeFilter implements Ordered {

    private final long maxRequestSize;
    private final HttpMeters meters;

    DeclaredBodySizeFilter(HttpServerConfiguration configuration, HttpMeters meters) {
        this.maxRequestSize = configuration.getMaxRequestSize();
        this.meters = meters;
    }

    /** Null lets the request through; a response stops it. */
    @RequestFilter
    @Nullable
    public MutableHttpResponse<ErrorBody> checkDeclaredLength(HttpRequest<?> request) {
        String declared = request.getHeaders().get(HttpHeaders.CONTENT_LENGTH);
        if (declared == null || !exceeds(declared.trim())) {
            return null;
        }
        meters.refused(HttpStatus.REQUEST_ENTITY_TOO_LARGE.getCode());
        return HttpResponse.<ErrorBody>status(HttpStatus.REQUEST_ENTITY_TOO_LARGE)
                .body(ErrorBody.of(ErrorBodies.TOO_LARGE))
                .header(HttpHeaders.CONNECTION, "close");
    }

    /** A length of digits only, beyond the limit; any other value is the decoder's to refuse. */
    private boolean exceeds(String length) {
        if (length.isEmpty() || !length.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return false;
        }
        // More digits than a long holds is beyond any limit.
        return length.length() > 18 || Long.parseLong(length) > maxRequestSize;
    }

    /** Right after {@link ApiKeyFilter}: a caller without the key learns nothing, not even the limit. */
    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE + 2;
    }
}
