-- The store of the Community Bot API, one script for H2 (in its PostgreSQL mode) and PostgreSQL.
--
-- Two placeholders carry the only syntax the two databases do not share; SchemaPlaceholders sets them
-- from the database Flyway connects to:
--   byte_order: COLLATE "C" on PostgreSQL, so text keys compare and sort byte by byte in UTF-8 whatever
--               the database's default collation; empty on H2, whose VARCHAR has no COLLATE clause and
--               compares UTF-16 code units, the same order for every character below U+10000.
--   stored:     STORED on PostgreSQL, which (before version 18) only has stored generated columns;
--               empty on H2, which has no such keyword.
-- Unsigned 64-bit values are NUMERIC(20, 0) with a range check, so the database orders them as unsigned.

-- Level records are written by the bot process: it writes id, xp and level; guild_id follows from id.
CREATE TABLE level_record (
    id       VARCHAR ${byte_order} NOT NULL,
    xp       NUMERIC(20, 0) NOT NULL,
    level    NUMERIC(20, 0) NOT NULL,
    -- The text before the first ':' of id (the whole id when it has none): the guild to filter by.
    guild_id VARCHAR ${byte_order} GENERATED ALWAYS AS (
        CASE WHEN POSITION(':' IN id) > 0 THEN SUBSTRING(id FROM 1 FOR POSITION(':' IN id) - 1) ELSE id END
    ) ${stored},
    CONSTRAINT level_record_pk PRIMARY KEY (id),
    CONSTRAINT level_record_xp_u64 CHECK (xp BETWEEN 0 AND 18446744073709551615),
    CONSTRAINT level_record_level_u64 CHECK (level BETWEEN 0 AND 18446744073709551615)
);

-- The leaderboard order within a guild, so both databases read a guild's records in order from the index
-- instead of sorting them first.
CREATE INDEX level_record_leaderboard ON level_record (guild_id, level DESC, xp DESC, id);

-- A guild's level tracks, keyed by name. The role list is one JSON text (the output form of spec 2.3, in
-- written order), so a replacement writes it whole and concurrent writers never mix two lists.
CREATE TABLE level_track (
    guild_id NUMERIC(20, 0) NOT NULL,
    name     VARCHAR ${byte_order} NOT NULL,
    roles    TEXT NOT NULL,
    CONSTRAINT level_track_pk PRIMARY KEY (guild_id, name),
    CONSTRAINT level_track_guild_u64 CHECK (guild_id BETWEEN 0 AND 18446744073709551615)
);

-- A guild's level bridges, keyed by input role.
CREATE TABLE level_bridge (
    guild_id    NUMERIC(20, 0) NOT NULL,
    in_role_id  VARCHAR ${byte_order} NOT NULL,
    out_role_id NUMERIC(20, 0) NOT NULL,
    CONSTRAINT level_bridge_pk PRIMARY KEY (guild_id, in_role_id),
    CONSTRAINT level_bridge_guild_u64 CHECK (guild_id BETWEEN 0 AND 18446744073709551615),
    CONSTRAINT level_bridge_out_role_u64 CHECK (out_role_id BETWEEN 0 AND 18446744073709551615)
);

-- The global beta-testing list, keyed by guild id (any text). added_by is always 'API' (spec 2.6), so it
-- is not stored.
CREATE TABLE beta_server (
    guild_id VARCHAR ${byte_order} NOT NULL,
    added_at TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT beta_server_pk PRIMARY KEY (guild_id)
);
