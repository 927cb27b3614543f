package com.communitybot.core.model;

import java.util.Optional;

/** Who changed a level record (ledger L2): the service's own write endpoints, or the bot writing the store. */
public enum XpSource {
    /** A write through the API: PUT, PATCH, DELETE of one record, a guild reset. */
    API("api"),
    /** The bot, writing the store directly. */
    STORE("store");

    private final String text;

    XpSource(String text) {
        this.text = text;
    }

    /** The source as the log's {@code source} field and the {@code source} query parameter name it. */
    public String text() {
        return text;
    }

    /** The source named {@code text} exactly; empty for anything else. */
    public static Optional<XpSource> parse(String text) {
        for (XpSource source : values()) {
            if (source.text.equals(text)) {
                return Optional.of(source);
            }
        }
        return Optional.empty();
    }
}
