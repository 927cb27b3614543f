package com.communitybot.persistence;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.port.StoredDataException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The SQL of the {@code level_record} table, written with JDBC rather than a repository: the leaderboard
 * and the export stream with a fetch size, and the import writes in batches, neither of which Micronaut
 * Data's repositories do.
 */
final class LevelRecordSql {

    /**
     * A guild's records in leaderboard order. {@code guild_id} leads the ORDER BY although it is fixed, so
     * the order is the index's own: H2 then reads the index in order instead of sorting all rows first.
     */
    static final String LEADERBOARD = "SELECT id, xp, level FROM level_record WHERE guild_id = ?"
            + " ORDER BY guild_id, level DESC, xp DESC, id";

    static final String ALL_BY_ID = "SELECT id, xp, level FROM level_record ORDER BY id";

    static final String UPDATE = "UPDATE level_record SET xp = ?, level = ? WHERE id = ?";

    static final String INSERT_IF_ABSENT = "INSERT INTO level_record (id, xp, level) VALUES (?, ?, ?) ON CONFLICT DO NOTHING";

    private LevelRecordSql() {
    }

    /** The record at the result set's current row (columns id, xp, level). */
    static LevelRecord read(ResultSet row) throws SQLException {
        String id = row.getString(1);
        if (id == null) {
            throw new StoredDataException("a level record has a NULL id", null);
        }
        return new LevelRecord(id, Columns.u64(row.getBigDecimal(2), "xp of " + id), Columns.u64(row.getBigDecimal(3), "level of " + id));
    }

    /** Binds xp, level and id, in the parameter order of {@link #UPDATE}. */
    static void bindUpdate(PreparedStatement statement, LevelRecord record) throws SQLException {
        statement.setBigDecimal(1, Columns.numeric(record.xp()));
        statement.setBigDecimal(2, Columns.numeric(record.level()));
        statement.setString(3, record.id());
    }

    /** Binds id, xp and level, in the parameter order of {@link #INSERT_IF_ABSENT}. */
    static void bindInsert(PreparedStatement statement, LevelRecord record) throws SQLException {
        statement.setString(1, record.id());
        statement.setBigDecimal(2, Columns.numeric(record.xp()));
        statement.setBigDecimal(3, Columns.numeric(record.level()));
    }
}
