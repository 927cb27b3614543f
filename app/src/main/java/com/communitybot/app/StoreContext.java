package com.communitybot.app;

import io.micronaut.context.ApplicationContext;
import javax.sql.DataSource;

/** A Micronaut context with the store alone, no HTTP server and no live view, for import and export. */
final class StoreContext {

    private StoreContext() {}

    static ApplicationContext start(AppConfig config) {
        ApplicationContext context = ApplicationContext.builder()
                .deduceEnvironment(false)
                .banner(false)
                .properties(config.storeProperties())
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
