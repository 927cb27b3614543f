package com.communitybot.persistence.h2;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.h2.api.Trigger;

/**
 * H2's trigger behind {@code level_guild_size} (migration {@code db/h2/V3}, which names it by its subclass
 * {@code com.communitybot.persistence.GuildSizeTrigger}): after each insert, delete or update of a level record, the
 * size of the guild it left and of the guild it joined change by one, within the same transaction. The guild of a
 * record is the text before the first {@code :} of its id, as the table's generated {@code guild_id} column says;
 * an id without one is of no guild.
 *
 * <p>A bulk write (the import) suspends it on its thread, which in embedded H2 is the thread that runs the
 * statements, and counts the guilds it wrote once at its end ({@link H2Engine#suspendGuildSizeTriggers}).
 */
public class H2GuildSizeTrigger implements Trigger {

    private static final ThreadLocal<Boolean> SUSPENDED = ThreadLocal.withInitial(() -> false);

    /** Stops counting the writes of this thread until {@link #resumeOnThisThread}. */
    static void suspendOnThisThread() {
        SUSPENDED.set(true);
    }

    static void resumeOnThisThread() {
        SUSPENDED.remove();
    }

    /** The position of {@code id} in a row of {@code level_record}. */
    private static final int ID = 0;

    private static final String GROW = "UPDATE level_guild_size SET records = records + ? WHERE guild_id = ?";
    private static final String CREATE = "INSERT INTO level_guild_size (guild_id, records) VALUES (?, ?)";
    private static final String DUPLICATE_KEY = "23505";

    @Override
    public void fire(Connection connection, Object[] oldRow, Object[] newRow) throws SQLException {
        if (SUSPENDED.get()) {
            return;
        }
        String left = guildOf(oldRow);
        String joined = guildOf(newRow);
        if (left != null && left.equals(joined)) {
            return; // the bot's every update of xp and level
        }
        if (left != null) {
            change(connection, left, -1);
        }
        if (joined != null) {
            change(connection, joined, 1);
        }
    }

    static String guildOf(Object[] row) {
        if (row == null || row[ID] == null) {
            return null;
        }
        String id = row[ID].toString();
        int colon = id.indexOf(':');
        return colon < 0 ? null : id.substring(0, colon);
    }

    private static void change(Connection connection, String guild, long by) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            if (grow(connection, guild, by)) {
                return;
            }
            try (PreparedStatement create = connection.prepareStatement(CREATE)) {
                create.setString(1, guild);
                create.setLong(2, by);
                create.executeUpdate();
                return;
            } catch (SQLException e) {
                // Another transaction created the guild's row first: grow that one.
                if (!DUPLICATE_KEY.equals(e.getSQLState()) || attempt == 3) {
                    throw e;
                }
            }
        }
    }

    private static boolean grow(Connection connection, String guild, long by) throws SQLException {
        try (PreparedStatement grow = connection.prepareStatement(GROW)) {
            grow.setLong(1, by);
            grow.setString(2, guild);
            return grow.executeUpdate() > 0;
        }
    }
}
