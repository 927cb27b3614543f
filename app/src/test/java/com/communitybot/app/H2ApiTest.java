package com.communitybot.app;

import com.communitybot.persistence.testing.StoreBackend;

/** The API contract on the embedded H2 store. */
class H2ApiTest extends StoreApiTest {
    @Override
    StoreBackend backend() {
        return StoreBackend.H2;
    }
}
