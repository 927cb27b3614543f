package com.communitybot.persistence;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.port.StoreException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collections;

/**
 * The SQL of the {@code level_record} table, written with JDBC rather than a repository: the leaderboard
 * reads keyset batches ({@link LeaderboardKeyset}), the export streams with a fetch size, and the import
 * writes in batches, none of which Micronaut Data's repositories do. Public for the H2 file import
 * ({@code h2.H2FileImport}), which writes the same rows.
 */
public final class LevelRecordSql {

    static final String ALL_BY_ID = "SELECT id, xp, level FROM level_record ORDER BY id";

    static final String UPDATE = "UPDATE level_record SET xp = ?, level = ? WHERE id = ?";

    static final String INSERT_IF_ABSENT =
            "INSERT INTO level_record (id, xp, level) VALUES (?, ?, ?) ON CONFLICT DO NOTHING";

    /**
     * Deletes the records whose id starts with {@code <guild_id>:}. {@code guild_id} is generated from
     * {@code id} and leads an index; an id without {@code :} has none (migration V2), so it is no guild's.
     */
    static final String DELETE_GUILD = "DELETE FROM level_record WHERE guild_id = ?";

    /** One record of a guild, if it has any: a single entry of the leaderboard index. */
    static final String ANY_OF_GUILD = "SELECT 1 FROM level_record WHERE guild_id = ? LIMIT 1";

    private LevelRecordSql() {}

    /** Selects those of {@code count} ids (bound as parameters 1 to count) that are stored. */
    static String idsAmong(int count) {
        return "SELECT id FROM level_record WHERE id IN (" + String.join(", ", Collections.nCopies(count, "?")) + ")";
    }

    /** The record at the result set's current row (columns id, xp, level). */
    public static LevelRecord read(ResultSet row) throws SQLException {
        String id = row.getString(1);
        if (id == null) {
            throw StoreException.unreadable("a level record has a NULL id", null);
        }
        return new LevelRecord(
                id, Columns.u64(row.getBigDecimal(2), "xp", id), Columns.u64(row.getBigDecimal(3), "level", id));
    }

    /** Binds xp, level and id, in the parameter order of {@link #UPDATE}. */
    static void bindUpdate(PreparedStatement statement, LevelRecord record) throws SQLException {
        statement.setBigDecimal(1, Columns.numeric(record.xp()));
        statement.setBigDecimal(2, Columns.numeric(record.level()));
        statement.setString(3, record.id());
    }

    /** Binds id, xp and level, in the parameter order of {@link #INSERT_IF_ABSENT}. */
    public static void bindInsert(PreparedStatement statement, LevelRecord record) throws SQLException {
        statement.setString(1, record.id());
        statement.setBigDecimal(2, Columns.numeric(record.xp()));
        statement.setBigDecimal(3, Columns.numeric(record.level()));
    }
}
