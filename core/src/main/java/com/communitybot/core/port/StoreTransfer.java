package com.communitybot.core.port;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.GuildSettings;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelTrack;
import java.util.Collection;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** The whole store at once, for the data file's import and export (contract 4). */
public interface StoreTransfer {

    /** Upserts by key, as an import writes. */
    interface ImportBatch {

        /** Stores the record, replacing the one with the same id. */
        void putLevel(LevelRecord record);

        /** Stores the track, replacing the one of the same guild and name. */
        void putTrack(GuildId guild, LevelTrack track);

        /** Stores the bridge, replacing the one of the same guild and input role. */
        void putBridge(GuildId guild, LevelBridge bridge);

        /** Stores the entry, replacing the one of the same guild id. */
        void putBetaServer(BetaServer server);

        /**
         * Deletes every level record of the guild (those whose id's text before the first {@code :} is the
         * guild's id), this import's own included; records of other guilds stay.
         *
         * @return how many records were deleted
         */
        long deleteGuildLevels(GuildId guild);

        /** Those of {@code ids} that name a stored level record, this import's own writes included. */
        Set<String> existingLevelIds(Collection<String> ids);

        /**
         * Whether the guild has any level record, this import's own writes included: an import into a guild
         * that has none need not look up its ids.
         */
        boolean hasLevels(GuildId guild);
    }

    /**
     * Runs {@code work} in one transaction: everything it writes is stored when it returns, and nothing
     * when it throws (the exception is rethrown as it was).
     */
    void importAtomically(Consumer<ImportBatch> work);

    /** Every level record, by id ascending in UTF-8 byte order; the caller must close the stream. */
    Stream<LevelRecord> levels();

    /**
     * Every guild that has a track or a bridge, by guild id ascending (unsigned); its tracks by name and its
     * bridges by input role, each ascending in UTF-8 byte order. The caller must close the stream.
     */
    Stream<GuildSettings> guildSettings();

    /** Every beta entry, by guild id ascending in UTF-8 byte order; the caller must close the stream. */
    Stream<BetaServer> betaServers();
}
