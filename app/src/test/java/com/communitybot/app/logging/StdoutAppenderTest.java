package com.communitybot.app.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StdoutAppenderTest {

    private final LoggerContext context = new LoggerContext();

    {
        context.setMDCAdapter(new LogbackMDCAdapter());
    }

    private final Sink sink = new Sink();
    private StdoutAppender appender;

    @AfterEach
    void stop() {
        if (appender != null) {
            appender.stop();
        }
        context.stop();
    }

    @Test
    void aLineOfAnyOtherLogger_isWrittenAtOnce() {
        start(60_000);

        logger("community-bot-api").info("listening on port 8080");
        logger("access").warn("a warning of the access logger itself is buffered too");

        assertThat(sink.text()).isEqualTo("INFO community-bot-api listening on port 8080\n");
    }

    @Test
    void accessLines_waitInTheBuffer_andGoOutBeforeTheNextOtherLine_inTheirOrder() {
        start(60_000);

        logger("access").info("GET /api/{guild_id}/roles 200");
        logger("access").info("POST /api/is_bot_there 200");
        assertThat(sink.text()).isEmpty();

        logger("com.communitybot").error("the store stopped answering");

        assertThat(sink.text())
                .isEqualTo("INFO access GET /api/{guild_id}/roles 200\n"
                        + "INFO access POST /api/is_bot_there 200\n"
                        + "ERROR com.communitybot the store stopped answering\n");
    }

    @Test
    void accessLines_areWrittenByTheFlusher_whenNothingElseComes() {
        start(20);

        logger("access").info("GET /api/{guild_id}/roles 200");

        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (sink.text().isEmpty() && Instant.now().isBefore(deadline)) {
            Thread.onSpinWait();
        }
        assertThat(sink.text()).isEqualTo("INFO access GET /api/{guild_id}/roles 200\n");
    }

    @Test
    void stopping_writesWhatIsBuffered_andLeavesTheStreamOpen() {
        start(60_000);
        logger("access").info("GET /api/{guild_id}/roles 200");

        appender.stop();

        assertThat(sink.text()).isEqualTo("INFO access GET /api/{guild_id}/roles 200\n");
        assertThat(sink.closed).isFalse();
    }

    @Test
    void aLineBiggerThanTheBuffer_isWrittenWhole() {
        start(60_000);
        String big = "x".repeat(200_000);

        logger("access").info(big);
        logger("other").info("after");

        assertThat(sink.text()).isEqualTo("INFO access " + big + "\nINFO other after\n");
    }

    @Test
    void aFlushIntervalBelowOneMillisecond_isRefused() {
        appender = new StdoutAppender(sink);
        appender.setContext(context);
        appender.setEncoder(encoder());
        appender.setFlushMillis(0);

        appender.start();

        assertThat(appender.isStarted()).isFalse();
    }

    private void start(long flushMillis) {
        appender = new StdoutAppender(sink);
        appender.setContext(context);
        appender.setEncoder(encoder());
        appender.setBufferedLogger("access");
        appender.setFlushMillis(flushMillis);
        appender.start();
        assertThat(appender.isStarted()).isTrue();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(appender);
    }

    private PatternLayoutEncoder encoder() {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%level %logger %msg%n");
        encoder.start();
        return encoder;
    }

    private Logger logger(String name) {
        return context.getLogger(name);
    }

    /** Standard output as a test sees it: what was written through to it, and whether it was closed. */
    private static final class Sink extends ByteArrayOutputStream {
        volatile boolean closed;

        synchronized String text() {
            return toString(StandardCharsets.UTF_8);
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
