package com.communitybot.http;

import com.communitybot.core.error.AlreadyExistsException;
import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.error.TooManyStreamsException;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/** One handler per domain error, each giving the error's status and its message in the contract's body. */
final class DomainErrorHandlers {

    private DomainErrorHandlers() {}

    private static HttpResponse<ErrorBody> respond(HttpStatus status, Exception e) {
        return HttpResponse.<ErrorBody>status(status).body(ErrorBody.of(e.getMessage()));
    }

    @Singleton
    @Produces
    @Requires(classes = {NotFoundException.class, ExceptionHandler.class})
    static final class NotFound implements ExceptionHandler<NotFoundException, HttpResponse<ErrorBody>> {
        @Override
        public HttpResponse<ErrorBody> handle(HttpRequest request, NotFoundException e) {
            return respond(HttpStatus.NOT_FOUND, e);
        }
    }

    @Singleton
    @Produces
    @Requires(classes = {TooManyStreamsException.class, ExceptionHandler.class})
    static final class TooManyStreams implements ExceptionHandler<TooManyStreamsException, HttpResponse<ErrorBody>> {
        @Override
        public HttpResponse<ErrorBody> handle(HttpRequest request, TooManyStreamsException e) {
            return respond(HttpStatus.SERVICE_UNAVAILABLE, e);
        }
    }

    @Singleton
    @Produces
    @Requires(classes = {AlreadyExistsException.class, ExceptionHandler.class})
    static final class AlreadyExists implements ExceptionHandler<AlreadyExistsException, HttpResponse<ErrorBody>> {
        @Override
        public HttpResponse<ErrorBody> handle(HttpRequest request, AlreadyExistsException e) {
            return respond(HttpStatus.CONFLICT, e);
        }
    }

    @Singleton
    @Produces
    @Requires(classes = {InvalidInputException.class, ExceptionHandler.class})
    static final class InvalidInput implements ExceptionHandler<InvalidInputException, HttpResponse<ErrorBody>> {
        @Override
        public HttpResponse<ErrorBody> handle(HttpRequest request, InvalidInputException e) {
            return respond(HttpStatus.BAD_REQUEST, e);
        }
    }

    /** Logs the cause, which the client is not shown; the message is the spec's, chosen in core. */
    @Singleton
    @Produces
    @Requires(classes = {DatabaseErrorException.class, ExceptionHandler.class})
    static final class DatabaseError implements ExceptionHandler<DatabaseErrorException, HttpResponse<ErrorBody>> {
        private static final Logger LOG = LoggerFactory.getLogger(DatabaseError.class);
        private final HttpMeters meters;

        DatabaseError(HttpMeters meters) {
            this.meters = meters;
        }

        @Override
        public HttpResponse<ErrorBody> handle(HttpRequest request, DatabaseErrorException e) {
            Throwable cause = e.getCause();
            String id = request.getHeaders().get(AccessLog.HEADER);
            if (id != null) {
                MDC.put(AccessLog.MDC_KEY, id);
            }
            try {
                LOG.warn(
                        "{} {}: {}: {}",
                        request.getMethodName(),
                        request.getPath(),
                        e.getMessage(),
                        cause == null ? "no cause" : describe(cause));
            } finally {
                MDC.remove(AccessLog.MDC_KEY);
            }
            meters.storeFailure(e.getMessage());
            return respond(HttpStatus.INTERNAL_SERVER_ERROR, e);
        }

        private static String describe(Throwable cause) {
            StringBuilder text = new StringBuilder(String.valueOf(cause.getMessage()));
            for (Throwable t = cause.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
                text.append(" <- ").append(t.getMessage());
            }
            return text.toString();
        }
    }
}
