package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.model.BetaServer;
import com.communitybot.core.port.BetaStore;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.testing.FailingStores;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Which spec-7 message each method of {@link BetaStore} gives when the store fails, and when it answers unreadably. */
class BetaStoreErrorsTest {

    /** The call, and its message when the store fails; when it answers unreadably. */
    private record Expected(Consumer<BetaStore> call, String failed, String unreadable) {}

    private static final Map<String, Expected> EXPECTED = Map.of(
            "all", new Expected(BetaStore::all, "Database query failed", "Failed to parse database response"),
            "addIfAbsent",
                    new Expected(
                            s -> s.addIfAbsent(new BetaServer("1", Instant.EPOCH)),
                            "Database create failed",
                            "Database create failed"),
            "remove", new Expected(s -> s.remove("1"), "Database delete failed", "Database delete failed"),
            "listedAmong",
                    new Expected(
                            s -> s.listedAmong(List.of("1")),
                            "Database query failed",
                            "Failed to parse database response"));

    @Test
    void everyMethodOfThePort_isListedHere() {
        assertThat(EXPECTED.keySet())
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(BetaStore.class.getMethods())
                        .map(Method::getName)
                        .toList());
    }

    @Test
    void aStoreThatFails_givesEachMethodsMessage_withTheStoresExceptionAsCause() {
        StoreException failure = FailingStores.unreachable();
        BetaStore store = new BetaStoreErrors(FailingStores.beta(failure));

        EXPECTED.forEach(
                (method, expected) -> assertThatThrownBy(() -> expected.call().accept(store))
                        .as(method)
                        .isInstanceOf(DatabaseErrorException.class)
                        .hasMessage(expected.failed())
                        .hasCause(failure));
    }

    @Test
    void aStoreThatAnswersUnreadably_givesEachMethodsMessage() {
        BetaStore store = new BetaStoreErrors(FailingStores.beta(StoreException.unreadable("added_at is NULL", null)));

        EXPECTED.forEach(
                (method, expected) -> assertThatThrownBy(() -> expected.call().accept(store))
                        .as(method)
                        .isInstanceOf(DatabaseErrorException.class)
                        .hasMessage(expected.unreadable()));
    }
}
