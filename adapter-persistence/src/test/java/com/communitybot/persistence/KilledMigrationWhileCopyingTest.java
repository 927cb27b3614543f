package com.communitybot.persistence;

import java.util.List;
import org.junit.jupiter.api.Tag;

/** {@link KilledMigrationTest}'s kills while the start copies the store and once the copy is there. */
@Tag("verify")
class KilledMigrationWhileCopyingTest extends KilledMigrationTest {

    KilledMigrationWhileCopyingTest() {
        super(List.of("copying", "copied"), 1);
    }
}
