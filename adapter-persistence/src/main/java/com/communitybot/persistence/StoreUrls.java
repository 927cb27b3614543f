package com.communitybot.persistence;

import com.communitybot.persistence.h2.H2Url;

/** The JDBC URLs of the store: the default store, and a URL with the settings its database needs. */
public final class StoreUrls {

    /** The store when {@code DATABASE_URL} is not set: an H2 file database under {@code ./data/}. */
    public static final String DEFAULT_URL = "jdbc:h2:file:./data/community-bot;" + H2Url.OPTIONS;

    private StoreUrls() {}

    /**
     * {@code url} with the settings the store's SQL needs in force: an H2 URL gets {@link H2Url#OPTIONS} (added,
     * or replacing another value; its other settings kept). Any other URL is returned as is.
     */
    public static String withRequiredOptions(String url) {
        return H2Url.isH2(url) ? H2Url.withRequiredOptions(url) : url;
    }

    /** Whether {@code url} names a PostgreSQL database. */
    static boolean isPostgres(String url) {
        return url != null && url.regionMatches(true, 0, "jdbc:postgresql:", 0, "jdbc:postgresql:".length());
    }
}
