package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.testing.FailingStores;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * What a port's translator must do: every method of port {@code P} gives its spec-7 message when the store
 * fails (with the store's exception as cause) and when it answers unreadably. Each port's test lists its
 * methods' messages.
 */
abstract class PortErrorsContract<P> {

    /** A call of the port, and its message when the store fails; when it answers unreadably. */
    record Expected<P>(Consumer<P> call, String failed, String unreadable) {}

    /** The port's interface. */
    abstract Class<P> port();

    /** Every method of the port, by name, with what it must give. */
    abstract Map<String, Expected<P>> expected();

    /** The port's translator over a store that throws {@code failure} from every method. */
    abstract P translatorOverStoreThrowing(StoreException failure);

    @Test
    void everyMethodOfThePort_isListed() {
        assertThat(expected().keySet())
                .containsExactlyInAnyOrderElementsOf(
                        Arrays.stream(port().getMethods()).map(Method::getName).toList());
    }

    @Test
    void aStoreThatFails_givesEachMethodsMessage_withTheStoresExceptionAsCause() {
        StoreException failure = FailingStores.unreachable();
        P store = translatorOverStoreThrowing(failure);

        expected().forEach((method, expected) -> assertThatThrownBy(
                        () -> expected.call().accept(store))
                .as(method)
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage(expected.failed())
                .hasCause(failure));
    }

    @Test
    void aStoreThatAnswersUnreadably_givesEachMethodsMessage() {
        P store = translatorOverStoreThrowing(StoreException.unreadable("a stored value cannot be read", null));

        expected().forEach((method, expected) -> assertThatThrownBy(
                        () -> expected.call().accept(store))
                .as(method)
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage(expected.unreadable()));
    }
}
