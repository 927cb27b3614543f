-- The XP log's triggers (V4): after each insert, delete or update of a level record that changes it, one event
-- in the same transaction (an update of id is a removal from one id and a creation of another: two events).
-- A record without a ':' in its id is of no guild (V2) and is not logged.
--
-- source is 'store' unless the transaction marked its writes as the service's own
-- (set_config('communitybot.source', 'api', true), StoreEngine.asApiWrites), which also sets the reason as
-- communitybot.reason ('' for none, else 'r' followed by the reason: after a transaction that set it ends,
-- PostgreSQL reads a custom setting as '', so '' cannot also mean an empty reason) and the write's time as
-- communitybot.at (ISO-8601 UTC), which the service gives each of its writes; the bot's events get the clock's
-- time. A bulk write (the import) sets communitybot.xp_log to 'off' (with communitybot.bulk_write for the guild
-- sizes, V3): the triggers' WHEN is then false, so an import logs nothing (ledger.md L2) and queues nothing. A guild
-- reset suspends the guild sizes alone, and is logged.
CREATE FUNCTION xp_log_event(
    record_id VARCHAR, guild VARCHAR,
    level_before NUMERIC, xp_before NUMERIC, level_after NUMERIC, xp_after NUMERIC) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    api BOOLEAN := current_setting('communitybot.source', true) IS NOT DISTINCT FROM 'api';
    why TEXT := current_setting('communitybot.reason', true);
    written TIMESTAMPTZ := CASE WHEN api THEN CAST(current_setting('communitybot.at', true) AS TIMESTAMPTZ) END;
BEGIN
    INSERT INTO xp_log (guild_id, user_id, level_before, xp_before, level_after, xp_after, source, reason, logged_at)
    VALUES (
        guild,
        SUBSTRING(record_id FROM CHAR_LENGTH(guild) + 2),
        level_before, xp_before, level_after, xp_after,
        CASE WHEN api THEN 'api' ELSE 'store' END,
        CASE WHEN api AND LEFT(why, 1) = 'r' THEN SUBSTRING(why FROM 2) END,
        COALESCE(written, date_trunc('milliseconds', clock_timestamp())));
END
$$;

CREATE FUNCTION xp_log_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM xp_log_event(NEW.id, NEW.guild_id, NULL, NULL, NEW.level, NEW.xp);
    RETURN NULL;
END
$$;

CREATE FUNCTION xp_log_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM xp_log_event(OLD.id, OLD.guild_id, OLD.level, OLD.xp, NULL, NULL);
    RETURN NULL;
END
$$;

CREATE FUNCTION xp_log_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.id = NEW.id THEN
        PERFORM xp_log_event(NEW.id, NEW.guild_id, OLD.level, OLD.xp, NEW.level, NEW.xp);
    ELSE
        IF OLD.guild_id IS NOT NULL THEN
            PERFORM xp_log_event(OLD.id, OLD.guild_id, OLD.level, OLD.xp, NULL, NULL);
        END IF;
        IF NEW.guild_id IS NOT NULL THEN
            PERFORM xp_log_event(NEW.id, NEW.guild_id, NULL, NULL, NEW.level, NEW.xp);
        END IF;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER xp_log_insert AFTER INSERT ON level_record FOR EACH ROW
    WHEN (NEW.guild_id IS NOT NULL AND current_setting('communitybot.xp_log', true) IS DISTINCT FROM 'off')
    EXECUTE FUNCTION xp_log_created();
CREATE TRIGGER xp_log_delete AFTER DELETE ON level_record FOR EACH ROW
    WHEN (OLD.guild_id IS NOT NULL AND current_setting('communitybot.xp_log', true) IS DISTINCT FROM 'off')
    EXECUTE FUNCTION xp_log_removed();
-- An update that leaves id, level and xp as they were logs nothing, and is not even queued.
CREATE TRIGGER xp_log_update AFTER UPDATE ON level_record FOR EACH ROW
    WHEN ((OLD.id IS DISTINCT FROM NEW.id OR OLD.level IS DISTINCT FROM NEW.level OR OLD.xp IS DISTINCT FROM NEW.xp)
          AND (OLD.guild_id IS NOT NULL OR NEW.guild_id IS NOT NULL)
          AND current_setting('communitybot.xp_log', true) IS DISTINCT FROM 'off')
    EXECUTE FUNCTION xp_log_changed();
