package com.communitybot.persistence;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.context.exceptions.ConfigurationException;
import io.micronaut.flyway.AlternativeMigrationRunner;
import io.micronaut.flyway.FlywayConfigurationProperties;
import jakarta.inject.Singleton;

/**
 * In place of Micronaut Flyway's runner for a database of Flyway's own ({@code flyway.datasources.*.url}): the
 * service migrates the store it serves, through {@link SchemaMigration}, and has no setting for another one. A
 * configuration that names one is refused when it is read, instead of migrating a database the service does not
 * use. Micronaut's runner is an {@code @Async} bean: making it, only to find nothing to run, set up the method
 * interceptor and its executor, a twentieth of the start's main thread (BENCHMARKS.md, "Start-up without
 * arguments").
 */
@Singleton
@Replaces(AlternativeMigrationRunner.class)
final class NoSeparateMigrationDatabase implements BeanCreatedEventListener<FlywayConfigurationProperties> {

    @Override
    public FlywayConfigurationProperties onCreated(BeanCreatedEvent<FlywayConfigurationProperties> event) {
        FlywayConfigurationProperties configuration = event.getBean();
        if (configuration.isEnabled() && configuration.hasAlternativeDatabaseConfiguration()) {
            throw new ConfigurationException("Flyway migrates the store the service uses; flyway.datasources."
                    + configuration.getNameQualifier() + ".url names another database");
        }
        return configuration;
    }
}
