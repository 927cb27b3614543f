package com.communitybot.app;

import com.communitybot.persistence.testing.StoreBackend;

/** The API contract on PostgreSQL: the machine's server, or an embedded one where none answers. */
class PostgresApiTest extends StoreApiTest {
    @Override
    StoreBackend backend() {
        return StoreBackend.POSTGRES;
    }
}
