package com.communitybot.persistence;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.port.BetaStore;
import com.communitybot.core.port.StoreException;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** {@link BetaStore} on the {@code beta_server} table. */
@Singleton
final class SqlBetaStore implements BetaStore {

    /** Ids per membership query: far below the bind-parameter limits of both databases. */
    static final int IDS_PER_QUERY = 1000;

    private final BetaRepository beta;

    SqlBetaStore(BetaRepository beta) {
        this.beta = beta;
    }

    @Override
    public List<BetaServer> all() {
        return DriverExceptions.translated("Reading the beta list", beta::findAll).stream()
                .map(SqlBetaStore::server)
                .toList();
    }

    @Override
    public boolean addIfAbsent(BetaServer server) {
        return DriverExceptions.translated(
                        "Adding guild '" + server.guildId() + "' to the beta list",
                        () -> beta.insertIfAbsent(server.guildId(), Columns.timestamp(server.addedAt())))
                == 1;
    }

    @Override
    public boolean remove(String guildId) {
        return DriverExceptions.translated(
                        "Removing guild '" + guildId + "' from the beta list", () -> beta.delete(guildId))
                > 0;
    }

    @Override
    public Set<String> listedAmong(Collection<String> guildIds) {
        List<String> distinct = new ArrayList<>(new HashSet<>(guildIds));
        Set<String> listed = new HashSet<>();
        for (int from = 0; from < distinct.size(); from += IDS_PER_QUERY) {
            List<String> chunk = distinct.subList(from, Math.min(from + IDS_PER_QUERY, distinct.size()));
            listed.addAll(DriverExceptions.translated("Reading the beta list", () -> beta.findListed(chunk)));
        }
        return listed;
    }

    private static BetaServer server(BetaRepository.Listed row) {
        if (row.guildId() == null) {
            throw StoreException.unreadable("a beta entry has a NULL guild_id", null);
        }
        return new BetaServer(row.guildId(), Columns.instant(row.addedAt(), "added_at of " + row.guildId()));
    }
}
