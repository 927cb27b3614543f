package com.communitybot.persistence.testing;

/** The databases every store test runs on. */
public enum StoreBackend {
    H2 {
        @Override
        public TestDatabase freshDatabase(String purpose) {
            return TestDatabase.freshH2(purpose);
        }
    },
    POSTGRES {
        @Override
        public TestDatabase freshDatabase(String purpose) {
            return TestPostgres.freshDatabase(purpose);
        }
    };

    /** A new, empty database of this kind. */
    public abstract TestDatabase freshDatabase(String purpose);
}
