package com.communitybot.core.port;

/**
 * Thrown by a store adapter when the store cannot do what was asked: unreachable, refused, timed out.
 * Use cases turn it into the client-facing failure of spec section 7.
 */
public class StoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
