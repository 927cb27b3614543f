package com.communitybot.app;

import io.micronaut.context.ApplicationContext;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;

/**
 * A Micronaut context with the store alone, no HTTP server and no live view, for import and export; so none
 * of the service's health checks and metrics either (they read the live view).
 */
final class StoreContext {

    private StoreContext() {}

    static ApplicationContext start(AppConfig config) {
        return start(config.storeProperties());
    }

    /** The store at {@code url} instead of the configured one, with the configured user and password. */
    static ApplicationContext start(AppConfig config, String url) {
        Map<String, Object> properties = new LinkedHashMap<>(config.storeProperties());
        properties.put("datasources.default.url", url);
        return start(properties);
    }

    private static ApplicationContext start(Map<String, Object> store) {
        ApplicationContext context = ApplicationContext.builder()
                .deduceEnvironment(false)
                .banner(false)
                .properties(store)
                .properties(Map.of(
                        "micronaut.metrics.enabled", false,
                        // Its scheduled task builds the health indicators, which need the live view this context
                        // has not: an import of more than a few seconds logged that failure every few seconds.
                        "micronaut.health.monitor.enabled", false,
                        "endpoints.health.enabled", false,
                        "endpoints.prometheus.enabled", false))
                .start();
        try {
            context.getBean(DataSource.class);
            return context;
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
    }
}
