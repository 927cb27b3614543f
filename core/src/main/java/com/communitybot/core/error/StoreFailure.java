package com.communitybot.core.error;

/** The kinds of store failure of spec section 7, each with the message a client is shown. */
public enum StoreFailure {
    QUERY("Database query failed"),
    PARSE("Failed to parse database response"),
    UPDATE("Database update failed"),
    CREATE("Database create failed"),
    DELETE("Database delete failed");

    private final String message;

    StoreFailure(String message) {
        this.message = message;
    }

    public String message() {
        return message;
    }
}
