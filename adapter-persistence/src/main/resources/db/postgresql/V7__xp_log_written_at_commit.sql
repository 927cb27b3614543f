-- The bot's writes of level records are logged at commit by deferred triggers of level_record itself, no longer staged
-- in xp_log_pending first (V6). The order V6 gave stays: a guild's events get their ids in the order their
-- transactions commit, under the guild's transaction-level advisory lock, which a transaction takes at commit, after
-- every lock of a record it holds, and for all its guilds at once, in guild order (no deadlock, as in V6).
--
-- Why: V6 wrote each event twice before it reached the log (the row trigger's insert into xp_log_pending, then at
-- commit a delete from it and the insert into xp_log), which made the bot's write of a record 1.6 times as long as
-- without the log, against issue 30's 1.3 (BENCHMARKS.md). A deferred constraint trigger of level_record queues the
-- write with the row versions it made; at commit PostgreSQL hands the trigger the record as it was before and after
-- that write (both versions stay in the table until the transaction ends), so the event is written once, at the
-- moment V6 published it, with the database's clock then.
--
-- The service's own writes (marked by communitybot.source = 'api', V5) are staged and published as in V6: their
-- reason and time are the mark's at the write, and a transaction may mark its writes more than once; at commit only
-- the last mark could be read. Only the bot writes unmarked, and a mark lasts to the end of its transaction, so a
-- transaction's unmarked writes all come before its marked ones, and their events, fired at commit in the order they
-- were queued, come first too.
--
-- The commit needs the guilds of all its writes before it logs the first, to lock them in one order. A trigger that
-- is not deferred notes them in a setting of the transaction (communitybot.log_guilds: each guild id after a colon,
-- which a guild id never holds), and fires only while that setting is not just the write's own guild: once in a
-- transaction of one guild, which is what the bot's writes are. Past 64 guilds the note is "many", and the commit
-- takes an order lock of its own (xp_log_order_key, below). Settings of a transaction roll back with a savepoint as
-- its queued trigger events do, and end with the transaction.
--
-- Unchanged: a write that leaves level and xp as they were logs nothing, a record of no guild is not logged, and
-- communitybot.xp_log = 'off' (an import, a reset) queues no event at all: a deferred trigger's WHEN is evaluated at
-- the write. A guild reset stages its events itself and publishes them (xp_log_publish(), StoreEngine.publishLog).

DROP TRIGGER xp_log_insert ON level_record;
DROP TRIGGER xp_log_update ON level_record;
DROP TRIGGER xp_log_delete ON level_record;

