package com.communitybot.core.usecase;

import com.communitybot.core.error.StoreFailure;
import com.communitybot.core.error.StoreFailureException;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.port.StoredDataException;
import java.util.function.Supplier;

/** Runs a store call and turns the store's failure into the client-facing failure of spec section 7. */
final class StoreCalls {

    private StoreCalls() {
    }

    static <T> T call(StoreFailure failure, Supplier<T> call) {
        try {
            return call.get();
        } catch (StoreException e) {
            throw translate(failure, e);
        }
    }

    /** A read whose records came back but cannot be understood is {@link StoreFailure#PARSE}. */
    static StoreFailureException translate(StoreFailure failure, StoreException e) {
        boolean unreadable = failure == StoreFailure.QUERY && e instanceof StoredDataException;
        return new StoreFailureException(unreadable ? StoreFailure.PARSE : failure, e);
    }

    static void run(StoreFailure failure, Runnable call) {
        call(failure, () -> {
            call.run();
            return null;
        });
    }
}
