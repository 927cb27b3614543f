package com.communitybot.persistence;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.port.LevelStore;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.inject.Singleton;
import java.sql.ResultSet;
import java.util.stream.Stream;
import javax.sql.DataSource;

/** {@link LevelStore} on the {@code level_record} table, streamed from the database in leaderboard order. */
@Singleton
final class SqlLevelStore implements LevelStore {

    private final DataSource pool;

    SqlLevelStore(DataSource dataSource) {
        // The stream holds a connection of its own past this call, outside any transaction of the caller.
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
    }

    @Override
    public Stream<LevelRecord> recordsInLeaderboardOrder(GuildId guild) {
        return ReadCursors.stream(pool, "Reading the leaderboard of guild " + guild, cursors -> {
            ResultSet rows = cursors.query(LevelRecordSql.LEADERBOARD, statement -> statement.setString(1, guild.toString()));
            return () -> rows.next() ? LevelRecordSql.read(rows) : null;
        });
    }
}
