package com.communitybot.discord.fake;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.LoggerFactory;

/**
 * Records what JDA (or anything else) logs as a problem: every ERROR, and the WARNs JDA uses for payloads it
 * could not read ("unexpected ... parse error"). A test that waits for JDA checks this on every poll, so a payload
 * JDA rejects fails the test at once instead of after JDA's own 75 s guild timeout.
 */
public final class LoggedProblems extends AppenderBase<ILoggingEvent> {

    private static final LoggedProblems INSTANCE = new LoggedProblems();

    private final List<String> problems = new CopyOnWriteArrayList<>();
    private final List<String> warnings = new CopyOnWriteArrayList<>();

    private LoggedProblems() {}

    /** The recorder, attached to the root logger on first use. Needs logback-classic as the SLF4J backend. */
    public static synchronized LoggedProblems recorder() {
        if (!INSTANCE.isStarted()) {
            Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
            INSTANCE.setContext(root.getLoggerContext());
            INSTANCE.setName("logged-problems");
            INSTANCE.start();
            root.addAppender(INSTANCE);
        }
        return INSTANCE;
    }

    @Override
    protected void append(ILoggingEvent event) {
        String message = event.getFormattedMessage();
        if (event.getLevel().isGreaterOrEqual(Level.WARN)) {
            warnings.add(event.getLevel() + " " + event.getLoggerName() + ": " + message
                    + (event.getThrowableProxy() == null ? "" : " WITH STACK TRACE"));
        }
        boolean problem = event.getLevel().isGreaterOrEqual(Level.ERROR)
                || event.getLevel() == Level.WARN
                        && message != null
                        && message.toLowerCase(Locale.ROOT).contains("unexpected");
        if (problem) {
            String cause = event.getThrowableProxy() == null
                    ? ""
                    : " [" + event.getThrowableProxy().getClassName() + ": "
                            + event.getThrowableProxy().getMessage() + "]";
            problems.add(event.getLevel() + " " + event.getLoggerName() + ": " + message + cause);
        }
    }

    /** The problems logged since the last {@link #clear()}. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /**
     * Every WARN and ERROR line since the last {@link #clear()}, as {@code "LEVEL logger: message"}, with
     * {@code " WITH STACK TRACE"} at the end of a line that carried one.
     */
    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    public void clear() {
        problems.clear();
        warnings.clear();
    }

    /** Throws an AssertionError naming the problems, if any were logged. */
    public void assertNone() {
        List<String> now = problems();
        if (!now.isEmpty()) {
            throw new AssertionError("problems were logged:\n  " + String.join("\n  ", now));
        }
    }
}
