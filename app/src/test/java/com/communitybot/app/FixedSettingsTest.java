package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.AbstractPropertySourceLoader;
import io.micronaut.context.env.PropertySource;
import java.io.IOException;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The fixed settings are the property source an {@code application.properties} would be, read without its cost. */
class FixedSettingsTest {

    @Test
    void theSource_holdsTheFileAsStrings_whereMicronautPutsApplicationProperties() {
        PropertySource source = FixedSettings.propertySource();

        assertThat(source.getOrder()).isEqualTo(AbstractPropertySourceLoader.DEFAULT_POSITION);
        assertThat(source.get("micronaut.application.name")).isEqualTo("community-bot-api");
        assertThat(source.get("micronaut.lifecycle.graceful-shutdown.grace-period"))
                .isEqualTo("20s");
        assertThat(source.get("endpoints.health.details-visible")).isEqualTo("ANONYMOUS");
    }

    @Test
    void aSystemProperty_stillWins_asOverAnApplicationProperties() {
        String name = "micronaut.application.name";
        String before = System.getProperty(name);
        System.setProperty(name, "from-a-system-property");
        try (ApplicationContext context = ApplicationContext.builder()
                .deduceEnvironment(false)
                .banner(false)
                .propertySources(FixedSettings.propertySource())
                .build()) {
            context.getEnvironment().start();

            assertThat(context.getProperty(name, String.class)).contains("from-a-system-property");
            assertThat(context.getProperty("micronaut.lifecycle.graceful-shutdown.grace-period", String.class))
                    .contains("20s");
        } finally {
            if (before == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, before);
            }
        }
    }

    /**
     * Micronaut reads an {@code application.*} it finds through a zip file system over the whole jar: a settings
     * file under that name would bring that cost back and split the settings over two places.
     */
    @ParameterizedTest
    @ValueSource(strings = {"application.properties", "application.yml", "application.yaml", "application.json"})
    void theClassPath_hasNoApplicationFile_forMicronautToFind(String name) throws IOException {
        assertThat(Collections.list(FixedSettings.class.getClassLoader().getResources(name)))
                .isEmpty();
    }
}
