package com.communitybot.http;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static com.communitybot.http.testing.ApiFixture.GUILD;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelDelta;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.http.testing.ApiClient;
import com.fasterxml.jackson.databind.JsonNode;
import io.micronaut.runtime.server.EmbeddedServer;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A window leaderboard of many members over HTTP: its whole body, streamed in many chunks, is its pages read to the
 * end, for pages that split ties, and each member's entry is theirs in it.
 */
class WindowLeaderboardPagingTest {

    private static final int MEMBERS = 3_000;
    private static final Pattern NEXT = Pattern.compile("<([^>]+)>; rel=\"next\"");
    private static final InMemoryLevelStore LEVELS = new InMemoryLevelStore();
    private static final String SINCE = Instant.now().minusSeconds(3600).toString();
    private static EmbeddedServer server;
    private static ApiClient api;

    @BeforeAll
    static void start() {
        GuildId guild = GuildId.parse(GUILD).orElseThrow();
        Instant at = Instant.now().minusSeconds(60);
        for (int user = 1; user <= MEMBERS; user++) {
            // Few distinct gains, so most entries tie and are ordered by id.
            LEVELS.patch(
                    guild,
                    new UserId(user),
                    new LevelDelta(BigInteger.valueOf(user % 7 * 10), BigInteger.valueOf(user % 3)),
                    LedgerWrite.at(at));
        }
        // Records that are no users take a place among the ties and are skipped.
        for (String notUser : List.of("\u00e9", "\uE000", "\uD83D\uDE00", "x")) {
            LEVELS.put(new LevelRecord(GUILD + ":" + notUser, U64.ofNonNegative(60), U64.ofNonNegative(2)));
        }
        server = InMemoryServer.start(LEVELS, new InMemorySettingsStore(), new InMemoryBetaStore());
        api = new ApiClient(server.getURI(), API_KEY);
    }

    @AfterAll
    static void stop() {
        server.getApplicationContext().close();
    }

    private static List<JsonNode> pages(int limit) {
        List<JsonNode> all = new ArrayList<>();
        Optional<String> next = Optional.of("/api/" + GUILD + "/leaderboard?since=" + SINCE + "&limit=" + limit);
        while (next.isPresent()) {
            ApiClient.Reply page = api.get(next.get());
            assertThat(page.status()).as(page.body()).isEqualTo(200);
            assertThat(page.json().size()).isLessThanOrEqualTo(limit);
            page.json().forEach(all::add);
            next = page.header("Link").map(link -> {
                Matcher m = NEXT.matcher(link);
                assertThat(m.matches()).as(link).isTrue();
                return m.group(1);
            });
        }
        return all;
    }

    @Test
    void theWholeWindow_isItsPagesReadToTheEnd_andEachMembersEntryIsTheirs() {
        ApiClient.Reply whole = api.get("/api/" + GUILD + "/leaderboard?since=" + SINCE);
        assertThat(whole.status()).isEqualTo(200);
        assertThat(whole.body().length()).isGreaterThan(LeaderboardJson.CHUNK_BYTES);
        List<JsonNode> entries = new ArrayList<>();
        whole.json().forEach(entries::add);
        // Users whose gains are 0 and 0 are left out: multiples of both 7 and 3.
        assertThat(entries).hasSize(MEMBERS - MEMBERS / 21);

        assertThat(pages(1000)).isEqualTo(entries);
        // 55 pages, most of their boundaries inside runs of tied gains.
        assertThat(pages(53)).isEqualTo(entries);
        for (JsonNode entry : List.of(entries.get(0), entries.get(1500), entries.get(entries.size() - 1))) {
            ApiClient.Reply member = api.get(
                    "/api/" + GUILD + "/leaderboard/" + entry.get("user_id").asText() + "?since=" + SINCE);
            assertThat(member.json()).isEqualTo(entry);
        }
    }
}
