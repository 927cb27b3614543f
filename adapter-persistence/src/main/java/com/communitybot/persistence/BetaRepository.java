package com.communitybot.persistence;

import io.micronaut.core.annotation.Introspected;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * The {@code beta_server} table. Compiled for PostgreSQL; H2 runs the same SQL in its PostgreSQL mode.
 * Every write is one statement, so it is atomic on its own.
 */
@JdbcRepository(dialect = Dialect.POSTGRES)
interface BetaRepository extends GenericRepository<BetaRepository.Row, String> {

    /** Every entry; the time as seconds since the epoch, exact, so no driver reads it through local time. */
    @Query("SELECT guild_id, EXTRACT(EPOCH FROM added_at) AS added_at FROM beta_server")
    List<Listed> findAll();

    /** Those of {@code guildIds} that are listed; the caller keeps the list well below the bind limits. */
    @Query("SELECT guild_id FROM beta_server WHERE guild_id IN (:guildIds)")
    List<String> findListed(Collection<String> guildIds);

    /**
     * 1 when stored, 0 when the guild is listed. The time is given as ISO-8601 text in UTC and cast by the
     * database: Micronaut Data binds an {@code Instant} as a {@code java.sql.Timestamp}, through the JVM's
     * local time, which H2 gets wrong in the hour that repeats when summer time ends.
     */
    @Query(
            "INSERT INTO beta_server (guild_id, added_at) VALUES (:guildId, CAST(:addedAtIso AS TIMESTAMP WITH TIME ZONE))"
                    + " ON CONFLICT DO NOTHING")
    int insertIfAbsent(String guildId, String addedAtIso);

    @Query("UPDATE beta_server SET added_at = CAST(:addedAtIso AS TIMESTAMP WITH TIME ZONE) WHERE guild_id = :guildId")
    int update(String guildId, String addedAtIso);

    @Query("DELETE FROM beta_server WHERE guild_id = :guildId")
    int delete(String guildId);

    /** An entry as read: its time as seconds since the epoch. */
    @Introspected
    record Listed(String guildId, BigDecimal addedAt) {}

    /** The table, for Micronaut Data's model; every statement above is written out. */
    @MappedEntity("beta_server")
    record Row(@Id String guildId, Instant addedAt) {}
}
