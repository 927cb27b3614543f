package com.communitybot.core.testing;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.GuildSettings;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.core.usecase.LeaderboardOrder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** Import and export over the in-memory doubles; an import's writes are held back until it succeeds. */
public final class InMemoryStoreTransfer implements StoreTransfer {

    private final InMemoryLevelStore levels;
    private final InMemorySettingsStore settings;
    private final InMemoryBetaStore beta;

    public InMemoryStoreTransfer(InMemoryLevelStore levels, InMemorySettingsStore settings, InMemoryBetaStore beta) {
        this.levels = levels;
        this.settings = settings;
        this.beta = beta;
    }

    @Override
    public synchronized void importAtomically(Consumer<ImportBatch> work) {
        List<Runnable> writes = new ArrayList<>();
        // The level records as this import sees them: the store's, with the import's writes so far applied.
        Map<String, LevelRecord> seen = new HashMap<>();
        levels.all().forEach(record -> seen.put(record.id(), record));
        work.accept(new ImportBatch() {
            @Override
            public void putLevel(LevelRecord record) {
                seen.put(record.id(), record);
                writes.add(() -> levels.putAsImport(record));
            }

            @Override
            public long deleteGuildLevels(GuildId guild) {
                String prefix = guild + ":";
                List<String> gone = seen.keySet().stream()
                        .filter(id -> id.startsWith(prefix))
                        .toList();
                gone.forEach(seen::remove);
                writes.add(() -> levels.all().stream()
                        .filter(record -> record.id().startsWith(prefix))
                        .forEach(record -> levels.removeAsImport(record.id())));
                return gone.size();
            }

            @Override
            public Set<String> existingLevelIds(Collection<String> ids) {
                Set<String> found = new HashSet<>(ids);
                found.retainAll(seen.keySet());
                return found;
            }

            @Override
            public boolean hasLevels(GuildId guild) {
                String prefix = guild + ":";
                return seen.keySet().stream().anyMatch(id -> id.startsWith(prefix));
            }

            @Override
            public void putTrack(GuildId guild, LevelTrack track) {
                writes.add(() -> settings.putTrack(guild, track));
            }

            @Override
            public void putBridge(GuildId guild, LevelBridge bridge) {
                writes.add(() -> settings.putBridge(guild, bridge));
            }

            @Override
            public void putBetaServer(BetaServer server) {
                writes.add(() -> {
                    beta.remove(server.guildId());
                    beta.addIfAbsent(server);
                });
            }
        });
        writes.forEach(Runnable::run);
    }

    @Override
    public Stream<LevelRecord> levels() {
        return levels.all().stream().sorted(Comparator.comparing(LevelRecord::id, LeaderboardOrder::compareUtf8));
    }

    @Override
    public Stream<GuildSettings> guildSettings() {
        return settings.guilds().stream()
                .sorted(Comparator.comparing(GuildId::asU64))
                .map(guild -> new GuildSettings(
                        guild,
                        settings.tracks(guild).stream()
                                .sorted(Comparator.comparing(LevelTrack::name, LeaderboardOrder::compareUtf8))
                                .toList(),
                        settings.bridges(guild).stream()
                                .sorted(Comparator.comparing(LevelBridge::inRoleId, LeaderboardOrder::compareUtf8))
                                .toList()));
    }

    @Override
    public Stream<BetaServer> betaServers() {
        return beta.all().stream().sorted(Comparator.comparing(BetaServer::guildId, LeaderboardOrder::compareUtf8));
    }
}
