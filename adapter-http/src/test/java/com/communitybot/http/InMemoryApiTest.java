package com.communitybot.http;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.http.testing.ApiContract;
import io.micronaut.runtime.server.EmbeddedServer;
import java.net.URI;
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
        server = InMemoryServer.start(LEVELS, SETTINGS, BETA);
    }

    @AfterAll
    static void stop() {
        server.getApplicationContext().close();
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
}
