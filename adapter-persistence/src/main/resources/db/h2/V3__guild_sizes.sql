-- How many level records each guild has, kept by a trigger as records come and go, so a member's rank (a
-- count of the records before theirs) can be counted from the nearer end of the leaderboard: the records
-- after theirs, taken from this size. A guild with no record may have no row here, or a row of 0.
-- H2's triggers are Java classes called per row (GuildSizeTrigger); PostgreSQL has its own script.
-- H2's TRUNCATE TABLE fires no trigger: nothing of this service truncates level_record.
CREATE TABLE level_guild_size (
    guild_id VARCHAR NOT NULL,
    records  BIGINT NOT NULL,
    CONSTRAINT level_guild_size_pk PRIMARY KEY (guild_id)
);

INSERT INTO level_guild_size (guild_id, records)
    SELECT guild_id, COUNT(*) FROM level_record WHERE guild_id IS NOT NULL GROUP BY guild_id;

CREATE TRIGGER level_guild_size_keeper AFTER INSERT, UPDATE, DELETE ON level_record
    FOR EACH ROW CALL 'com.communitybot.persistence.GuildSizeTrigger';
