package com.communitybot.persistence;

import io.micronaut.flyway.FlywayConfigurationCustomizer;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * Fills the two placeholders of the migrations ({@code db/migration}) from the database they run on, so
 * one set of scripts serves H2 and PostgreSQL: the only DDL the two spell differently is a column's
 * collation and the keyword of a stored generated column.
 */
@Singleton
@Named(SchemaPlaceholders.DATASOURCE)
final class SchemaPlaceholders implements FlywayConfigurationCustomizer {

    static final String DATASOURCE = "default";

    private static final Map<String, String> POSTGRES = Map.of("byte_order", "COLLATE \"C\"", "stored", "STORED");
    private static final Map<String, String> H2 = Map.of("byte_order", "", "stored", "");

    @Override
    public void customizeFluentConfiguration(FluentConfiguration configuration) {
        configuration.placeholders(placeholdersFor(configuration.getDataSource()));
    }

    private static Map<String, String> placeholdersFor(DataSource dataSource) {
        String product;
        try (Connection connection = dataSource.getConnection()) {
            product = connection.getMetaData().getDatabaseProductName();
        } catch (SQLException e) {
            throw new FlywayException("Cannot reach the store to migrate its schema: " + e.getMessage(), e);
        }
        return switch (product) {
            case "PostgreSQL" -> POSTGRES;
            case "H2" -> H2;
            default -> throw new FlywayException("The store must be H2 or PostgreSQL, not " + product);
        };
    }

    @Override
    public String getName() {
        return DATASOURCE;
    }
}
