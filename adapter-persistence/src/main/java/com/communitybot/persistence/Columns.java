package com.communitybot.persistence;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.json.TrackLevelRoleParser;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.StoreException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/** Column values to and from core's types: unsigned 64-bit numbers as NUMERIC(20, 0), role lists as JSON. */
final class Columns {

    private Columns() {}

    static BigDecimal numeric(U64 value) {
        return new BigDecimal(value.toBigInteger());
    }

    static BigDecimal numeric(GuildId guild) {
        return numeric(guild.asU64());
    }

    static BigDecimal numeric(RoleId role) {
        return numeric(role.asU64());
    }

    /** A stored NUMERIC(20, 0) as {@link U64}; one out of range (written by someone else) is unreadable. */
    static U64 u64(BigDecimal stored, String column) {
        if (stored == null) {
            throw StoreException.unreadable(column + " is NULL", null);
        }
        U64 small = small(stored);
        if (small != null) {
            return small;
        }
        try {
            return U64.of(stored.toBigIntegerExact())
                    .orElseThrow(() ->
                            StoreException.unreadable(column + " is not an unsigned 64-bit integer: " + stored, null));
        } catch (ArithmeticException fraction) {
            throw StoreException.unreadable(column + " is not an integer: " + stored, fraction);
        }
    }

    /**
     * {@link #u64(BigDecimal, String)} of the column {@code column} of the level record {@code id}, whose name is
     * put together only for a failure: a leaderboard reads two such columns a record.
     */
    static U64 u64(BigDecimal stored, String column, String id) {
        U64 small = small(stored);
        return small != null ? small : u64(stored, column + " of " + id);
    }

    /** A whole value of at most 18 digits (most of them), read without a {@code BigInteger}; null for any other. */
    private static U64 small(BigDecimal stored) {
        return stored != null && stored.signum() >= 0 && stored.scale() == 0 && stored.precision() <= 18
                ? new U64(stored.longValue())
                : null;
    }

    static GuildId guild(BigDecimal stored) {
        return new GuildId(u64(stored, "guild_id").bits());
    }

    static RoleId role(BigDecimal stored, String column) {
        return new RoleId(u64(stored, column).bits());
    }

    /**
     * An instant as ISO-8601 text in UTC, for {@code CAST(? AS TIMESTAMP WITH TIME ZONE)} where it is read once: a
     * value of a row written, or a setting. Where a statement compares it with rows, bind {@link #at} instead.
     */
    static String timestamp(Instant instant) {
        return instant.toString();
    }

    /**
     * An instant as a timestamp parameter ({@code setObject}), for a statement that compares it with many rows or
     * writes it into many. Text cast to a timestamp is a conversion that depends on the session's settings, which
     * neither database folds into a constant: both parsed the text again for every row they compared it with
     * (PostgreSQL's window aggregate spent a third of its time there).
     */
    static OffsetDateTime at(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    /** A stored {@code EXTRACT(EPOCH FROM ...)}: seconds since the epoch with their fraction, exactly. */
    static Instant instant(BigDecimal epochSeconds, String column) {
        if (epochSeconds == null) {
            throw StoreException.unreadable(column + " is NULL", null);
        }
        BigDecimal seconds = epochSeconds.setScale(0, java.math.RoundingMode.FLOOR);
        long nanos = epochSeconds.subtract(seconds).movePointRight(9).longValue();
        return Instant.ofEpochSecond(seconds.longValueExact(), nanos);
    }

    static String roles(List<TrackLevelRole> roles) {
        return TrackLevelRoleParser.formatList(roles);
    }

    /** A stored role list, read by the rules of spec 2.3 (legacy bare integers included). */
    static List<TrackLevelRole> roles(String stored, String trackName) {
        if (stored == null) {
            throw StoreException.unreadable("the roles of track '" + trackName + "' are NULL", null);
        }
        try {
            return TrackLevelRoleParser.parseList(stored);
        } catch (InvalidInputException e) {
            throw StoreException.unreadable(
                    "the roles of track '" + trackName + "' cannot be read: " + e.getMessage(), e);
        }
    }
}
