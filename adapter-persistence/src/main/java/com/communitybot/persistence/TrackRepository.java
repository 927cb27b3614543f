package com.communitybot.persistence;

import io.micronaut.core.annotation.Introspected;
import io.micronaut.data.annotation.Embeddable;
import io.micronaut.data.annotation.EmbeddedId;
import io.micronaut.data.annotation.MappedEntity;
import io.micronaut.data.annotation.MappedProperty;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.math.BigDecimal;
import java.util.List;

/**
 * The {@code level_track} table. Compiled for PostgreSQL; H2 runs the same SQL in its PostgreSQL mode.
 * Every write is one statement, so it is atomic on its own.
 */
@JdbcRepository(dialect = Dialect.POSTGRES)
interface TrackRepository extends GenericRepository<TrackRepository.Row, TrackRepository.Key> {

    @Query("SELECT name, roles FROM level_track WHERE guild_id = :guild")
    List<NamedRoles> findByGuild(BigDecimal guild);

    /** 1 when stored, 0 when the guild has a track of that name. */
    @Query("INSERT INTO level_track (guild_id, name, roles) VALUES (:guild, :name, :roles) ON CONFLICT DO NOTHING")
    int insertIfAbsent(BigDecimal guild, String name, String roles);

    @Query("UPDATE level_track SET roles = :roles WHERE guild_id = :guild AND name = :name")
    int update(BigDecimal guild, String name, String roles);

    @Query("DELETE FROM level_track WHERE guild_id = :guild AND name = :name")
    int delete(BigDecimal guild, String name);

    /** A track as read: its name and its role list as stored JSON text. */
    @Introspected
    record NamedRoles(String name, String roles) {}

    /** The table, for Micronaut Data's model; every statement above is written out. */
    @MappedEntity("level_track")
    record Row(@EmbeddedId Key key, String roles) {}

    @Embeddable
    record Key(@MappedProperty("guild_id") BigDecimal guildId, @MappedProperty("name") String name) {}
}
