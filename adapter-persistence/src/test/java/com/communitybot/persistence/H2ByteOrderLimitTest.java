package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.LevelStore;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreContext;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Pins the one known difference of H2 from byte order (see the README): H2 compares UTF-16 code units, so a
 * character beyond U+FFFF sorts before U+E000..U+FFFF, where UTF-8 byte order puts it after. If this test
 * fails, H2 has closed the gap and the README note can go.
 */
class H2ByteOrderLimitTest {

    @Test
    void onH2_aCharacterBeyondTheBmp_sortsBeforeTheTopOfTheBmp() {
        String emoji = "1:\uD83D\uDE00";
        String replacementChar = "1:\uFFFD";
        try (StoreContext stores = StoreContext.start(StoreBackend.H2, "bmp")) {
            stores.insertLevels(List.of(
                    new LevelRecord(replacementChar, U64.ZERO, U64.ZERO), new LevelRecord(emoji, U64.ZERO, U64.ZERO)));

            try (Stream<LevelRecord> records =
                    stores.bean(LevelStore.class).recordsInLeaderboardOrder(new GuildId(1L))) {
                assertThat(records.map(LevelRecord::id).toList()).containsExactly(emoji, replacementChar);
            }
        }
    }
}
