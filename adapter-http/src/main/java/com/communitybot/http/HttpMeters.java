package com.communitybot.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

/**
 * The HTTP adapter's own meters: what the leaderboard streamed and which store failures clients were
 * answered. Without a registry (metrics off) they count into nothing.
 */
@Singleton
final class HttpMeters {

    static final String LEADERBOARD_ROWS = "leaderboard.rows";
    static final String LEADERBOARD_BYTES = "leaderboard.bytes";
    static final String STORE_FAILURES = "store.failures";
    static final String REFUSED = "http.server.requests.refused";

    /** Micronaut's request timer ({@code micronaut.metrics.binders.web}), which {@link DirectAnswers} feeds too. */
    static final String REQUESTS = "http.server.requests";

    private final MeterRegistry registry;
    private final MeterRegistry requests;

    HttpMeters(
            @Nullable MeterRegistry registry,
            @Value("${micronaut.metrics.binders.web.enabled:true}") boolean requestsTimed) {
        // An empty composite registry is Micrometer's no-op registry.
        this.registry = registry != null ? registry : new CompositeMeterRegistry();
        this.requests = requestsTimed ? this.registry : new CompositeMeterRegistry();
    }

    /**
     * The timer Micronaut's request meter records a 200 of this route in, with its tags (a route template
     * as Micronaut renders it, without the variables' patterns): a request answered without Micronaut is
     * counted where the same request answered by Micronaut would have been.
     */
    Timer answered(String method, String route) {
        return requests.timer(REQUESTS, "method", method, "status", "200", "uri", route, "exception", "none");
    }

    /** A chunk of a leaderboard body was handed to the server: its entries and bytes. */
    void leaderboardChunk(int rows, int bytes) {
        registry.counter(LEADERBOARD_ROWS).increment(rows);
        registry.counter(LEADERBOARD_BYTES).increment(bytes);
    }

    /** A request was answered 401 for its API key (spec 5). */
    void refused() {
        refused(401);
    }

    /**
     * A request was refused before Micronaut's routing saw it: 401 for its key, 413 for its declared length,
     * 414 or 431 for a request line or headers over the limit.
     */
    void refused(int status) {
        registry.counter(REFUSED, "status", Integer.toString(status)).increment();
    }

    /** A client was answered a store failure; {@code message} is one of spec 7's few messages. */
    void storeFailure(String message) {
        registry.counter(STORE_FAILURES, "message", message).increment();
    }
}
