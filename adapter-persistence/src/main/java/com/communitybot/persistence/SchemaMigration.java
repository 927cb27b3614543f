package com.communitybot.persistence;

import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.naming.NameResolver;
import io.micronaut.flyway.DataSourceMigrationRunner;
import io.micronaut.flyway.FlywayConfigurationProperties;
import io.micronaut.flyway.FlywayMigrator;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import javax.sql.DataSource;

/**
 * Runs Flyway on a data source when it is made, as Micronaut's own runner does, but only when the schema is behind
 * this build's migrations: when Flyway's history already holds every one of them, successful, and nothing else,
 * there is nothing for Flyway to do, and its configuration, its scan of the migrations, its validation and its lock
 * were an eighth of the start. Any other history (none, one version short, a failed or unknown migration) is Flyway's
 * to migrate, or to refuse with its own message, exactly as before. The migration runs through the store's
 * {@link StoreEngine#migrate}: H2 cannot undo half a migration, so on an H2 file it runs with a copy of the store
 * taken before it.
 */
@Singleton
@Replaces(DataSourceMigrationRunner.class)
final class SchemaMigration implements BeanCreatedEventListener<DataSource> {

    /**
     * The versions of this build's migrations on H2 ({@code db/migration} and {@code db/h2}); a test holds this list
     * to the files.
     */
    static final Set<String> H2_VERSIONS = Set.of("1", "2", "3", "4", "5", "6");

    /** The versions of this build's migrations on PostgreSQL ({@code db/migration} and {@code db/postgresql}). */
    static final Set<String> POSTGRES_VERSIONS = Set.of("1", "2", "3", "4", "5", "6", "7");

    /** The types of the rows Flyway writes for what it made itself, which are no migrations. */
    private static final Set<String> MARKERS = Set.of("TABLE", "SCHEMA");

    private static final String HISTORY = "SELECT version, success, type FROM flyway_schema_history";

    private final BeanProvider<FlywayMigrator> migrator;
    private final BeanProvider<FlywayConfigurationProperties> configurations;
    private final DataSourceResolver dataSources;

    SchemaMigration(
            BeanProvider<FlywayMigrator> migrator,
            BeanProvider<FlywayConfigurationProperties> configurations,
            @Nullable DataSourceResolver dataSources) {
        this.migrator = migrator;
        this.configurations = configurations;
        this.dataSources = dataSources != null ? dataSources : DataSourceResolver.DEFAULT;
    }

    @Override
    public DataSource onCreated(BeanCreatedEvent<DataSource> event) {
        DataSource dataSource = event.getBean();
        if (event.getBeanDefinition() instanceof NameResolver named) {
            named.resolveName()
                    .flatMap(name -> configurations.find(Qualifiers.byName(name)))
                    .filter(FlywayConfigurationProperties::isEnabled)
                    .ifPresent(configuration -> {
                        DataSource unwrapped = dataSources.resolve(dataSource);
                        if (!isCurrent(unwrapped)) {
                            StoreEngine.of(unwrapped)
                                    .migrate(unwrapped, () -> migrator.get().run(configuration, unwrapped));
                        }
                    });
        }
        return dataSource;
    }

    /**
     * Whether Flyway's history holds exactly this build's migrations, each successful.
     *
     * @throws org.flywaydb.core.api.FlywayException the store cannot be reached, as Flyway's own start reports it
     */
    static boolean isCurrent(DataSource dataSource) {
        Connection connection;
        try {
            connection = dataSource.getConnection();
        } catch (SQLException e) {
            throw SchemaPlaceholders.unreachable(e);
        }
        Set<String> applied = new HashSet<>();
        try (connection;
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(HISTORY)) {
            while (rows.next()) {
                String version = rows.getString(1);
                if (version == null && MARKERS.contains(rows.getString(3))) {
                    continue; // Flyway's note that it made its table (or the schema)
                }
                if (version == null || !rows.getBoolean(2) || !applied.add(version)) {
                    return false; // a repeatable, failed or twice-recorded migration: Flyway's to judge
                }
            }
        } catch (SQLException noHistory) {
            return false; // a new store: Flyway makes its schema
        }
        return applied.equals(StoreEngine.of(dataSource) == PostgresEngine.INSTANCE ? POSTGRES_VERSIONS : H2_VERSIONS);
    }
}
