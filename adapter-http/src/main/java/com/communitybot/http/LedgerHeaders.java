package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.IdempotencyKey;
import io.micronaut.http.HttpRequest;
import java.util.List;

/** The {@code Idempotency-Key} request header of the ledger's writes (ledger L1), read once: at most one. */
final class LedgerHeaders {

    static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private LedgerHeaders() {}

    /** The key as sent, for core to check; null when the request has none; 400 when it has more than one. */
    static String idempotencyKey(HttpRequest<?> request) {
        List<String> keys = request.getHeaders().getAll(IDEMPOTENCY_KEY);
        if (keys.size() > 1) {
            throw new InvalidInputException(IdempotencyKey.INVALID);
        }
        return keys.isEmpty() ? null : keys.get(0);
    }
}
