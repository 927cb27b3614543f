package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Test;

/**
 * The jar's {@code application.properties} holds the service's fixed settings, read by Micronaut as any of its
 * applications reads one: a system property (or an environment variable) of the same name still wins, so an operator
 * can change a fixed setting without a new jar.
 */
class ApplicationPropertiesTest {

    private static final String GRACE_PERIOD = "micronaut.lifecycle.graceful-shutdown.grace-period";

    @Test
    void theFilesSettings_areMicronauts() {
        try (ApplicationContext context = environmentOnly()) {
            assertThat(context.getProperty("micronaut.application.name", String.class))
                    .contains("community-bot-api");
            assertThat(context.getProperty(GRACE_PERIOD, String.class)).contains("20s");
            assertThat(context.getProperty("endpoints.health.details-visible", String.class))
                    .contains("ANONYMOUS");
        }
    }

    @Test
    void aSystemProperty_winsOverTheFile() {
        String before = System.getProperty(GRACE_PERIOD);
        System.setProperty(GRACE_PERIOD, "3s");
        try (ApplicationContext context = environmentOnly()) {
            assertThat(context.getProperty(GRACE_PERIOD, String.class)).contains("3s");
            assertThat(context.getProperty("micronaut.application.name", String.class))
                    .contains("community-bot-api");
        } finally {
            if (before == null) {
                System.clearProperty(GRACE_PERIOD);
            } else {
                System.setProperty(GRACE_PERIOD, before);
            }
        }
    }

    /** A context built as the service's are, with only its environment started (no beans, no store). */
    private static ApplicationContext environmentOnly() {
        ApplicationContext context = ApplicationContext.builder()
                .deduceEnvironment(false)
                .banner(false)
                .build();
        context.getEnvironment().start();
        return context;
    }
}
