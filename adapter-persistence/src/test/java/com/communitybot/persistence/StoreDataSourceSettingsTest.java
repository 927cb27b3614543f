package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.persistence.testing.TestDatabase;
import com.communitybot.persistence.testing.TestPostgres;
import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.context.ApplicationContext;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** The pool is built as the store needs it, from nothing but the URL and credentials the app maps. */
class StoreDataSourceSettingsTest {

    private static HikariDataSource pool(ApplicationContext context) throws Exception {
        return DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class))
                .unwrap(HikariDataSource.class);
    }

    @Test
    void anH2Url_getsTheH2Options_theH2Driver_andTheTimeouts() throws Exception {
        try (TestDatabase database = TestDatabase.freshH2("settings");
                ApplicationContext context = ApplicationContext.run(database.properties())) {
            HikariDataSource pool = pool(context);

            assertThat(pool.getJdbcUrl()).isEqualTo(StoreUrls.withRequiredOptions(database.url()));
            assertThat(pool.getDriverClassName()).isEqualTo("org.h2.Driver");
            assertThat(pool.getConnectionTimeout()).isEqualTo(StoreDataSourceSettings.CONNECTION_TIMEOUT_MS);
            assertThat(pool.getValidationTimeout()).isEqualTo(StoreDataSourceSettings.VALIDATION_TIMEOUT_MS);
        }
    }

    @Test
    void aPostgresUrl_getsThePostgresDriver_andItsSocketTimeouts() throws Exception {
        try (TestDatabase database = TestPostgres.freshDatabase("settings");
                ApplicationContext context = ApplicationContext.run(database.properties())) {
            HikariDataSource pool = pool(context);

            assertThat(pool.getDriverClassName()).isEqualTo("org.postgresql.Driver");
            assertThat(pool.getDataSourceProperties())
                    .containsEntry("socketTimeout", String.valueOf(StoreDataSourceSettings.PG_SOCKET_TIMEOUT_S))
                    .containsEntry("connectTimeout", String.valueOf(StoreDataSourceSettings.PG_CONNECT_TIMEOUT_S));
        }
    }

    @Test
    void timeoutsTheConfigurationSets_areKept() throws Exception {
        try (TestDatabase database = TestPostgres.freshDatabase("settings")) {
            Map<String, Object> properties = new HashMap<>(database.properties());
            properties.put("datasources.default.connection-timeout", 7000);
            properties.put("datasources.default.data-source-properties.socketTimeout", "5");
            try (ApplicationContext context = ApplicationContext.run(properties)) {
                HikariDataSource pool = pool(context);

                assertThat(pool.getConnectionTimeout()).isEqualTo(7000);
                assertThat(pool.getDataSourceProperties()).containsEntry("socketTimeout", "5");
            }
        }
    }
}
