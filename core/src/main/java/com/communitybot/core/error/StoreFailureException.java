package com.communitybot.core.error;

import java.util.Objects;

/** The store failed while a use case used it; the kind decides what the client is told. */
public class StoreFailureException extends DomainException {

    private static final long serialVersionUID = 1L;
    private final StoreFailure failure;

    public StoreFailureException(StoreFailure failure, Throwable cause) {
        super(Objects.requireNonNull(failure, "failure").message(), cause);
        this.failure = failure;
    }

    public StoreFailure failure() {
        return failure;
    }
}
