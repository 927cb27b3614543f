package com.communitybot.app.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.ContextInitializer;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.hook.DefaultShutdownHook;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.NopStatusListener;
import ch.qos.logback.core.util.ContextUtil;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The service's log, set up in code when Logback starts (a {@link Configurator} found through {@code
 * META-INF/services}), so no XML is parsed and Joran's few hundred classes are never loaded: that was about 50 ms
 * of each start. What it sets up:
 *
 * <ul>
 *   <li>{@code LOG_FORMAT} (a system property, else the environment variable) picks the line format: {@code plain}
 *       (the default) for people, {@code json} for log collectors, one object per line with timestamp (epoch ms),
 *       level, loggerName, formattedMessage, throwable and the request's id in {@code mdc.request_id}. AppConfig
 *       refuses any other value before anything logs.
 *   <li>Both write to standard output through a {@link StdoutAppender}: every line at once, except the access log's,
 *       written within {@value #FLUSH_MILLIS} ms.
 *   <li>The libraries' own start-up chatter stays out of the log (Micronaut, Hikari, Flyway and JDA at {@code WARN});
 *       the root is at {@code INFO}.
 *   <li>Logback's own status notes stay out of the log; on exit (SIGTERM, the end of a command, {@code
 *       System.exit}) the lines still buffered are written out.
 * </ul>
 *
 * <p>An operator's own configuration still wins: with {@code -Dlogback.configurationFile=FILE}, or a {@code
 * logback.xml} or {@code logback-test.xml} on the class path, this steps aside and Logback reads that file.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public final class LogConfigurator extends ContextAwareBase implements Configurator {

    static final String PLAIN_PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level %logger{30} - %msg%n";
    static final String ACCESS_LOGGER = "access";
    static final long FLUSH_MILLIS = 100;
    private static final String[] QUIET_LIBRARIES = {
        "io.micronaut", "com.zaxxer.hikari", "org.flywaydb", "net.dv8tion.jda"
    };

    private final Function<String, String> settings;
    private final Predicate<String> onClassPath;

    public LogConfigurator() {
        this(
                name -> System.getProperty(name, System.getenv(name)),
                name -> LogConfigurator.class.getClassLoader().getResource(name) != null);
    }

    /**
     * A configurator that reads {@code LOG_FORMAT} and {@code logback.configurationFile} from {@code settings}, and
     * asks {@code onClassPath} whether a resource is on the class path.
     */
    LogConfigurator(Function<String, String> settings, Predicate<String> onClassPath) {
        this.settings = settings;
        this.onClassPath = onClassPath;
    }

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (settings.apply(ContextInitializer.CONFIG_FILE_PROPERTY) != null
                || onClassPath.test(ContextInitializer.TEST_AUTOCONFIG_FILE)
                || onClassPath.test(ContextInitializer.AUTOCONFIG_FILE)) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        context.getStatusManager().add(new NopStatusListener());
        DefaultShutdownHook hook = new DefaultShutdownHook();
        hook.setContext(context);
        new ContextUtil(context).addOrReplaceShutdownHook(hook);

        StdoutAppender appender = new StdoutAppender();
        appender.setContext(context);
        appender.setName(json() ? "json" : "plain");
        appender.setBufferedLogger(ACCESS_LOGGER);
        appender.setFlushMillis(FLUSH_MILLIS);
        appender.setEncoder(json() ? jsonEncoder(context) : plainEncoder(context));
        appender.start();

        for (String library : QUIET_LIBRARIES) {
            context.getLogger(library).setLevel(Level.WARN);
        }
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(appender);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    private boolean json() {
        return "json".equals(settings.apply("LOG_FORMAT"));
    }

    private static Encoder<ILoggingEvent> plainEncoder(LoggerContext context) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PLAIN_PATTERN);
        encoder.start();
        return encoder;
    }

    private static Encoder<ILoggingEvent> jsonEncoder(LoggerContext context) {
        JsonEncoder encoder = new JsonEncoder();
        encoder.setContext(context);
        encoder.setWithSequenceNumber(false);
        encoder.setWithNanoseconds(false);
        encoder.setWithContext(false);
        encoder.setWithThreadName(false);
        encoder.setWithMessage(false);
        encoder.setWithArguments(false);
        encoder.setWithFormattedMessage(true);
        encoder.setWithKVPList(false);
        encoder.setWithMarkers(false);
        encoder.start();
        return encoder;
    }
}
