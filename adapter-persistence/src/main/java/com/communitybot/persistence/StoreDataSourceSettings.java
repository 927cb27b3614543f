package com.communitybot.persistence;

import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import io.micronaut.context.env.Environment;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import jakarta.inject.Singleton;
import java.util.Objects;
import java.util.Properties;

/**
 * Puts the store's settings on the default data source's configuration before its pool is built: the URL its
 * engine opens it with ({@link StoreEngine#beforeOpening}: on H2, the options the SQL needs), and timeouts so a dead
 * store fails a call within seconds instead of hanging it.
 * A timeout the configuration sets itself ({@code datasources.default.*}) is kept.
 */
@Singleton
final class StoreDataSourceSettings implements BeanCreatedEventListener<DatasourceConfiguration> {

    /** Longest wait for a pooled connection; also bounds the wait when the server refuses connections. */
    static final long CONNECTION_TIMEOUT_MS = 3_000;
    /** Longest check that a pooled connection is still alive before it is handed out. */
    static final long VALIDATION_TIMEOUT_MS = 1_000;
    /** PostgreSQL driver: longest wait to open a TCP connection and to log in, in seconds. */
    static final int PG_CONNECT_TIMEOUT_S = 3;
    /**
     * PostgreSQL driver: longest wait for any one answer of the server, in seconds. Every statement of this
     * module answers in well under a second (single rows by key, index scans, batches of 1000), so this only
     * ends calls to a server that stopped answering. It is the one bound on a connection the pool hands out
     * unchecked (one used in the last half second) when the server or the network goes silent, so it is
     * what keeps such a request to a 500 within seconds (contract 1) rather than a long hang. A migration or
     * an import that needs longer answers can raise it with {@code socketTimeout=} in the URL.
     */
    static final int PG_SOCKET_TIMEOUT_S = 5;

    private final Environment environment;

    StoreDataSourceSettings(Environment environment) {
        this.environment = environment;
    }

    @Override
    public DatasourceConfiguration onCreated(BeanCreatedEvent<DatasourceConfiguration> event) {
        DatasourceConfiguration config = event.getBean();
        String url = config.getJdbcUrl();
        String opened = StoreEngine.forUrl(url).beforeOpening(url);
        if (!Objects.equals(opened, url)) {
            config.setJdbcUrl(opened);
        }
        String prefix = "datasources." + config.getName() + ".";
        if (!configured(prefix, "connection-timeout")) {
            config.setConnectionTimeout(CONNECTION_TIMEOUT_MS);
        }
        if (!configured(prefix, "validation-timeout")) {
            config.setValidationTimeout(VALIDATION_TIMEOUT_MS);
        }
        if (StoreUrls.isPostgres(url)) {
            Properties driver = config.getDataSourceProperties();
            putUnlessSet(driver, url, "connectTimeout", PG_CONNECT_TIMEOUT_S);
            putUnlessSet(driver, url, "loginTimeout", PG_CONNECT_TIMEOUT_S);
            putUnlessSet(driver, url, "socketTimeout", PG_SOCKET_TIMEOUT_S);
            putUnlessSet(driver, url, "tcpKeepAlive", true);
        }
        return config;
    }

    private boolean configured(String prefix, String key) {
        return environment.containsProperty(prefix + key);
    }

    /** A driver property given in the URL or in data-source-properties wins over ours. */
    private static void putUnlessSet(Properties driver, String url, String key, Object value) {
        if (!driver.containsKey(key) && !url.contains(key + "=")) {
            driver.put(key, String.valueOf(value));
        }
    }
}
