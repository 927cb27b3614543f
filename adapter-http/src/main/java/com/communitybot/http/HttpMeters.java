package com.communitybot.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
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

    private final MeterRegistry registry;

    HttpMeters(@Nullable MeterRegistry registry) {
        // An empty composite registry is Micrometer's no-op registry.
        this.registry = registry != null ? registry : new CompositeMeterRegistry();
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
