package com.communitybot.app;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.http.testing.ApiContract;
import com.communitybot.persistence.testing.StoreBackend;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The whole API contract through real HTTP against the service as it runs, on one store; each store has a
 * subclass, so the suite is written once.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class StoreApiTest extends ApiContract {

    private RunningService service;

    abstract StoreBackend backend();

    @BeforeAll
    void startService() {
        service = new RunningService(backend().freshDatabase("api"), Map.of());
    }

    @AfterAll
    void stopService() {
        service.close();
    }

    @Override
    protected URI baseUrl() {
        return service.baseUrl();
    }

    @Override
    protected void givenLevelRecords(LevelRecord... records) {
        service.insertLevels(records);
    }

    @Override
    protected void clearStore() {
        service.clearStore();
    }
}
