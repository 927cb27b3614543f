package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.convert.exceptions.ConversionErrorException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ConversionErrorHandler;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.http.server.exceptions.JsonExceptionHandler;
import io.micronaut.json.JsonSyntaxException;
import io.micronaut.web.router.exceptions.UnsatisfiedBodyRouteException;
import jakarta.inject.Singleton;
import java.util.Collection;
import java.util.List;

/**
 * The one place where a request body Micronaut could not bind to its record becomes the contract's 400,
 * with a message that says what is wrong (contract 2). Micronaut reports a body in three ways: none at all,
 * text that is not JSON, and JSON that Jackson could not read into the record ({@link JsonSettings}).
 */
final class BindingErrors {

    static final String NOT_JSON = "Request body is not valid JSON: ";

    private BindingErrors() {}

    private static HttpResponse<ErrorBody> badRequest(String message) {
        return HttpResponse.<ErrorBody>status(HttpStatus.BAD_REQUEST).body(ErrorBody.of(message));
    }

    @Singleton
    @Produces
    static final class NoBody implements ExceptionHandler<UnsatisfiedBodyRouteException, HttpResponse<ErrorBody>> {
        @Override
        public HttpResponse<ErrorBody> handle(HttpRequest request, UnsatisfiedBodyRouteException e) {
            return badRequest(JsonSettings.NOT_AN_OBJECT);
        }
    }

    @Singleton
    @Produces
    @Replaces(JsonExceptionHandler.class)
    static final class NotJson implements ExceptionHandler<JsonSyntaxException, HttpResponse<ErrorBody>> {
        @Override
        public HttpResponse<ErrorBody> handle(HttpRequest request, JsonSyntaxException e) {
            return badRequest(message(e));
        }
    }

    @Singleton
    @Produces
    @Replaces(ConversionErrorHandler.class)
    static final class Unreadable implements ExceptionHandler<ConversionErrorException, HttpResponse<ErrorBody>> {
        @Override
        public HttpResponse<ErrorBody> handle(HttpRequest request, ConversionErrorException e) {
            return badRequest(message(e));
        }
    }

    /** The first cause that says what is wrong: a rule of core (spec 2.3), a field, or the JSON itself. */
    static String message(Exception e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof InvalidInputException invalid) {
                return invalid.getMessage();
            }
            if (cause instanceof MismatchedInputException mismatch) {
                return mismatch(mismatch);
            }
            if (cause instanceof JsonProcessingException json && !(cause instanceof DatabindException)) {
                return NOT_JSON + json.getOriginalMessage();
            }
        }
        return e.getMessage();
    }

    /**
     * A field that is missing, null or of another type (an integer field given anything but an integer), or an
     * element of a list of strings that is not a string. At the root, content after the body, or no body at all.
     */
    private static String mismatch(MismatchedInputException e) {
        List<JsonMappingException.Reference> path = e.getPath();
        if (path.isEmpty()) {
            return e.getTargetType() == JsonNode.class ? NOT_JSON + e.getOriginalMessage() : JsonSettings.NOT_AN_OBJECT;
        }
        String field = path.get(0).getFieldName();
        if (path.size() == 1 && e instanceof InvalidNullException) {
            return field + " is required";
        }
        if (path.size() == 1 && e.getTargetType() != null && Number.class.isAssignableFrom(e.getTargetType())) {
            return field + " must be an integer";
        }
        boolean list =
                path.size() > 1 || e.getTargetType() != null && Collection.class.isAssignableFrom(e.getTargetType());
        return field + (list ? " must be an array of strings" : " must be a string");
    }
}
