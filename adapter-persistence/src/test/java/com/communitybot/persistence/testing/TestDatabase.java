package com.communitybot.persistence.testing;

import java.util.HashMap;
import java.util.Map;

/**
 * A database made for one test class, with the Micronaut properties that point the store at it; closing
 * it drops the database.
 */
public final class TestDatabase implements AutoCloseable {

    private final String url;
    private final String username;
    private final String password;
    private final Runnable drop;
    private final String name;

    TestDatabase(String url, String username, String password, Runnable drop, String name) {
        this.url = url;
        this.username = username;
        this.password = password;
        this.drop = drop;
        this.name = name;
    }

    /** A fresh in-memory H2 database, given without the H2 options so the module must add them. */
    public static TestDatabase freshH2(String purpose) {
        String name = purpose + "_" + java.util.UUID.randomUUID().toString().substring(0, 8);
        return new TestDatabase("jdbc:h2:mem:" + name, "sa", "", () -> { }, name);
    }

    public String url() {
        return url;
    }

    /** The database's name on its server. */
    public String name() {
        return name;
    }

    /**
     * What the app sets from DATABASE_URL, DATABASE_USER and DATABASE_PASSWORD, plus Flyway for the
     * default data source: the properties for {@code ApplicationContext.run} or a {@code TestPropertyProvider}.
     */
    public Map<String, Object> properties() {
        Map<String, Object> properties = new HashMap<>();
        properties.put("datasources.default.url", url);
        if (username != null) {
            properties.put("datasources.default.username", username);
        }
        if (password != null) {
            properties.put("datasources.default.password", password);
        }
        properties.put("flyway.datasources.default.enabled", true);
        return properties;
    }

    @Override
    public void close() {
        drop.run();
    }
}
