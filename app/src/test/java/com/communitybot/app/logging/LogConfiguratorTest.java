package com.communitybot.app.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator.ExecutionStatus;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.CoreConstants;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LogConfiguratorTest {

    private final LoggerContext context = new LoggerContext();

    {
        context.setMDCAdapter(new LogbackMDCAdapter());
    }

    @AfterEach
    void stop() {
        Object hook = context.getObject(CoreConstants.SHUTDOWN_HOOK_THREAD);
        if (hook instanceof Thread thread) {
            Runtime.getRuntime().removeShutdownHook(thread);
        }
        context.stop();
    }

    @Test
    void plainByDefault_oneStdoutAppender_withThePattern_andTheAccessLogBuffered() {
        assertThat(configure(Map.of(), Set.of())).isEqualTo(ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY);

        StdoutAppender appender = onlyAppender();
        assertThat(appender.getName()).isEqualTo("plain");
        assertThat(appender.isStarted()).isTrue();
        assertThat(appender.getEncoder())
                .isInstanceOfSatisfying(PatternLayoutEncoder.class, encoder -> assertThat(encoder.getPattern())
                        .isEqualTo("%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level %logger{30} - %msg%n"));
        assertThat(root().getLevel()).isEqualTo(Level.INFO);
        assertThat(context.getObject(CoreConstants.SHUTDOWN_HOOK_THREAD)).isInstanceOf(Thread.class);
    }

    @Test
    void logFormatJson_writesJsonLines() {
        configure(Map.of("LOG_FORMAT", "json"), Set.of());

        StdoutAppender appender = onlyAppender();
        assertThat(appender.getName()).isEqualTo("json");
        assertThat(appender.getEncoder()).isInstanceOf(JsonEncoder.class);
    }

    @Test
    void theLibrariesStartUpChatter_staysOut() {
        configure(Map.of(), Set.of());

        for (String library : List.of("io.micronaut", "com.zaxxer.hikari", "org.flywaydb", "net.dv8tion.jda")) {
            assertThat(context.getLogger(library).getLevel()).as(library).isEqualTo(Level.WARN);
        }
        assertThat(context.getLogger("io.micronaut.http.server").isInfoEnabled())
                .isFalse();
        assertThat(context.getLogger("community-bot-api").isInfoEnabled()).isTrue();
        assertThat(context.getLogger("access").isInfoEnabled()).isTrue();
    }

    @Test
    void anOperatorsOwnConfiguration_wins() {
        assertThat(configure(Map.of("logback.configurationFile", "/etc/mine.xml"), Set.of()))
                .isEqualTo(ExecutionStatus.INVOKE_NEXT_IF_ANY);
        assertThat(configure(Map.of(), Set.of("logback.xml"))).isEqualTo(ExecutionStatus.INVOKE_NEXT_IF_ANY);
        assertThat(configure(Map.of(), Set.of("logback-test.xml"))).isEqualTo(ExecutionStatus.INVOKE_NEXT_IF_ANY);
        assertThat(appenders()).isEmpty();
    }

    private ExecutionStatus configure(Map<String, String> settings, Set<String> onClassPath) {
        LogConfigurator configurator = new LogConfigurator(settings::get, onClassPath::contains);
        configurator.setContext(context);
        return configurator.configure(context);
    }

    private StdoutAppender onlyAppender() {
        assertThat(appenders()).hasSize(1).first().isInstanceOf(StdoutAppender.class);
        return (StdoutAppender) appenders().get(0);
    }

    private List<Appender<ILoggingEvent>> appenders() {
        List<Appender<ILoggingEvent>> all = new ArrayList<>();
        root().iteratorForAppenders().forEachRemaining(all::add);
        return all;
    }

    private Logger root() {
        return context.getLogger(Logger.ROOT_LOGGER_NAME);
    }
}
