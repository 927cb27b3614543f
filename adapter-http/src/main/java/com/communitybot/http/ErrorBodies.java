package com.communitybot.http;

import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;

/**
 * Replaces Micronaut's error bodies (route misses, wrong methods, media types, oversized bodies, unexpected
 * failures) with the contract's one error body, so Micronaut's own format never leaks through.
 */
@Singleton
final class ErrorBodies implements ErrorResponseProcessor<ErrorBody> {

    static final String NOT_FOUND = "Not found";
    static final String METHOD_NOT_ALLOWED = "Method not allowed";
    static final String UNSUPPORTED_MEDIA_TYPE = "Content-Type must be application/json";
    static final String TOO_LARGE = "Request body is too large";
    static final String INTERNAL = "Internal server error";

    @Override
    public MutableHttpResponse<ErrorBody> processResponse(ErrorContext context, MutableHttpResponse<?> response) {
        return response.body(ErrorBody.of(message(response.status(), context)))
                .contentType(MediaType.APPLICATION_JSON_TYPE);
    }

    private static String message(HttpStatus status, ErrorContext context) {
        return switch (status) {
            case NOT_FOUND -> NOT_FOUND;
            case METHOD_NOT_ALLOWED -> METHOD_NOT_ALLOWED;
            case UNSUPPORTED_MEDIA_TYPE -> UNSUPPORTED_MEDIA_TYPE;
            case REQUEST_ENTITY_TOO_LARGE -> TOO_LARGE;
            case BAD_REQUEST ->
                context.getErrors().isEmpty()
                        ? "Bad request"
                        : context.getErrors().get(0).getMessage();
            default -> status.getCode() >= 500 ? INTERNAL : status.getReason();
        };
    }
}
