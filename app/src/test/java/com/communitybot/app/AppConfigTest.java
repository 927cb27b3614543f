package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AppConfigTest {

    private static AppConfig config(Map<String, String> env) {
        return AppConfig.from(env::get);
    }

    @Test
    void defaults() {
        AppConfig config = config(Map.of());

        assertThat(config.apiKey()).isEmpty();
        assertThat(config.port()).isEqualTo(8080);
        assertThat(config.maxRequestSize()).isEqualTo("10MB");
        assertThat(config.writeTimeout()).isEqualTo("60s");
        assertThat(config.managementPort()).isEqualTo(8081);
        assertThat(config.serverProperties("k")).containsEntry("endpoints.all.port", 8081);
        assertThat(config.serverProperties("k"))
                .containsEntry("bot.write-timeout", "60s")
                .containsEntry("bot.read-timeout", "30s")
                .containsEntry("micronaut.server.idle-timeout", "60s")
                .containsEntry("micronaut.server.netty.max-header-size", "8KB");
        assertThat(config.storeProperties())
                .containsEntry(
                        "datasources.default.url",
                        "jdbc:h2:file:./data/community-bot;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;"
                                + "LAZY_QUERY_EXECUTION=FALSE;DB_CLOSE_ON_EXIT=FALSE;QUERY_CACHE_SIZE=0;TRACE_LEVEL_FILE=0;MAX_COMPACT_TIME=0;"
                                + "WRITE_DELAY=0")
                .doesNotContainKeys("datasources.default.username", "datasources.default.password");
    }

    @Test
    void emptyValuesCountAsUnset() {
        AppConfig config = config(Map.of("BOT_API_KEY", "", "PORT", "", "DATABASE_URL", ""));

        assertThat(config.apiKey()).isEmpty();
        assertThat(config.port()).isEqualTo(8080);
        assertThat(config.databaseUrl()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "-1", "65536", "80.5"})
    void aPortThatIsNoPort_isRefusedInOneLine(String port) {
        assertThatThrownBy(() -> config(Map.of("PORT", port)))
                .isInstanceOf(AppConfig.InvalidConfigException.class)
                .hasMessage("PORT must be a TCP port from 0 to 65535, not \"" + port + "\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"500ms", "30s", "5m", "1h"})
    void aWriteTimeout_isPassedToTheServer(String timeout) {
        assertThat(config(Map.of("WRITE_TIMEOUT", timeout)).serverProperties("k"))
                .containsEntry("bot.write-timeout", timeout);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0s", "-5s", "60", "1 m", "1d", "s"})
    void aWriteTimeoutThatIsNoDuration_isRefusedInOneLine(String timeout) {
        assertThatThrownBy(() -> config(Map.of("WRITE_TIMEOUT", timeout)))
                .isInstanceOf(AppConfig.InvalidConfigException.class)
                .hasMessage("WRITE_TIMEOUT must be a positive duration such as 500ms, 60s, 5m or 1h, not \"" + timeout
                        + "\"");
    }

    @ParameterizedTest
    @CsvSource({
        "READ_TIMEOUT, bot.read-timeout, 500ms",
        "READ_TIMEOUT, bot.read-timeout, 2m",
        "IDLE_TIMEOUT, micronaut.server.idle-timeout, 90s",
        "IDLE_TIMEOUT, micronaut.server.idle-timeout, 1h"
    })
    void theReadAndIdleTimeouts_arePassedToTheServer(String variable, String property, String timeout) {
        assertThat(config(Map.of(variable, timeout)).serverProperties("k")).containsEntry(property, timeout);
    }

    @ParameterizedTest
    @CsvSource({"'', 55s", "60s, 55s", "90s, 60s", "1h, 60s", "30s, 25s", "1m, 55s", "6s, 1s", "3s, 1s", "500ms, 1s"})
    void aWindowIsStoppedBeforeTheIdleTimeoutWouldCloseItsConnection(String idle, String limit) {
        assertThat(config(Map.of("IDLE_TIMEOUT", idle)).serverProperties("k"))
                .containsEntry("bot.window-time-limit", limit);
    }

    @ParameterizedTest
    @CsvSource({"READ_TIMEOUT, 0s", "READ_TIMEOUT, 30", "IDLE_TIMEOUT, -1s", "IDLE_TIMEOUT, 1d"})
    void aReadOrIdleTimeoutThatIsNoDuration_isRefusedInOneLineNamingIt(String variable, String timeout) {
        assertThatThrownBy(() -> config(Map.of(variable, timeout)))
                .isInstanceOf(AppConfig.InvalidConfigException.class)
                .hasMessage(variable + " must be a positive duration such as 500ms, 60s, 5m or 1h, not \"" + timeout
                        + "\"");
    }

    @Test
    void theH2File_isCompactedEverySecond_byServeAlone() {
        AppConfig config = config(Map.of());

        assertThat(config.serverProperties("k")).containsEntry("bot.h2-compact-interval", "1s");
        assertThat(config.storeProperties()).doesNotContainKey("bot.h2-compact-interval");
    }

    @Test
    void anH2CompactInterval_isPassedToTheServer_andOffLeavesNone() {
        assertThat(config(Map.of("H2_COMPACT_INTERVAL", "5m")).serverProperties("k"))
                .containsEntry("bot.h2-compact-interval", "5m");
        assertThat(config(Map.of("H2_COMPACT_INTERVAL", "off")).serverProperties("k"))
                .doesNotContainKey("bot.h2-compact-interval");
    }

    @Test
    void theAccessLog_isOnUnlessSetOff() {
        assertThat(config(Map.of()).serverProperties("k")).containsEntry("bot.access-log", false);
        assertThat(config(Map.of("ACCESS_LOG", "on")).serverProperties("k")).containsEntry("bot.access-log", true);
        assertThat(config(Map.of("ACCESS_LOG", "off")).serverProperties("k")).containsEntry("bot.access-log", false);
    }

    @Test
    void theXpLogRetention_isNinetyDaysUnlessSet_andPassedToTheServer() {
        assertThat(config(Map.of()).serverProperties("k")).containsEntry("bot.xp-log-retention", "90d");
        assertThat(config(Map.of("XP_LOG_RETENTION", "off")).serverProperties("k"))
                .containsEntry("bot.xp-log-retention", "off");
        assertThat(config(Map.of("XP_LOG_RETENTION", "36h")).serverProperties("k"))
                .containsEntry("bot.xp-log-retention", "36h");
    }

    @ParameterizedTest
    @ValueSource(strings = {"90", "forever", "OFF", "0d", "1w"})
    void anXpLogRetentionThatIsNoPeriod_isRefusedInOneLine(String value) {
        assertThatThrownBy(() -> config(Map.of("XP_LOG_RETENTION", value)))
                .isInstanceOf(AppConfig.InvalidConfigException.class)
                .hasMessage(
                        "XP_LOG_RETENTION must be off, or a number of days or hours such as 90d or 12h, not: " + value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"true", "OFF", "0", "no"})
    void anAccessLogThatIsNeitherOnNorOff_isRefusedInOneLine(String value) {
        assertThatThrownBy(() -> config(Map.of("ACCESS_LOG", value)))
                .isInstanceOf(AppConfig.InvalidConfigException.class)
                .hasMessage("ACCESS_LOG must be on or off, not \"" + value + "\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0s", "60", "never", "OFF", "1d"})
    void anH2CompactIntervalThatIsNoDuration_isRefusedInOneLine(String interval) {
        assertThatThrownBy(() -> config(Map.of("H2_COMPACT_INTERVAL", interval)))
                .isInstanceOf(AppConfig.InvalidConfigException.class)
                .hasMessage("H2_COMPACT_INTERVAL must be a positive duration such as 60s, 5m or 1h, or off, not \""
                        + interval + "\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1KB", "16KB", "64KB", "1MB"})
    void aMaxHeaderSize_isPassedToTheServer(String size) {
        assertThat(config(Map.of("MAX_HEADER_SIZE", size)).serverProperties("k"))
                .containsEntry("micronaut.server.netty.max-header-size", size);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0KB", "8192", "8 KB", "2MB", "1GB", "1025KB", "big"})
    void aMaxHeaderSizeOutOfRange_isRefusedInOneLine(String size) {
        assertThatThrownBy(() -> config(Map.of("MAX_HEADER_SIZE", size)))
                .isInstanceOf(AppConfig.InvalidConfigException.class)
                .hasMessage("MAX_HEADER_SIZE must be a size from 1KB to 1MB such as 8KB or 64KB, not \"" + size + "\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"off", "0"})
    void managementPortOff_leavesNoEndpoint(String value) {
        AppConfig config = config(Map.of("MANAGEMENT_PORT", value));

        assertThat(config.managementPort()).isEqualTo(AppConfig.MANAGEMENT_OFF);
        assertThat(config.serverProperties("k"))
                .doesNotContainKey("endpoints.all.port")
                .containsEntry("endpoints.health.enabled", false)
                .containsEntry("endpoints.prometheus.enabled", false);
    }

    @Test
    void aManagementPort_isWhereTheEndpointsGo() {
        assertThat(config(Map.of("MANAGEMENT_PORT", "9100")).serverProperties("k"))
                .containsEntry("endpoints.all.port", 9100);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "-1", "65536", "OFF", "no"})
    void aManagementPortThatIsNoPort_isRefusedInOneLine(String port) {
        assertThatThrownBy(() -> config(Map.of("MANAGEMENT_PORT", port)))
                .isInstanceOf(AppConfig.InvalidConfigException.class)
                .hasMessage("MANAGEMENT_PORT must be a TCP port from 1 to 65535, or off (or 0) to turn it off, not \""
                        + port + "\"");
    }

    @Test
    void theManagementPortOnTheApiPort_isRefusedInOneLine() {
        assertThatThrownBy(() -> config(Map.of("PORT", "9000", "MANAGEMENT_PORT", "9000")))
                .isInstanceOf(AppConfig.InvalidConfigException.class)
                .hasMessage("MANAGEMENT_PORT must differ from PORT (both are 9000): what answers without the API key"
                        + " never shares the API's port");
    }

    @ParameterizedTest
    @ValueSource(strings = {"plain", "json"})
    void aLogFormat_isTaken(String format) {
        assertThat(config(Map.of("LOG_FORMAT", format)).logFormat()).isEqualTo(format);
        assertThat(config(Map.of()).logFormat()).isEqualTo("plain");
    }

    @ParameterizedTest
    @ValueSource(strings = {"JSON", "text", "logfmt"})
    void aLogFormatThatIsNone_isRefusedInOneLine(String format) {
        assertThatThrownBy(() -> config(Map.of("LOG_FORMAT", format)))
                .isInstanceOf(AppConfig.InvalidConfigException.class)
                .hasMessage("LOG_FORMAT must be plain or json, not \"" + format + "\"");
        assertThatThrownBy(() -> AppConfig.checkLogFormat(Map.of("LOG_FORMAT", format)::get))
                .isInstanceOf(AppConfig.InvalidConfigException.class);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "jdbc:postgresql://db:5432/bot?user=admin&password=secret&ssl=true | jdbc:postgresql://db:5432/bot?ssl=true",
                "jdbc:postgresql://admin:secret@db:5432/bot                      | jdbc:postgresql://db:5432/bot",
                "jdbc:postgresql://db:5432/bot?password=secret                   | jdbc:postgresql://db:5432/bot",
                "jdbc:h2:file:/var/db;USER=sa;PASSWORD=x                         | jdbc:h2:file:/var/db"
            })
    void theStoreIsLoggedWithoutCredentials(String url, String logged) {
        assertThat(config(Map.of("DATABASE_URL", url)).storeForLog()).isEqualTo(logged);
    }
}
