package com.communitybot.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;

/**
 * Bulk writes and {@code level_guild_size} (migration V3): the triggers keep the sizes record by record, which a
 * million-record import would pay a million times (and on PostgreSQL, per statement of its batches). So an
 * import suspends them for its own transaction ({@link StoreEngine#suspendTriggers}), and at its end counts
 * each guild it wrote, once, in the same transaction: the sizes commit with the records or roll back with them.
 * Other sessions' writes meanwhile are counted by their own triggers as always; a guild's recount deletes its row
 * first, which waits for any of them that changed it to end, and then counts what is committed plus the import's
 * own records.
 */
final class GuildSizes {

    private static final String DELETE = "DELETE FROM level_guild_size WHERE guild_id = ?";
    private static final String COUNT = "INSERT INTO level_guild_size (guild_id, records) "
            + "SELECT guild_id, COUNT(*) FROM level_record WHERE guild_id = ? GROUP BY guild_id";

    private GuildSizes() {}

    /** Counts the sizes of {@code guilds} afresh, in the import's transaction on {@code connection}. */
    static void recount(Connection connection, Collection<String> guilds) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement(DELETE);
                PreparedStatement count = connection.prepareStatement(COUNT)) {
            for (String guild : guilds) {
                delete.setString(1, guild);
                delete.executeUpdate();
                count.setString(1, guild);
                count.executeUpdate();
            }
        }
    }
}
