package com.communitybot.core.port;

import com.communitybot.core.model.BetaServer;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/** The global list of beta-testing guilds, keyed by guild id compared exactly. */
public interface BetaStore {

    /** Every entry. */
    List<BetaServer> all();

    /** Stores {@code server} unless its guild id is listed; returns whether it was stored. */
    boolean addIfAbsent(BetaServer server);

    /** Removes the entry of {@code guildId}; returns whether there was one. */
    boolean remove(String guildId);

    /** Those of {@code guildIds} that are listed. */
    Set<String> listedAmong(Collection<String> guildIds);
}
