package com.communitybot.persistence.h2;

import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import javax.sql.DataSource;

/**
 * A connection to the store opened beside its pool, with the pool's URL and login, for the store's own upkeep
 * ({@link H2FileCompaction}): work that must go on when every pool connection is taken by requests, and that must
 * not take one from them.
 */
final class SideConnection {

    private SideConnection() {}

    /** The Hikari pool behind the store's data source. */
    static HikariDataSource pool(DataSource dataSource) {
        try {
            return DelegatingDataSource.unwrapDataSource(dataSource).unwrap(HikariDataSource.class);
        } catch (SQLException e) {
            throw new IllegalStateException("The store's data source is not a Hikari pool", e);
        }
    }

    /** Opens a connection with {@code pool}'s URL, login and driver properties, not one of its own. */
    static Connection open(HikariDataSource pool) throws SQLException {
        Properties login = new Properties();
        login.putAll(pool.getDataSourceProperties());
        if (pool.getUsername() != null) {
            login.setProperty("user", pool.getUsername());
        }
        if (pool.getPassword() != null) {
            login.setProperty("password", pool.getPassword());
        }
        return DriverManager.getConnection(pool.getJdbcUrl(), login);
    }

    /** Closes {@code connection} if there is one; a broken one has nothing left to finish. Returns null. */
    static Connection close(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                // a broken connection: nothing was left to save or finish on it
            }
        }
        return null;
    }
}