-- Notes the guilds a write is of (both, when a record's id moves it to another guild), each once, whoever writes. Past
-- 64 guilds the list becomes '*', "many": a transaction over thousands of guilds would otherwise search and copy a
-- list of them at every write.
CREATE FUNCTION xp_log_note_guild() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    noted TEXT := COALESCE(current_setting('communitybot.log_guilds', true), '');
    before TEXT := noted;
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.guild_id IS NOT NULL AND POSITION(':' || OLD.guild_id || ':' IN noted || ':') = 0 THEN
        noted := noted || ':' || OLD.guild_id;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.guild_id IS NOT NULL AND POSITION(':' || NEW.guild_id || ':' IN noted || ':') = 0 THEN
        noted := noted || ':' || NEW.guild_id;
    END IF;
    IF noted <> before THEN
        IF LENGTH(noted) - LENGTH(REPLACE(noted, ':', '')) > 64 THEN
            noted := '*';
        END IF;
        PERFORM set_config('communitybot.log_guilds', noted, true);
    END IF;
    RETURN NULL;
END
$$;

-- The lock every commit of more than one guild takes before its guilds' locks (two int4 keys: a space of its own,
-- apart from the guilds' bigint keys): shared with a short list of guilds, which it then locks in guild order;
-- exclusive with "many", which then locks its guilds in the order of its writes, alone among such commits. A commit
-- of one guild holds one lock and never waits while it holds it, so it needs none. No two commits can wait for each
-- other in a circle.
CREATE FUNCTION xp_log_order_key() RETURNS integer LANGUAGE sql IMMUTABLE AS $$
    SELECT hashtext('communitybot: the XP log''s commit order')
$$;

-- At commit, one queued write of the bot. In a transaction of more than one guild the first takes the order lock, then
-- (with a short list) the locks of all the guilds noted, in guild order; then each takes its own guild's lock
-- (PostgreSQL counts a lock taken again, at no wait) and logs its event, or two when a record's id moved it to
-- another guild.
CREATE FUNCTION xp_log_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    noted TEXT := current_setting('communitybot.log_guilds', true);
BEGIN
    IF (noted = '*' OR POSITION(':' IN SUBSTRING(noted FROM 2)) > 0)
            AND current_setting('communitybot.log_locked', true) IS DISTINCT FROM 'on' THEN
        IF noted = '*' THEN
            PERFORM pg_advisory_xact_lock(xp_log_order_key(), 0);
        ELSE
            PERFORM pg_advisory_xact_lock_shared(xp_log_order_key(), 0);
            PERFORM pg_advisory_xact_lock(hashtextextended(guild, 0))
                FROM (SELECT DISTINCT guild COLLATE "C" AS guild
                      FROM unnest(string_to_array(SUBSTRING(noted FROM 2), ':')) AS guild ORDER BY 1) AS guilds;
        END IF;
        PERFORM set_config('communitybot.log_locked', 'on', true);
    END IF;
    IF TG_OP <> 'INSERT' AND OLD.guild_id IS NOT NULL AND (TG_OP = 'DELETE' OR OLD.id <> NEW.id) THEN
        PERFORM pg_advisory_xact_lock(hashtextextended(OLD.guild_id, 0));
        INSERT INTO xp_log
            (guild_id, user_id, level_before, xp_before, level_after, xp_after, source, reason, logged_at)
        VALUES (OLD.guild_id, SUBSTRING(OLD.id FROM CHAR_LENGTH(OLD.guild_id) + 2), OLD.level, OLD.xp, NULL, NULL,
            'store', NULL, date_trunc('milliseconds', clock_timestamp()));
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.guild_id IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(hashtextextended(NEW.guild_id, 0));
        INSERT INTO xp_log
            (guild_id, user_id, level_before, xp_before, level_after, xp_after, source, reason, logged_at)
        VALUES (NEW.guild_id, SUBSTRING(NEW.id FROM CHAR_LENGTH(NEW.guild_id) + 2),
            CASE WHEN TG_OP = 'UPDATE' AND OLD.id = NEW.id THEN OLD.level END,
            CASE WHEN TG_OP = 'UPDATE' AND OLD.id = NEW.id THEN OLD.xp END,
            NEW.level, NEW.xp, 'store', NULL, date_trunc('milliseconds', clock_timestamp()));
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER xp_log_note_insert AFTER INSERT ON level_record FOR EACH ROW
    WHEN (NEW.guild_id IS NOT NULL
          AND ':' || NEW.guild_id IS DISTINCT FROM current_setting('communitybot.log_guilds', true)
          AND current_setting('communitybot.log_guilds', true) IS DISTINCT FROM '*'
          AND current_setting('communitybot.xp_log', true) IS DISTINCT FROM 'off')
    EXECUTE FUNCTION xp_log_note_guild();
CREATE TRIGGER xp_log_note_delete AFTER DELETE ON level_record FOR EACH ROW
    WHEN (OLD.guild_id IS NOT NULL
          AND ':' || OLD.guild_id IS DISTINCT FROM current_setting('communitybot.log_guilds', true)
          AND current_setting('communitybot.log_guilds', true) IS DISTINCT FROM '*'
          AND current_setting('communitybot.xp_log', true) IS DISTINCT FROM 'off')
    EXECUTE FUNCTION xp_log_note_guild();
CREATE TRIGGER xp_log_note_update AFTER UPDATE ON level_record FOR EACH ROW
    WHEN ((OLD.guild_id IS NOT NULL OR NEW.guild_id IS NOT NULL)
          AND (':' || NEW.guild_id IS DISTINCT FROM current_setting('communitybot.log_guilds', true)
               OR OLD.guild_id IS DISTINCT FROM NEW.guild_id)
          AND current_setting('communitybot.log_guilds', true) IS DISTINCT FROM '*'
          AND current_setting('communitybot.xp_log', true) IS DISTINCT FROM 'off')
    EXECUTE FUNCTION xp_log_note_guild();

-- The bot's writes, logged at commit.
CREATE CONSTRAINT TRIGGER xp_log_insert AFTER INSERT ON level_record DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (NEW.guild_id IS NOT NULL AND current_setting('communitybot.xp_log', true) IS DISTINCT FROM 'off'
          AND current_setting('communitybot.source', true) IS DISTINCT FROM 'api')
    EXECUTE FUNCTION xp_log_at_commit();
CREATE CONSTRAINT TRIGGER xp_log_delete AFTER DELETE ON level_record DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD.guild_id IS NOT NULL AND current_setting('communitybot.xp_log', true) IS DISTINCT FROM 'off'
          AND current_setting('communitybot.source', true) IS DISTINCT FROM 'api')
    EXECUTE FUNCTION xp_log_at_commit();
