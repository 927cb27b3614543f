package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.data.model.runtime.RuntimeEntityRegistry;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** Flyway runs at start only when the store's schema is behind this build's migrations. */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class SchemaMigrationTest {

    private static final Pattern VERSIONED = Pattern.compile("V([0-9._]+)__.*\\.sql");

    @Parameter
    StoreBackend backend;

    @Test
    void theListedVersions_areThoseOfTheMigrationFiles() throws IOException, URISyntaxException {
        String own = backend == StoreBackend.H2 ? "db/h2" : "db/postgresql";
        Set<String> versions = new HashSet<>();
        for (String location : new String[] {"db/migration", own}) {
            URL directory = SchemaMigration.class.getClassLoader().getResource(location);
            assertThat(directory).as(location).isNotNull();
            try (Stream<Path> files = Files.list(Path.of(directory.toURI()))) {
                files.forEach(file -> {
                    Matcher versioned = VERSIONED.matcher(file.getFileName().toString());
                    assertThat(versioned.matches()).as(file.toString()).isTrue();
                    versions.add(versioned.group(1));
                });
            }
        }

        assertThat(backend == StoreBackend.H2 ? SchemaMigration.H2_VERSIONS : SchemaMigration.POSTGRES_VERSIONS)
                .isEqualTo(versions);
    }

    @Test
    void aNewStore_isMigrated_andAtTheNextStart_FlywayHasNothingToDo_andIsNotRun() {
        try (TestDatabase database = backend.freshDatabase("migration")) {
            try (ApplicationContext first = ApplicationContext.run(database.properties())) {
                assertThat(first.findBean(Flyway.class)).as("Flyway ran").isPresent();
                assertThat(SchemaMigration.isCurrent(pool(first))).isTrue();
                execute(pool(first), "INSERT INTO beta_server (guild_id, added_at) VALUES ('5', CURRENT_TIMESTAMP)");
            }

            try (ApplicationContext second = ApplicationContext.run(database.properties())) {
                assertThat(second.findBean(Flyway.class)).as("Flyway ran").isEmpty();
                execute(pool(second), "INSERT INTO beta_server (guild_id, added_at) VALUES ('6', CURRENT_TIMESTAMP)");
            }
        }
    }

    @Test
    void aStoreOneVersionBehind_isMigrated() {
        try (TestDatabase database = backend.freshDatabase("migration_behind")) {
            OlderSchemas.migrateTo(database, backend, "2");

            try (ApplicationContext context = ApplicationContext.run(database.properties())) {
                assertThat(context.findBean(Flyway.class)).as("Flyway ran").isPresent();
                assertThat(SchemaMigration.isCurrent(pool(context))).isTrue();
            }
        }
    }

    @Test
    void aHistoryWithAFailedOrUnknownMigration_isFlywaysToJudge() {
        try (TestDatabase database = backend.freshDatabase("migration_history");
                ApplicationContext context = ApplicationContext.run(database.properties())) {
            DataSource pool = pool(context);
            execute(pool, "UPDATE flyway_schema_history SET success = FALSE WHERE version = '2'");
            assertThat(SchemaMigration.isCurrent(pool)).isFalse();

            execute(pool, "UPDATE flyway_schema_history SET success = TRUE WHERE version = '2'");
            assertThat(SchemaMigration.isCurrent(pool)).isTrue();

            execute(pool, "UPDATE flyway_schema_history SET version = '4' WHERE version = '3'");
            assertThat(SchemaMigration.isCurrent(pool)).isFalse();

            execute(pool, "DROP TABLE flyway_schema_history");
            assertThat(SchemaMigration.isCurrent(pool)).isFalse();
        }
    }

    /** Micronaut Flyway would migrate a database of its own; the service has none and refuses to start with one. */
    @Test
    void aSeparateFlywayDatabase_isRefusedAtStart_andNotMigrated() throws SQLException {
        String elsewhere = "jdbc:h2:mem:flyway_elsewhere_" + backend + ";DB_CLOSE_DELAY=-1";
        try (TestDatabase database = backend.freshDatabase("migration_elsewhere");
                Connection keepsItOpen = DriverManager.getConnection(elsewhere)) {
            Map<String, Object> properties = new HashMap<>(database.properties());
            properties.put("flyway.datasources.default.url", elsewhere);

            assertThatThrownBy(() -> ApplicationContext.run(properties).close())
                    .rootCause()
                    .hasMessage("Flyway migrates the store the service uses; flyway.datasources.default.url names"
                            + " another database");

            try (Statement statement = keepsItOpen.createStatement();
                    ResultSet tables = statement.executeQuery(
                            "SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC'")) {
                assertThat(tables.next()).isTrue();
                assertThat(tables.getInt(1))
                        .as("tables made in the other database")
                        .isZero();
            }
        }
    }

    /** Micronaut Data would create (or drop) tables from entities; the schema is Flyway's, so the setting is refused. */
    @Test
    void micronautDatasSchemaGeneration_isRefusedAtStart() {
        try (TestDatabase database = backend.freshDatabase("schema_generate")) {
            Map<String, Object> properties = new HashMap<>(database.properties());
            properties.put("datasources.default.schema-generate", "CREATE_DROP");

            assertThatThrownBy(() -> ApplicationContext.run(properties).close())
                    .rootCause()
                    .hasMessage("Flyway creates and migrates the store's schema; datasources.default.schema-generate"
                            + " must be NONE, not CREATE_DROP");
        }
    }

    @Test
    void withoutSchemaGeneration_micronautDatasEntityRegistry_waitsForItsFirstUse() {
        try (TestDatabase database = backend.freshDatabase("entity_registry");
                ApplicationContext context = ApplicationContext.run(database.properties())) {
            assertThat(context.findBeanRegistration(context.getBeanDefinition(RuntimeEntityRegistry.class)))
                    .as("the entity registry, made at start by Micronaut Data's schema generator")
                    .isEmpty();
        }
    }

    private static DataSource pool(ApplicationContext context) {
        return DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class));
    }

    private static void execute(DataSource pool, String sql) {
        try (Connection connection = pool.getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
