package com.communitybot.http;

import com.communitybot.core.port.BetaStore;
import com.communitybot.core.port.LevelLedger;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.SettingsStore;
import com.communitybot.core.port.XpLog;
import com.communitybot.core.testing.InMemoryGuildView;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.usecase.BetaTesting;
import com.communitybot.core.usecase.BotPresence;
import com.communitybot.core.usecase.GuildRoles;
import com.communitybot.core.usecase.Leaderboard;
import com.communitybot.core.usecase.LevelBridges;
import com.communitybot.core.usecase.LevelTracks;
import com.communitybot.core.usecase.MemberLevels;
import com.communitybot.core.usecase.WindowLeaderboard;
import com.communitybot.core.usecase.XpHistory;
import com.communitybot.core.usecase.XpLogRetention;
import com.communitybot.http.testing.ApiFixture;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.runtime.server.EmbeddedServer;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/** The HTTP adapter on its own, over the fixture's guilds and the stores a test gives it. */
final class InMemoryServer {

    private InMemoryServer() {}

    /** A started server on a free port, with the use cases over {@code levels}, {@code settings} and {@code beta}. */
    static EmbeddedServer start(LevelStore levels, SettingsStore settings, BetaStore beta) {
        return start(levels, settings, beta, Map.of());
    }

    /** As above, with more of Micronaut's or the service's settings. */
    static EmbeddedServer start(LevelStore levels, SettingsStore settings, BetaStore beta, Map<String, Object> more) {
        if (levels instanceof InMemoryLevelStore ledger) {
            // The in-memory store keeps the XP log too: the ledger's endpoints (ledger L1 to L3) are served.
            return start(levels, Optional.of(ledger), Optional.of(ledger), settings, beta, more);
        }
        return start(levels, Optional.empty(), Optional.empty(), settings, beta, more);
    }

    /** As above, with the ledger's ports given apart, for tests of their failures. */
    static EmbeddedServer start(
            LevelStore levels,
            Optional<LevelLedger> ledger,
            Optional<XpLog> log,
            SettingsStore settings,
            BetaStore beta,
            Map<String, Object> more) {
        InMemoryGuildView guilds = new InMemoryGuildView();
        ApiFixture.GUILDS.forEach(g -> guilds.withGuild(g.id(), g.roles(), g.members()));
        Map<String, Object> properties = new java.util.HashMap<>(more);
        properties.put("bot.api-key", ApiFixture.API_KEY);
        properties.put("micronaut.server.port", -1);
        ApplicationContextBuilder builder = ApplicationContext.builder().properties(properties);
        ledger.ifPresent(l -> builder.singletons(new MemberLevels(guilds, l, Clock.systemUTC())));
        log.ifPresent(l -> builder.singletons(
                new XpHistory(guilds, l),
                new WindowLeaderboard(guilds, l, XpLogRetention.parse(XpLogRetention.DEFAULT), Clock.systemUTC())));
        ApplicationContext context = builder.singletons(
                        new BotPresence(guilds),
                        new Leaderboard(guilds, levels),
                        new GuildRoles(guilds),
                        new LevelTracks(guilds, settings),
                        new LevelBridges(guilds, settings),
                        new BetaTesting(beta, Clock.systemUTC()))
                .start();
        return context.getBean(EmbeddedServer.class).start();
    }
}
