package com.communitybot.persistence;

import java.util.List;
import org.junit.jupiter.api.Tag;

/** {@link KilledMigrationTest}'s kills as the start begins each migration after V2. */
@Tag("verify")
class KilledMigrationWhileMigratingTest extends KilledMigrationTest {

    KilledMigrationWhileMigratingTest() {
        super(List.of("to version \"3", "to version \"4", "to version \"5"), 2);
    }
}
