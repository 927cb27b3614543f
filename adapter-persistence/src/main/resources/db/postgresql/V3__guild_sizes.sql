-- How many level records each guild has, kept by triggers as records come and go, so a member's rank (a
-- count of the records before theirs) can be counted from the nearer end of the leaderboard: the records
-- after theirs, taken from this size. A guild with no record may have no row here, or a row of 0.
-- The triggers are per row: the bot writes one record a statement, and an upsert that only updates (the bot's
-- every message) or an update that leaves the id alone fires none of them. A bulk write (the import) sets
-- communitybot.bulk_write to 'on' for its transaction: the triggers' WHEN is then false, so they are not even
-- queued (a statement-level trigger would still collect every row of every statement), and the import counts
-- the guilds it wrote once, at its end (GuildSizes.recount). H2 has its own script (db/h2).
CREATE TABLE level_guild_size (
    guild_id VARCHAR COLLATE "C" NOT NULL,
    records  BIGINT NOT NULL,
    CONSTRAINT level_guild_size_pk PRIMARY KEY (guild_id)
);

INSERT INTO level_guild_size (guild_id, records)
    SELECT guild_id, COUNT(*) FROM level_record WHERE guild_id IS NOT NULL GROUP BY guild_id;

CREATE FUNCTION level_guild_size_change(guild VARCHAR, change BIGINT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO level_guild_size (guild_id, records) VALUES (guild, change)
    ON CONFLICT (guild_id) DO UPDATE SET records = level_guild_size.records + EXCLUDED.records;
$$;

CREATE FUNCTION level_guild_size_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM level_guild_size_change(NEW.guild_id, 1);
    RETURN NULL;
END
$$;

CREATE FUNCTION level_guild_size_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM level_guild_size_change(OLD.guild_id, -1);
    RETURN NULL;
END
$$;

-- An update that moves a record to another guild (or out of every guild, or into one). Rows are changed in
-- guild order, so two such updates of the same guilds wait for each other instead of deadlocking.
CREATE FUNCTION level_guild_size_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.guild_id IS NOT NULL AND (NEW.guild_id IS NULL OR OLD.guild_id < NEW.guild_id) THEN
        PERFORM level_guild_size_change(OLD.guild_id, -1);
        IF NEW.guild_id IS NOT NULL THEN
            PERFORM level_guild_size_change(NEW.guild_id, 1);
        END IF;
    ELSE
        IF NEW.guild_id IS NOT NULL THEN
            PERFORM level_guild_size_change(NEW.guild_id, 1);
        END IF;
        IF OLD.guild_id IS NOT NULL THEN
            PERFORM level_guild_size_change(OLD.guild_id, -1);
        END IF;
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION level_guild_size_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM level_guild_size;
    RETURN NULL;
END
$$;

CREATE TRIGGER level_guild_size_insert AFTER INSERT ON level_record FOR EACH ROW
    WHEN (NEW.guild_id IS NOT NULL AND current_setting('communitybot.bulk_write', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION level_guild_size_added();
CREATE TRIGGER level_guild_size_delete AFTER DELETE ON level_record FOR EACH ROW
    WHEN (OLD.guild_id IS NOT NULL AND current_setting('communitybot.bulk_write', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION level_guild_size_removed();
CREATE TRIGGER level_guild_size_update AFTER UPDATE OF id ON level_record FOR EACH ROW
    WHEN (OLD.guild_id IS DISTINCT FROM NEW.guild_id
          AND current_setting('communitybot.bulk_write', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION level_guild_size_moved();
CREATE TRIGGER level_guild_size_truncate AFTER TRUNCATE ON level_record
    FOR EACH STATEMENT EXECUTE FUNCTION level_guild_size_cleared();
