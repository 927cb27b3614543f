package com.communitybot.core.port;

/** Thrown by a store adapter when a stored record was read but cannot be understood. */
public class StoredDataException extends StoreException {

    private static final long serialVersionUID = 1L;

    public StoredDataException(String message, Throwable cause) {
        super(message, cause);
    }
}
