package com.communitybot.core.testing;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.port.BetaStore;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/** The beta list held in memory, for tests. */
public final class InMemoryBetaStore implements BetaStore {

    private final Map<String, BetaServer> servers = new ConcurrentHashMap<>();

    /** Forgets every entry. */
    public void clear() {
        servers.clear();
    }

    @Override
    public List<BetaServer> all() {
        return new ArrayList<>(servers.values());
    }

    @Override
    public boolean addIfAbsent(BetaServer server) {
        return servers.putIfAbsent(server.guildId(), server) == null;
    }

    @Override
    public boolean remove(String guildId) {
        return servers.remove(guildId) != null;
    }

    @Override
    public Set<String> listedAmong(Collection<String> guildIds) {
        return guildIds.stream().filter(servers::containsKey).collect(Collectors.toSet());
    }
}
