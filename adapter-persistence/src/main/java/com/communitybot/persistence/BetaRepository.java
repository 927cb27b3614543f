package com.communitybot.persistence;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * The {@code beta_server} table. Compiled for PostgreSQL; H2 runs the same SQL in its PostgreSQL mode.
 * Every write is one statement, so it is atomic on its own.
 */
@JdbcRepository(dialect = Dialect.POSTGRES)
interface BetaRepository extends GenericRepository<BetaRepository.Row, String> {

    @Query("SELECT guild_id, added_at FROM beta_server")
    List<Row> findAll();

    /** Those of {@code guildIds} that are listed; the caller keeps the list well below the bind limits. */
    @Query("SELECT guild_id FROM beta_server WHERE guild_id IN (:guildIds)")
    List<String> findListed(Collection<String> guildIds);

    /** 1 when stored, 0 when the guild is listed. */
    @Query("INSERT INTO beta_server (guild_id, added_at) VALUES (:guildId, :addedAt) ON CONFLICT DO NOTHING")
    int insertIfAbsent(String guildId, Instant addedAt);

    @Query("UPDATE beta_server SET added_at = :addedAt WHERE guild_id = :guildId")
    int update(String guildId, Instant addedAt);

    @Query("DELETE FROM beta_server WHERE guild_id = :guildId")
    int delete(String guildId);

    /** A row of the table. */
    @MappedEntity("beta_server")
    record Row(@Id String guildId, Instant addedAt) {
    }
}
