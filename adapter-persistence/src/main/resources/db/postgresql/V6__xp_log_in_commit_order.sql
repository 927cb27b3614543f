-- A guild's events get their ids in the order their transactions commit (ledger.md L4: a stream resumes after the
-- last event it gave, by id). Until V5 an event took its id from the identity when the trigger inserted it, and two
-- transactions may commit in the other order: a reader that had seen the later id never saw the earlier one.
--
-- Now the trigger stages an event in xp_log_pending, and a deferred constraint trigger publishes the transaction's
-- staged events into xp_log at commit: it first takes the transaction-level advisory lock of each guild they are
-- of, in guild order, then inserts them in the order they were staged, which gives their ids. A second writer of the
-- guild publishes only once the first has committed (PostgreSQL makes a commit visible before it releases the
-- transaction's locks), so it gets higher ids. The locks are the last a transaction takes, in one order, so they add
-- no deadlock: a writer of many records never holds a guild's lock while it waits for a record.
--
-- xp_log_pending is UNLOGGED: it only ever holds the rows of transactions still running (each moves its own before it
-- commits), which a crash rolls back anyway. A guild reset stages its events itself, with the publishing at commit
-- off (communitybot.publish = 'explicit', so that none of a million rows queues a trigger), and publishes them by
-- calling xp_log_publish() as its last step (StoreEngine.publishLog).
CREATE UNLOGGED TABLE xp_log_pending (
    seq          BIGINT GENERATED ALWAYS AS IDENTITY,
    guild_id     VARCHAR COLLATE "C" NOT NULL,
    user_id      VARCHAR COLLATE "C" NOT NULL,
    level_before NUMERIC(20, 0),
    xp_before    NUMERIC(20, 0),
    level_after  NUMERIC(20, 0),
    xp_after     NUMERIC(20, 0),
    source       VARCHAR(5) NOT NULL,
    reason       VARCHAR,
    logged_at    TIMESTAMP(3) WITH TIME ZONE NOT NULL,
    tx           xid8 NOT NULL DEFAULT pg_current_xact_id()
);

-- A transaction finds its own rows by its id, in the order it staged them: a scan of the table would walk every row
-- the transactions before it moved out and the vacuum has not yet removed (at 1,000 writes a second, each write
-- slower than the last). The table has no other index: each is one more write per event.
CREATE INDEX xp_log_pending_tx ON xp_log_pending (tx, seq);

-- Moves the transaction's staged events into the log, under the locks of their guilds; after the first call of a
-- commit the others find nothing to move.
CREATE FUNCTION xp_log_publish() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    me xid8 := pg_current_xact_id();
    last BIGINT;
BEGIN
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

-- The commit fires this once per staged row; the first firing publishes them all, and the others see that their
-- row is published already (communitybot.published, the last staged row moved) and do nothing: looking for the
-- transaction's rows again, each of thousands of firings walked the thousands of rows the first had moved out.
CREATE FUNCTION xp_log_publish_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.seq > COALESCE(CAST(NULLIF(current_setting('communitybot.published', true), '') AS BIGINT), 0) THEN
        PERFORM xp_log_publish();
    END IF;
    RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER xp_log_commit_order AFTER INSERT ON xp_log_pending
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (current_setting('communitybot.publish', true) IS DISTINCT FROM 'explicit')
    EXECUTE FUNCTION xp_log_publish_at_commit();

-- V5's function, staging the event instead of inserting it into xp_log.
CREATE OR REPLACE FUNCTION xp_log_event(
    record_id VARCHAR, guild VARCHAR,
    level_before NUMERIC, xp_before NUMERIC, level_after NUMERIC, xp_after NUMERIC) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    api BOOLEAN := current_setting('communitybot.source', true) IS NOT DISTINCT FROM 'api';
    why TEXT := current_setting('communitybot.reason', true);
    written TIMESTAMPTZ := CASE WHEN api THEN CAST(current_setting('communitybot.at', true) AS TIMESTAMPTZ) END;
BEGIN
    INSERT INTO xp_log_pending
        (guild_id, user_id, level_before, xp_before, level_after, xp_after, source, reason, logged_at)
    VALUES (
        guild,
        SUBSTRING(record_id FROM CHAR_LENGTH(guild) + 2),
        level_before, xp_before, level_after, xp_after,
        CASE WHEN api THEN 'api' ELSE 'store' END,
        CASE WHEN api AND LEFT(why, 1) = 'r' THEN SUBSTRING(why FROM 2) END,
        COALESCE(written, date_trunc('milliseconds', clock_timestamp())));
END
$$;
