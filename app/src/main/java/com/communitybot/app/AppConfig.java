package com.communitybot.app;

import com.communitybot.core.usecase.XpLogRetention;
import io.micronaut.core.convert.ConversionService;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The service's configuration (contract 1), each value from its environment variable or, failing that,
 * from a system property of the same name.
 *
 * @param apiKey          {@code BOT_API_KEY}
 * @param port            {@code PORT}
 * @param databaseUrl     {@code DATABASE_URL}, empty for the embedded default
 * @param databaseUser    {@code DATABASE_USER}
 * @param databasePassword {@code DATABASE_PASSWORD}
 * @param discordToken    {@code DISCORD_TOKEN}
 * @param discordApiUrl   {@code DISCORD_API_URL}
 * @param guildSnapshot   {@code GUILD_SNAPSHOT}
 * @param maxRequestSize  {@code MAX_REQUEST_SIZE}, the largest request body, such as {@code 10MB}
 * @param writeTimeout    {@code WRITE_TIMEOUT}, how long a client may read nothing of a response before its
 *                        connection is closed, such as {@code 60s}
 * @param readTimeout     {@code READ_TIMEOUT}, how long a client may take to send one request, from its first
 *                        byte to the end of its body, before its connection is closed, such as {@code 30s}
 * @param idleTimeout     {@code IDLE_TIMEOUT}, how long a connection may carry nothing either way before it is
 *                        closed, such as {@code 60s}
 * @param maxHeaderSize   {@code MAX_HEADER_SIZE}, the largest request headers, such as {@code 8KB}
 * @param managementPort  {@code MANAGEMENT_PORT}, the port of health, metrics and the API document; 0 when
 *                        it is off ({@code off} or {@code 0})
 * @param logFormat       {@code LOG_FORMAT}, {@code plain} or {@code json} (read by the jar's {@code logback.xml})
 * @param h2CompactInterval {@code H2_COMPACT_INTERVAL}, how often {@code serve} compacts an H2 file store online,
 *                        such as {@code 1s}; empty when it is off ({@code off})
 * @param accessLog       {@code ACCESS_LOG}, whether each request gets an access log line ({@code on}) or not
 *                        ({@code off}, the default); request ids are given either way
 * @param xpLogRetention  {@code XP_LOG_RETENTION}, how long the XP log keeps its events, such as {@code 90d} or
 *                        {@code 12h}, or {@code off} to keep them all (ledger L2)
 * @param maxStreams      {@code MAX_STREAMS}, the most live XP log streams open at once (ledger L4)
 */
public record AppConfig(
        Optional<String> apiKey,
        int port,
        Optional<String> databaseUrl,
        Optional<String> databaseUser,
        Optional<String> databasePassword,
        Optional<String> discordToken,
        Optional<String> discordApiUrl,
        Optional<String> guildSnapshot,
        String maxRequestSize,
        String writeTimeout,
        String readTimeout,
        String idleTimeout,
        String maxHeaderSize,
        int managementPort,
        String logFormat,
        Optional<String> h2CompactInterval,
        boolean accessLog,
        String xpLogRetention,
        int maxStreams) {

    public static final int DEFAULT_PORT = 8080;
    public static final String DEFAULT_MAX_REQUEST_SIZE = "10MB";
    public static final String DEFAULT_WRITE_TIMEOUT = "60s";
    public static final String DEFAULT_READ_TIMEOUT = "30s";
    public static final String DEFAULT_IDLE_TIMEOUT = "60s";
    public static final String DEFAULT_MAX_HEADER_SIZE = "8KB";
    public static final int DEFAULT_MANAGEMENT_PORT = 8081;
    /** {@link #managementPort()} when the management port is off. */
    public static final int MANAGEMENT_OFF = 0;

    public static final String DEFAULT_LOG_FORMAT = "plain";

    public static final String DEFAULT_H2_COMPACT_INTERVAL = "1s";

    public static final int DEFAULT_MAX_STREAMS = 1000;

    /** A positive whole number of milliseconds, seconds, minutes or hours, as Micronaut reads durations. */
    private static final String DURATION = "[1-9][0-9]{0,8}(ms|s|m|h)";

    /** A setting that cannot be used; the message is the one line the operator is shown. */
    public static final class InvalidConfigException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InvalidConfigException(String message) {
            super(message);
        }
    }

    /** Reads the process's environment and system properties. */
    public static AppConfig fromEnvironment() {
        return from(name -> {
            String value = System.getenv(name);
            return value != null ? value : System.getProperty(name);
        });
    }

    /** Reads each variable through {@code lookup}; an empty value counts as unset. */
    public static AppConfig from(Function<String, String> lookup) {
        Function<String, Optional<String>> get =
                name -> Optional.ofNullable(lookup.apply(name)).filter(v -> !v.isEmpty());
        int port = get.apply("PORT").map(AppConfig::port).orElse(DEFAULT_PORT);
        int managementPort =
                get.apply("MANAGEMENT_PORT").map(AppConfig::managementPort).orElse(DEFAULT_MANAGEMENT_PORT);
        if (managementPort != MANAGEMENT_OFF && managementPort == port) {
            throw new InvalidConfigException("MANAGEMENT_PORT must differ from PORT (both are " + port
                    + "): what answers without the API key never shares the API's port");
        }
        return new AppConfig(
                get.apply("BOT_API_KEY"),
                port,
                get.apply("DATABASE_URL"),
                get.apply("DATABASE_USER"),
                get.apply("DATABASE_PASSWORD"),
                get.apply("DISCORD_TOKEN"),
                get.apply("DISCORD_API_URL"),
                get.apply("GUILD_SNAPSHOT"),
                get.apply("MAX_REQUEST_SIZE").orElse(DEFAULT_MAX_REQUEST_SIZE),
                get.apply("WRITE_TIMEOUT")
                        .map(v -> duration("WRITE_TIMEOUT", v))
                        .orElse(DEFAULT_WRITE_TIMEOUT),
                get.apply("READ_TIMEOUT").map(v -> duration("READ_TIMEOUT", v)).orElse(DEFAULT_READ_TIMEOUT),
                get.apply("IDLE_TIMEOUT").map(v -> duration("IDLE_TIMEOUT", v)).orElse(DEFAULT_IDLE_TIMEOUT),
                get.apply("MAX_HEADER_SIZE").map(AppConfig::headerSize).orElse(DEFAULT_MAX_HEADER_SIZE),
                managementPort,
                get.apply("LOG_FORMAT").map(AppConfig::logFormat).orElse(DEFAULT_LOG_FORMAT),
                h2CompactInterval(get.apply("H2_COMPACT_INTERVAL").orElse(DEFAULT_H2_COMPACT_INTERVAL)),
                get.apply("ACCESS_LOG").map(AppConfig::accessLog).orElse(false),
                get.apply("XP_LOG_RETENTION").map(AppConfig::xpLogRetention).orElse(XpLogRetention.DEFAULT),
                get.apply("MAX_STREAMS").map(AppConfig::maxStreams).orElse(DEFAULT_MAX_STREAMS));
    }

    private static int maxStreams(String text) {
        if (text.matches("[1-9][0-9]{0,6}")) {
            return Integer.parseInt(text);
        }
        throw new InvalidConfigException("MAX_STREAMS must be a whole number from 1 to 9999999, not \"" + text + "\"");
    }

    private static String xpLogRetention(String text) {
        try {
            XpLogRetention.parse(text);
            return text;
        } catch (IllegalArgumentException e) {
            throw new InvalidConfigException(e.getMessage());
        }
    }

    private static boolean accessLog(String text) {
        if (text.equals("on") || text.equals("off")) {
            return text.equals("on");
        }
        throw new InvalidConfigException("ACCESS_LOG must be on or off, not \"" + text + "\"");
    }

    private static Optional<String> h2CompactInterval(String text) {
        if (text.equals("off")) {
            return Optional.empty();
        }
        if (text.matches(DURATION)) {
            return Optional.of(text);
        }
        throw new InvalidConfigException(
                "H2_COMPACT_INTERVAL must be a positive duration such as 60s, 5m or 1h, or off, not \"" + text + "\"");
    }

    /**
     * {@code LOG_FORMAT} checked alone, before anything logs: the log's configuration reads it when the first
     * logger is made, and would otherwise start without an appender.
     *
     * @throws InvalidConfigException when it is neither plain nor json
     */
    public static void checkLogFormat(Function<String, String> lookup) {
        Optional.ofNullable(lookup.apply("LOG_FORMAT"))
                .filter(v -> !v.isEmpty())
                .ifPresent(AppConfig::logFormat);
    }

    private static String logFormat(String text) {
        if (text.equals("plain") || text.equals("json")) {
            return text;
        }
        throw new InvalidConfigException("LOG_FORMAT must be plain or json, not \"" + text + "\"");
    }

    private static int port(String text) {
        try {
            int port = Integer.parseInt(text);
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidConfigException("PORT must be a TCP port from 0 to 65535, not \"" + text + "\"");
    }

    private static int managementPort(String text) {
        if (text.equals("off")) {
            return MANAGEMENT_OFF;
        }
        try {
            int port = Integer.parseInt(text);
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidConfigException(
                "MANAGEMENT_PORT must be a TCP port from 1 to 65535, or off (or 0) to turn it off, not \"" + text
                        + "\"");
    }

    private static String duration(String name, String text) {
        if (text.matches(DURATION)) {
            return text;
        }
        throw new InvalidConfigException(
                name + " must be a positive duration such as 500ms, 60s, 5m or 1h, not \"" + text + "\"");
    }

    /** Netty keeps the headers in one buffer of an int's size, so 1 KB to 1 MB is the sane range. */
    private static String headerSize(String text) {
        java.util.regex.Matcher size =
                java.util.regex.Pattern.compile("([1-9][0-9]{0,6})(KB|MB)").matcher(text);
        if (size.matches()) {
            long bytes = Long.parseLong(size.group(1)) * (size.group(2).equals("KB") ? 1024 : 1024 * 1024);
            if (bytes <= 1024 * 1024) {
                return text;
            }
        }
        throw new InvalidConfigException(
                "MAX_HEADER_SIZE must be a size from 1KB to 1MB such as 8KB or 64KB, not \"" + text + "\"");
    }

    /** The Micronaut properties of the store, for every command. */
    public Map<String, Object> storeProperties() {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put(
                "datasources.default.url", databaseUrl.orElse(com.communitybot.persistence.StoreUrls.DEFAULT_URL));
        databaseUser.ifPresent(user -> properties.put("datasources.default.username", user));
        databasePassword.ifPresent(password -> properties.put("datasources.default.password", password));
        return properties;
    }

    /**
     * How long a query that aggregates a window of the XP log may run (docs/api.md): 5 s less than {@code
     * IDLE_TIMEOUT}, at most 60 s and at least 1 s. Micronaut's idle timeout also counts while a request is being
     * answered, so a window stopped at the idle timeout or later would reach its client as a closed connection
     * instead of the store's 500.
     */
    public Duration windowTimeLimit() {
        // Read as Micronaut reads micronaut.server.idle-timeout.
        Duration idle = ConversionService.SHARED.convertRequired(idleTimeout, Duration.class);
        return Duration.ofSeconds(Math.max(1, Math.min(60, idle.minusSeconds(5).toSeconds())));
    }

    /** The Micronaut properties of the HTTP service. */
    public Map<String, Object> serverProperties(String apiKey) {
        Map<String, Object> properties = new LinkedHashMap<>(storeProperties());
        properties.put("bot.api-key", apiKey);
        properties.put("micronaut.server.port", port);
        properties.put("micronaut.server.max-request-size", maxRequestSize);
        properties.put("bot.write-timeout", writeTimeout);
        properties.put("bot.read-timeout", readTimeout);
        properties.put("micronaut.server.idle-timeout", idleTimeout);
        properties.put("bot.window-time-limit", windowTimeLimit().toSeconds() + "s");
        properties.put("micronaut.server.netty.max-header-size", maxHeaderSize);
        // Only serve compacts: import and export run alone on the store and end by closing it.
        h2CompactInterval.ifPresent(interval -> properties.put("bot.h2-compact-interval", interval));
        properties.put("bot.access-log", accessLog);
        properties.put(UseCaseFactory.XP_LOG_RETENTION, xpLogRetention);
        properties.put(XpLogStreaming.MAX_STREAMS, maxStreams);
        properties.putAll(managementProperties());
        return properties;
    }

    /**
     * Micronaut's management endpoints (health, Prometheus) on their own port, so they answer without the
     * API key there and never on the API's port; with the management port off, none of them exists. Their
     * fixed settings are in the jar's {@code application.properties}.
     */
    private Map<String, Object> managementProperties() {
        Map<String, Object> properties = new LinkedHashMap<>();
        if (managementPort == MANAGEMENT_OFF) {
            properties.put("endpoints.health.enabled", false);
            properties.put("endpoints.prometheus.enabled", false);
            properties.put("micronaut.metrics.enabled", false);
        } else {
            properties.put("endpoints.all.port", managementPort);
        }
        return properties;
    }

    /** The store's URL without credentials, for the log. */
    public String storeForLog() {
        String url = databaseUrl.orElse(com.communitybot.persistence.StoreUrls.DEFAULT_URL);
        return url.replaceAll("(?i)(password|user)=[^&;]*[&;]?", "")
                .replaceAll("//[^/@]*@", "//")
                .replaceAll("[?&;]$", "");
    }
}
