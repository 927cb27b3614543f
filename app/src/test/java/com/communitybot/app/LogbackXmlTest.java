package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusUtil;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The jar's {@code logback.xml}: the two {@code LOG_FORMAT}s, no line dropped, the libraries' chatter left out. */
class LogbackXmlTest {

    private final LoggerContext context = new LoggerContext();

    {
        context.setMDCAdapter(new LogbackMDCAdapter());
    }

    @AfterEach
    void stop() {
        if (context.getObject(CoreConstants.SHUTDOWN_HOOK_THREAD) instanceof Thread hook) {
            Runtime.getRuntime().removeShutdownHook(hook);
        }
        context.stop();
    }

    @Test
    void plainByDefault_throughAnAsyncAppenderThatDropsNothing_withThePattern() throws JoranException {
        configure(null);

        ConsoleAppender<ILoggingEvent> console = console("plain");
        assertThat(console.getEncoder())
                .isInstanceOfSatisfying(PatternLayoutEncoder.class, encoder -> assertThat(encoder.getPattern())
                        .isEqualTo("%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level %logger{30} - %msg%n"));
        assertThat(root().getLevel()).isEqualTo(Level.INFO);
        assertThat(context.getObject(CoreConstants.SHUTDOWN_HOOK_THREAD))
                .as("the queued lines are written at exit")
                .isInstanceOf(Thread.class);
        assertThat(new StatusUtil(context).getHighestLevel(0)).isLessThan(Status.ERROR);
    }

    @Test
    void logFormatJson_writesOneJsonObjectPerLine_withTheRequestId() throws Exception {
        configure("json");

        LoggingEvent event = new LoggingEvent(
                Logger.class.getName(), context.getLogger("access"), Level.INFO, "GET {} 200", null, new Object[] {
                    "/api/{guild_id}/roles"
                });
        event.setMDCPropertyMap(Map.of("request_id", "trace-0001"));
        String line = new String(console("json").getEncoder().encode(event), StandardCharsets.UTF_8);

        assertThat(line).endsWith("\n").containsOnlyOnce("\n");
        JsonNode json = new ObjectMapper().readTree(line);
        assertThat(json.get("timestamp").asLong()).isPositive();
        assertThat(json.get("level").asText()).isEqualTo("INFO");
        assertThat(json.get("loggerName").asText()).isEqualTo("access");
        assertThat(json.get("formattedMessage").asText()).isEqualTo("GET /api/{guild_id}/roles 200");
        assertThat(json.at("/mdc/request_id").asText()).isEqualTo("trace-0001");
        assertThat(json.has("message")).isFalse();
        assertThat(json.has("arguments")).isFalse();
    }

    @Test
    void theLibrariesStartUpChatter_staysOut() throws JoranException {
        configure(null);

        for (String library : List.of("io.micronaut", "com.zaxxer.hikari", "org.flywaydb", "net.dv8tion.jda")) {
            assertThat(context.getLogger(library).getLevel()).as(library).isEqualTo(Level.WARN);
        }
        assertThat(context.getLogger("io.micronaut.http.server").isInfoEnabled())
                .isFalse();
        assertThat(context.getLogger("community-bot-api").isInfoEnabled()).isTrue();
        assertThat(context.getLogger("access").isInfoEnabled()).isTrue();
    }

    /** Reads the jar's file as Logback reads it at start, with {@code LOG_FORMAT} set when not null. */
    private void configure(String logFormat) throws JoranException {
        if (logFormat != null) {
            context.putProperty("LOG_FORMAT", logFormat);
        }
        URL file = getClass().getClassLoader().getResource("logback.xml");
        assertThat(file).isNotNull();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(file);
    }

    /** The root's one appender, named {@code name}: an {@link AsyncAppender} over a console appender. */
    private ConsoleAppender<ILoggingEvent> console(String name) {
        List<Appender<ILoggingEvent>> appenders = new ArrayList<>();
        root().iteratorForAppenders().forEachRemaining(appenders::add);
        assertThat(appenders).singleElement().extracting(Appender::getName).isEqualTo(name);
        AsyncAppender async = (AsyncAppender) appenders.get(0);
        assertThat(async.isStarted()).isTrue();
        assertThat(async.getDiscardingThreshold()).as("no level is dropped").isZero();
        assertThat(async.isNeverBlock()).isFalse();
        List<Appender<ILoggingEvent>> inner = new ArrayList<>();
        async.iteratorForAppenders().forEachRemaining(inner::add);
        assertThat(inner).singleElement().isInstanceOf(ConsoleAppender.class);
        assertThat(inner.get(0).isStarted()).isTrue();
        return (ConsoleAppender<ILoggingEvent>) inner.get(0);
    }

    private Logger root() {
        return context.getLogger(Logger.ROOT_LOGGER_NAME);
    }
}
