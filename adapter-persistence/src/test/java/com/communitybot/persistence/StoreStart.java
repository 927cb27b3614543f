package com.communitybot.persistence;

import io.micronaut.context.ApplicationContext;
import java.util.Map;
import javax.sql.DataSource;

/**
 * A process that opens the store {@code args[0]} names as every command does (migrating it if it is behind) and
 * ends: the start a test kills from outside ({@link KilledMigrationTest}).
 */
public final class StoreStart {

    private StoreStart() {}

    public static void main(String[] args) {
        // Flyway's line before each migration ("Migrating schema ... to version ..."): the moments the test kills at.
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("org.flywaydb"))
                .setLevel(ch.qos.logback.classic.Level.INFO);
        System.out.println("opening");
        System.out.flush();
        try (ApplicationContext context = ApplicationContext.run(Map.of(
                "datasources.default.url",
                args[0],
                "datasources.default.username",
                "sa",
                "datasources.default.password",
                "",
                "flyway.datasources.default.enabled",
                true))) {
            context.getBean(DataSource.class);
        }
        System.out.println("opened");
    }
}
