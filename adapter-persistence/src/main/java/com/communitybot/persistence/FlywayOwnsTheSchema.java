package com.communitybot.persistence;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.exceptions.ConfigurationException;
import io.micronaut.data.jdbc.config.DataJdbcConfiguration;
import io.micronaut.data.jdbc.config.SchemaGenerator;
import io.micronaut.data.runtime.config.SchemaGenerate;
import java.util.List;

/**
 * In place of Micronaut Data's schema generator: the store's schema is Flyway's ({@link SchemaMigration}), so a
 * {@code datasources.*.schema-generate} other than {@code NONE} is refused at start instead of letting Micronaut
 * Data create or drop tables. Micronaut's generator, even with nothing to generate, makes its entity registry at
 * start, which the repositories make when they are first used anyway (BENCHMARKS.md, "Start-up: work done
 * ahead").
 */
@Context
@Replaces(SchemaGenerator.class)
final class FlywayOwnsTheSchema {

    FlywayOwnsTheSchema(List<DataJdbcConfiguration> configurations) {
        for (DataJdbcConfiguration configuration : configurations) {
            SchemaGenerate generate = configuration.getSchemaGenerate();
            if (configuration.isEnabled() && generate != null && generate != SchemaGenerate.NONE) {
                throw new ConfigurationException("Flyway creates and migrates the store's schema; datasources."
                        + configuration.getName() + ".schema-generate must be NONE, not " + generate);
            }
        }
    }
}
