package com.communitybot.persistence;

import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.TestDatabase;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/** Stores left at an older version of the schema, as an earlier jar migrated them. */
final class OlderSchemas {

    private OlderSchemas() {}

    /** Migrates the empty {@code database} up to {@code version} of the jar's migrations, and no further. */
    static void migrateTo(TestDatabase database, StoreBackend backend, String version) {
        String url = StoreUrls.withRequiredOptions(database.url());
        String user = (String) database.properties().get("datasources.default.username");
        String password = (String) database.properties().get("datasources.default.password");
        FluentConfiguration configuration =
                Flyway.configure().dataSource(url, user, password).target(version);
        SchemaPlaceholders.configureFor(configuration, backend == StoreBackend.H2 ? "H2" : "PostgreSQL");
        configuration.load().migrate();
    }
}
