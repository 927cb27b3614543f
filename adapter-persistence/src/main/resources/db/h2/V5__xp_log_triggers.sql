-- The XP log's trigger (V4) on H2: a Java class called per row (h2.H2XpLogTrigger): after each insert, delete or
-- update of a level record that changes it, one event in the same transaction. H2 keeps the class's name in every
-- store's schema, so the class keeps its name and package. PostgreSQL has its own script (db/postgresql).
CREATE TRIGGER xp_log_keeper AFTER INSERT, UPDATE, DELETE ON level_record
    FOR EACH ROW CALL 'com.communitybot.persistence.h2.H2XpLogTrigger';
