-- How many level records each guild has, kept by triggers as records come and go, so a member's rank (a
-- count of the records before theirs) can be counted from the nearer end of the leaderboard: the records
-- after theirs, taken from this size. A guild with no record may have no row here, or a row of 0.
-- PostgreSQL's triggers work per statement with transition tables, so a bulk insert updates each guild's
-- row once, and an upsert that only updates (the bot's every message) changes no size; an update that
-- changes an id, rare, is counted per row. H2 has its own script (db/h2).
-- A bulk write (the import) sets communitybot.bulk_write to 'on' for its transaction: the triggers then leave
-- the sizes alone, and the import counts the guilds it wrote once, at its end (GuildSizes.recount).
CREATE TABLE level_guild_size (
    guild_id VARCHAR COLLATE "C" NOT NULL,
    records  BIGINT NOT NULL,
    CONSTRAINT level_guild_size_pk PRIMARY KEY (guild_id)
);

INSERT INTO level_guild_size (guild_id, records)
    SELECT guild_id, COUNT(*) FROM level_record WHERE guild_id IS NOT NULL GROUP BY guild_id;

-- Rows are changed in guild order, so two statements that touch the same guilds wait for each other
-- instead of deadlocking.
CREATE FUNCTION level_guild_size_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('communitybot.bulk_write', true) = 'on' THEN
        RETURN NULL;
    END IF;
    INSERT INTO level_guild_size (guild_id, records)
        SELECT guild_id, COUNT(*) FROM added_records WHERE guild_id IS NOT NULL GROUP BY guild_id ORDER BY guild_id
    ON CONFLICT (guild_id) DO UPDATE SET records = level_guild_size.records + EXCLUDED.records;
    RETURN NULL;
END
$$;

CREATE FUNCTION level_guild_size_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('communitybot.bulk_write', true) = 'on' THEN
        RETURN NULL;
    END IF;
    INSERT INTO level_guild_size (guild_id, records)
        SELECT guild_id, -COUNT(*) FROM removed_records WHERE guild_id IS NOT NULL GROUP BY guild_id ORDER BY guild_id
    ON CONFLICT (guild_id) DO UPDATE SET records = level_guild_size.records + EXCLUDED.records;
    RETURN NULL;
END
$$;

CREATE FUNCTION level_guild_size_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('communitybot.bulk_write', true) = 'on' THEN
        RETURN NULL;
    END IF;
    INSERT INTO level_guild_size (guild_id, records)
        SELECT guild_id, SUM(change) FROM (
            SELECT OLD.guild_id AS guild_id, -1 AS change
            UNION ALL
            SELECT NEW.guild_id, 1
        ) moves WHERE guild_id IS NOT NULL GROUP BY guild_id ORDER BY guild_id
    ON CONFLICT (guild_id) DO UPDATE SET records = level_guild_size.records + EXCLUDED.records;
    RETURN NULL;
END
$$;

CREATE FUNCTION level_guild_size_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM level_guild_size;
    RETURN NULL;
END
$$;

CREATE TRIGGER level_guild_size_insert AFTER INSERT ON level_record
    REFERENCING NEW TABLE AS added_records FOR EACH STATEMENT EXECUTE FUNCTION level_guild_size_added();
CREATE TRIGGER level_guild_size_delete AFTER DELETE ON level_record
    REFERENCING OLD TABLE AS removed_records FOR EACH STATEMENT EXECUTE FUNCTION level_guild_size_removed();
CREATE TRIGGER level_guild_size_update AFTER UPDATE OF id ON level_record
    FOR EACH ROW WHEN (OLD.guild_id IS DISTINCT FROM NEW.guild_id) EXECUTE FUNCTION level_guild_size_moved();
CREATE TRIGGER level_guild_size_truncate AFTER TRUNCATE ON level_record
    FOR EACH STATEMENT EXECUTE FUNCTION level_guild_size_cleared();
