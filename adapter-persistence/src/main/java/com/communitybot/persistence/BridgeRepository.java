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
 * The {@code level_bridge} table. Compiled for PostgreSQL; H2 runs the same SQL in its PostgreSQL mode.
 * Every write is one statement, so it is atomic on its own.
 */
@JdbcRepository(dialect = Dialect.POSTGRES)
interface BridgeRepository extends GenericRepository<BridgeRepository.Row, BridgeRepository.Key> {

    @Query("SELECT in_role_id, out_role_id FROM level_bridge WHERE guild_id = :guild")
    List<Mapping> findByGuild(BigDecimal guild);

    @Query("SELECT in_role_id, out_role_id FROM level_bridge WHERE guild_id = :guild AND in_role_id = :inRoleId")
    List<Mapping> findByGuildAndInRole(BigDecimal guild, String inRoleId);

    /** 1 when stored, 0 when the input role has a bridge. */
    @Query("INSERT INTO level_bridge (guild_id, in_role_id, out_role_id) VALUES (:guild, :inRoleId, :outRoleId)"
            + " ON CONFLICT DO NOTHING")
    int insertIfAbsent(BigDecimal guild, String inRoleId, BigDecimal outRoleId);

    @Query("UPDATE level_bridge SET out_role_id = :outRoleId WHERE guild_id = :guild AND in_role_id = :inRoleId")
    int update(BigDecimal guild, String inRoleId, BigDecimal outRoleId);

    @Query("DELETE FROM level_bridge WHERE guild_id = :guild AND in_role_id = :inRoleId")
    int delete(BigDecimal guild, String inRoleId);

    /** A bridge as read. */
    @Introspected
    record Mapping(String inRoleId, BigDecimal outRoleId) {}

    /** The table, for Micronaut Data's model; every statement above is written out. */
    @MappedEntity("level_bridge")
    record Row(@EmbeddedId Key key, BigDecimal outRoleId) {}

    @Embeddable
    record Key(@MappedProperty("guild_id") BigDecimal guildId, @MappedProperty("in_role_id") String inRoleId) {}
}
