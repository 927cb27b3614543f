package com.communitybot.persistence.h2;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The order of a guild's XP log on H2 (migration {@code db/h2/V6}): before a transaction logs an event of a guild it
 * locks the guild's row of {@code xp_log_order}, and H2 keeps a row lock until the transaction ends. A second writer
 * of the guild waits there, so it takes its event ids after the first has committed: a guild's ids are in commit
 * order, which a stream that resumes after an id needs (ledger.md L4). PostgreSQL publishes at commit instead.
 */
final class H2LogOrder {

    private static final String LOCK = "SELECT guild_id FROM xp_log_order WHERE guild_id = ? FOR UPDATE";
    /** A guild's first event makes its row; another session that makes it too waits on this one's insert. */
    private static final String CREATE = "MERGE INTO xp_log_order (guild_id) KEY (guild_id) VALUES (?)";

    private H2LogOrder() {}

    static void hold(Connection connection, String guild) throws SQLException {
        if (lock(connection, guild)) {
            return;
        }
        try (PreparedStatement create = connection.prepareStatement(CREATE)) {
            create.setString(1, guild);
            create.executeUpdate();
        }
        lock(connection, guild);
    }

    private static boolean lock(Connection connection, String guild) throws SQLException {
        try (PreparedStatement lock = connection.prepareStatement(LOCK)) {
            lock.setString(1, guild);
            try (ResultSet row = lock.executeQuery()) {
                return row.next();
            }
        }
    }
}