CREATE CONSTRAINT TRIGGER xp_log_update AFTER UPDATE ON level_record DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN ((OLD.id IS DISTINCT FROM NEW.id OR OLD.level IS DISTINCT FROM NEW.level OR OLD.xp IS DISTINCT FROM NEW.xp)
          AND (OLD.guild_id IS NOT NULL OR NEW.guild_id IS NOT NULL)
          AND current_setting('communitybot.xp_log', true) IS DISTINCT FROM 'off'
          AND current_setting('communitybot.source', true) IS DISTINCT FROM 'api')
    EXECUTE FUNCTION xp_log_at_commit();

-- The service's writes, staged with their mark and published at commit (V5's functions, V6's xp_log_event).
CREATE TRIGGER xp_log_api_insert AFTER INSERT ON level_record FOR EACH ROW
    WHEN (NEW.guild_id IS NOT NULL AND current_setting('communitybot.xp_log', true) IS DISTINCT FROM 'off'
          AND current_setting('communitybot.source', true) IS NOT DISTINCT FROM 'api')
    EXECUTE FUNCTION xp_log_created();
CREATE TRIGGER xp_log_api_delete AFTER DELETE ON level_record FOR EACH ROW
    WHEN (OLD.guild_id IS NOT NULL AND current_setting('communitybot.xp_log', true) IS DISTINCT FROM 'off'
          AND current_setting('communitybot.source', true) IS NOT DISTINCT FROM 'api')
    EXECUTE FUNCTION xp_log_removed();
CREATE TRIGGER xp_log_api_update AFTER UPDATE ON level_record FOR EACH ROW
    WHEN ((OLD.id IS DISTINCT FROM NEW.id OR OLD.level IS DISTINCT FROM NEW.level OR OLD.xp IS DISTINCT FROM NEW.xp)
          AND (OLD.guild_id IS NOT NULL OR NEW.guild_id IS NOT NULL)
          AND current_setting('communitybot.xp_log', true) IS DISTINCT FROM 'off'
          AND current_setting('communitybot.source', true) IS NOT DISTINCT FROM 'api')
    EXECUTE FUNCTION xp_log_changed();

-- The service's writes and a reset publish their staged events in guild order (V6's xp_log_publish()); a commit of
-- "many" guilds takes its guilds' locks in another order, so this publish also takes the order lock, shared, first.
CREATE OR REPLACE FUNCTION xp_log_publish() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    me xid8 := pg_current_xact_id();
    last BIGINT;
BEGIN
    PERFORM pg_advisory_xact_lock_shared(xp_log_order_key(), 0);
    PERFORM pg_advisory_xact_lock(hashtextextended(guild_id, 0))
        FROM (SELECT DISTINCT guild_id FROM xp_log_pending WHERE tx = me ORDER BY guild_id) AS guilds;
    WITH moved AS (DELETE FROM xp_log_pending WHERE tx = me RETURNING *),
         published AS (
             INSERT INTO xp_log
                 (guild_id, user_id, level_before, xp_before, level_after, xp_after, source, reason, logged_at)
             SELECT guild_id, user_id, level_before, xp_before, level_after, xp_after, source, reason, logged_at
             FROM moved ORDER BY seq)
    SELECT MAX(seq) INTO last FROM moved;
    IF last IS NOT NULL THEN
        PERFORM set_config('communitybot.published', CAST(last AS TEXT), true);
    END IF;
END
$$;
