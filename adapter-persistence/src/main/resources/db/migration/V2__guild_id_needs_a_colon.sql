-- A record belongs to guild G when its id starts with 'G:' (spec 4.2 rule 1). V1 gave an id without any ':'
-- the whole id as its guild_id, so a record '12' stood on guild 12's leaderboard as user 12. Such a record
-- now has no guild_id: it is on no leaderboard, and stays in the store (and in exports) as it was written.
DROP INDEX level_record_leaderboard;
ALTER TABLE level_record DROP COLUMN guild_id;
ALTER TABLE level_record ADD COLUMN guild_id VARCHAR ${byte_order} GENERATED ALWAYS AS (
    CASE WHEN POSITION(':' IN id) > 0 THEN SUBSTRING(id FROM 1 FOR POSITION(':' IN id) - 1) END
) ${stored};
CREATE INDEX level_record_leaderboard ON level_record (guild_id, level DESC, xp DESC, id);
