package com.communitybot.http;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryGuildView;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.core.usecase.BetaTesting;
import com.communitybot.core.usecase.BotPresence;
import com.communitybot.core.usecase.GuildRoles;
import com.communitybot.core.usecase.Leaderboard;
import com.communitybot.core.usecase.LevelBridges;
import com.communitybot.core.usecase.LevelTracks;
import com.communitybot.http.testing.ApiContract;
import com.communitybot.http.testing.ApiFixture;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Singleton;
import java.net.URI;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The HTTP adapter on its own: the whole API contract over real HTTP, with the core's in-memory doubles. */
class InMemoryApiTest extends ApiContract {

    private static final InMemoryLevelStore LEVELS = new InMemoryLevelStore();
    private static final InMemorySettingsStore SETTINGS = new InMemorySettingsStore();
    private static final InMemoryBetaStore BETA = new InMemoryBetaStore();
    private static EmbeddedServer server;

    @BeforeAll
    static void start() {
        server = ApplicationContext.run(EmbeddedServer.class, Map.of(
                "bot.api-key", ApiFixture.API_KEY,
                "micronaut.server.port", -1,
                "test.in-memory-use-cases", true));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Override
    protected URI baseUrl() {
        return server.getURI();
    }

    @Override
    protected void givenLevelRecords(LevelRecord... records) {
        LEVELS.put(records);
    }

    @Override
    protected void clearStore() {
        LEVELS.clear();
        SETTINGS.clear();
        BETA.clear();
    }

    /** The use cases over the in-memory doubles; only for this test. */
    @Factory
    @Requires(property = "test.in-memory-use-cases", value = "true")
    static class UseCases {
        private final InMemoryGuildView guilds = new InMemoryGuildView();

        UseCases() {
            ApiFixture.GUILDS.forEach(g -> guilds.withGuild(g.id(), g.roles(), g.members()));
        }

        @Singleton
        BotPresence presence() {
            return new BotPresence(guilds);
        }

        @Singleton
        Leaderboard leaderboard() {
            return new Leaderboard(guilds, LEVELS);
        }

        @Singleton
        GuildRoles roles() {
            return new GuildRoles(guilds);
        }

        @Singleton
        LevelTracks tracks() {
            return new LevelTracks(guilds, SETTINGS);
        }

        @Singleton
        LevelBridges bridges() {
            return new LevelBridges(guilds, SETTINGS);
        }

        @Singleton
        BetaTesting beta() {
            return new BetaTesting(BETA, Clock.systemUTC());
        }
    }
}
