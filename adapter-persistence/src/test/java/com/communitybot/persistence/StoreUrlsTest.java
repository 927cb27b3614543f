package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.persistence.h2.H2Url;
import org.junit.jupiter.api.Test;

class StoreUrlsTest {

    @Test
    void aBareH2Url_getsEveryRequiredOption() {
        assertThat(StoreUrls.withRequiredOptions("jdbc:h2:file:/var/lib/bot/db"))
                .isEqualTo("jdbc:h2:file:/var/lib/bot/db;" + H2Url.OPTIONS);
    }

    @Test
    void anH2UrlWithOtherSettings_keepsThem_andAConflictingValueIsReplaced() {
        assertThat(StoreUrls.withRequiredOptions("jdbc:h2:mem:x;mode=MySQL;CIPHER=AES;DB_CLOSE_DELAY=-1"))
                .isEqualTo("jdbc:h2:mem:x;MODE=PostgreSQL;CIPHER=AES;DB_CLOSE_DELAY=-1;DATABASE_TO_LOWER=TRUE;"
                        + "DEFAULT_NULL_ORDERING=HIGH;LAZY_QUERY_EXECUTION=FALSE;DB_CLOSE_ON_EXIT=FALSE;QUERY_CACHE_SIZE=0;TRACE_LEVEL_FILE=0;MAX_COMPACT_TIME=0;"
                        + "WRITE_DELAY=0");
    }

    @Test
    void theDefaultUrl_alreadyHasTheOptions() {
        assertThat(StoreUrls.withRequiredOptions(StoreUrls.DEFAULT_URL)).isEqualTo(StoreUrls.DEFAULT_URL);
        assertThat(StoreUrls.DEFAULT_URL).startsWith("jdbc:h2:file:./data/community-bot;");
    }

    @Test
    void aPostgresUrl_isLeftAsItIs() {
        String url = "jdbc:postgresql://db:5432/bot?sslmode=require";

        assertThat(StoreUrls.withRequiredOptions(url)).isEqualTo(url);
    }
}
