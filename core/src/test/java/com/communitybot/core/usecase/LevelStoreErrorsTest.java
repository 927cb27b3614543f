package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.PlacedRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.testing.FailingStores;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Which spec-7 message reading the leaderboard gives when the store fails, at the start or mid-stream. */
class LevelStoreErrorsTest {

    private static final GuildId GUILD = new GuildId(12L);
    private static final LevelRecord RECORD = new LevelRecord("12:1", U64.ZERO, U64.ZERO);

    @Test
    void thePortReadsTheLeaderboard_wholeOrFromAPlace_andPlacesARecord() {
        assertThat(Arrays.stream(LevelStore.class.getMethods()).map(Method::getName))
                .containsExactlyInAnyOrder("recordsInLeaderboardOrder", "recordsInLeaderboardOrder", "placeOf");
    }

    /** A store whose page read and place count fail with {@code failure}, while its whole read works. */
    private static LevelStore failingOnPagesAndPlaces(StoreException failure) {
        return new LevelStore() {
            @Override
            public Stream<LevelRecord> recordsInLeaderboardOrder(GuildId guild) {
                return Stream.of(RECORD);
            }

            @Override
            public List<LevelRecord> recordsInLeaderboardOrder(GuildId guild, Optional<LevelRecord> after, int max) {
                throw failure;
            }

            @Override
            public Optional<PlacedRecord> placeOf(GuildId guild, String id) {
                throw failure;
            }
        };
    }

    @Test
    void aPageReadOrAPlaceCountThatFails_isAQueryFailure_withTheStoresExceptionAsCause() {
        StoreException failure = FailingStores.unreachable();
        LevelStore store = new LevelStoreErrors(failingOnPagesAndPlaces(failure));

        assertThatThrownBy(() -> store.recordsInLeaderboardOrder(GUILD, Optional.empty(), 5))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Database query failed")
                .hasCause(failure);
        assertThatThrownBy(() -> store.placeOf(GUILD, "12:1"))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Database query failed")
                .hasCause(failure);
    }

    @Test
    void aPageReadOrAPlaceCountThatAnswersUnreadably_isAParseFailure() {
        LevelStore store = new LevelStoreErrors(failingOnPagesAndPlaces(StoreException.unreadable("xp is NULL", null)));

        assertThatThrownBy(() -> store.recordsInLeaderboardOrder(GUILD, Optional.of(RECORD), 5))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Failed to parse database response");
        assertThatThrownBy(() -> store.placeOf(GUILD, "12:1"))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Failed to parse database response");
    }

    @Test
    void aStoreThatFailsAtTheStart_isAQueryFailure_withTheStoresExceptionAsCause() {
        StoreException failure = FailingStores.unreachable();
        LevelStore store = new LevelStoreErrors(FailingStores.levels(failure));

        assertThatThrownBy(() -> store.recordsInLeaderboardOrder(GUILD))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Database query failed")
                .hasCause(failure);
    }

    @Test
    void aStoreThatAnswersUnreadablyAtTheStart_isAParseFailure() {
        LevelStore store = new LevelStoreErrors(FailingStores.levels(StoreException.unreadable("xp is NULL", null)));

        assertThatThrownBy(() -> store.recordsInLeaderboardOrder(GUILD))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Failed to parse database response");
    }

    @Test
    void failuresMidStream_comeAfterTheRecordsReadBeforeThem_withTheSameMessages() {
        for (StoreException failure :
                List.of(new StoreException("connection lost", null), StoreException.unreadable("xp is NULL", null))) {
            LevelStore store = new LevelStoreErrors(guild -> Stream.of(1, 2).map(i -> {
                if (i == 2) {
                    throw failure;
                }
                return RECORD;
            }));
            List<LevelRecord> read = new ArrayList<>();

            assertThatThrownBy(() -> store.recordsInLeaderboardOrder(GUILD).forEach(read::add))
                    .isInstanceOf(DatabaseErrorException.class)
                    .hasMessage(failure.isUnreadable() ? "Failed to parse database response" : "Database query failed")
                    .hasCause(failure);
            assertThat(read).containsExactly(RECORD);
        }
    }

    @Test
    void closingTheStream_closesTheStoresStream() {
        AtomicBoolean closed = new AtomicBoolean();
        LevelStore store = new LevelStoreErrors(guild -> Stream.of(RECORD).onClose(() -> closed.set(true)));

        store.recordsInLeaderboardOrder(GUILD).close();

        assertThat(closed).isTrue();
    }
}
