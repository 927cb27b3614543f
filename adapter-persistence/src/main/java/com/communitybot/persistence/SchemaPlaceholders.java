package com.communitybot.persistence;

import io.micronaut.flyway.FlywayConfigurationCustomizer;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import javax.sql.DataSource;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.Location;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * Fills the two placeholders of the migrations ({@code db/migration}) from the database they run on, so
 * one set of scripts serves H2 and PostgreSQL: the only table DDL the two spell differently is a column's
 * collation and the keyword of a stored generated column. Triggers differ wholly (PL/pgSQL, a Java class),
 * so the migrations that make them are per database, in {@code db/postgresql} and {@code db/h2}, numbered
 * in the one sequence of versions with the shared ones.
 */
@Singleton
@Named(SchemaPlaceholders.DATASOURCE)
final class SchemaPlaceholders implements FlywayConfigurationCustomizer {

    static final String DATASOURCE = "default";

    private static final String SHARED_ROOT = "classpath:db/";
    private static final String SHARED = SHARED_ROOT + "migration";
    private static final Map<String, String> POSTGRES = Map.of("byte_order", "COLLATE \"C\"", "stored", "STORED");
    private static final Map<String, String> H2 = Map.of("byte_order", "", "stored", "");

    @Override
    public void customizeFluentConfiguration(FluentConfiguration configuration) {
        configureFor(configuration, productOf(configuration.getDataSource()));
    }

    /** The placeholders and the locations of the migrations for {@code product} ("H2" or "PostgreSQL"). */
    static void configureFor(FluentConfiguration configuration, String product) {
        configuration.placeholders(placeholdersFor(product));
        configuration.locations(new Location(SHARED), new Location(SHARED_ROOT + product.toLowerCase(Locale.ROOT)));
    }

    private static String productOf(DataSource dataSource) {
        String product;
        try (Connection connection = dataSource.getConnection()) {
            product = connection.getMetaData().getDatabaseProductName();
        } catch (SQLException e) {
            throw unreachable(e);
        }
        if (!product.equals("PostgreSQL") && !product.equals("H2")) {
            throw new FlywayException("The store must be H2 or PostgreSQL, not " + product);
        }
        return product;
    }

    /** The failure of a start whose store cannot be reached, in Flyway's terms, as the start reports it. */
    static FlywayException unreachable(SQLException cause) {
        return new FlywayException("Cannot reach the store to migrate its schema: " + cause.getMessage(), cause);
    }

    /** {@code product} is "H2" or "PostgreSQL", as {@link #productOf} checked. */
    private static Map<String, String> placeholdersFor(String product) {
        return product.equals("PostgreSQL") ? POSTGRES : H2;
    }

    @Override
    public String getName() {
        return DATASOURCE;
    }
}
