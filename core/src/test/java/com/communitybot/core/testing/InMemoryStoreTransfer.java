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
import java.util.Comparator;
import java.util.List;
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
        work.accept(new ImportBatch() {
            @Override
            public void putLevel(LevelRecord record) {
                writes.add(() -> levels.put(record));
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
