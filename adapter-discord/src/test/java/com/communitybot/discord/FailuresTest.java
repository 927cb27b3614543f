package com.communitybot.discord;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import org.junit.jupiter.api.Test;

class FailuresTest {

    @Test
    void causesWithoutMessagesAreNamedByTheirTypes() {
        // As the JDK's HTTP client reports a refused connection.
        ConnectException inner = new ConnectException();
        inner.initCause(new ClosedChannelException());
        ConnectException refused = new ConnectException();
        refused.initCause(inner);

        assertThat(Failures.oneLine(refused)).isEqualTo("ConnectException / ClosedChannelException");
    }

    @Test
    void aWrapperThatOnlyRepeatsItsCauseIsLeftOut() {
        IllegalStateException wrapper = new IllegalStateException(new IOException("503 Service Unavailable"));

        assertThat(Failures.oneLine(wrapper)).isEqualTo("IOException: 503 Service Unavailable");
    }

    @Test
    void aMessageOfSeveralLinesKeepsItsFirstLine() {
        assertThat(Failures.oneLine(new IllegalStateException("Failed! Code: 502\n<html>...</html>")))
                .isEqualTo("IllegalStateException: Failed! Code: 502");
    }
}
