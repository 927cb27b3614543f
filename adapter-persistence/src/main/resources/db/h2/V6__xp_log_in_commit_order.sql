-- A guild's events get their ids in the order their transactions commit (ledger.md L4: a stream resumes after the
-- last event it gave, by id). An id comes from the identity when the event is inserted, and two transactions may
-- commit in the other order. On H2 every writer is the service (docs/store.md), and each of its writes of one record
-- locks the guild's row of xp_log_order before it logs (h2.H2LogOrder): H2 keeps a row lock until the transaction
-- ends, so a second writer of the guild logs after the first has committed, with higher ids. A writer holds the
-- guild's lock only after its record's: a guild reset, which removes many, stages its events in xp_log_pending and
-- takes the guild's lock and publishes them as its last step, so that it never waits for a record while holding it.
-- PostgreSQL publishes at commit instead (db/postgresql/V6).
CREATE TABLE xp_log_order (
    guild_id VARCHAR NOT NULL,
    CONSTRAINT xp_log_order_pk PRIMARY KEY (guild_id)
);

CREATE TABLE xp_log_pending (
    seq          BIGINT GENERATED ALWAYS AS IDENTITY,
    session_id   INTEGER NOT NULL,
    guild_id     VARCHAR NOT NULL,
    user_id      VARCHAR NOT NULL,
    level_before NUMERIC(20, 0),
    xp_before    NUMERIC(20, 0),
    level_after  NUMERIC(20, 0),
    xp_after     NUMERIC(20, 0),
    source       VARCHAR(5) NOT NULL,
    reason       VARCHAR,
    logged_at    TIMESTAMP(3) WITH TIME ZONE NOT NULL,
    CONSTRAINT xp_log_pending_pk PRIMARY KEY (seq)
);

CREATE INDEX xp_log_pending_session ON xp_log_pending (session_id, seq);
