package com.communitybot.http.testing;

import static com.communitybot.http.testing.ApiFixture.ABSENT;
import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static com.communitybot.http.testing.ApiFixture.GUILD;
import static com.communitybot.http.testing.ApiFixture.MAX_GUILD;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.testing.Concurrently;
import com.communitybot.http.testing.ApiClient.Reply;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole API of the spec and the contract, through real HTTP. Each way of running the service (in-memory
 * doubles, H2, PostgreSQL) extends this class and says where the service is and how the bot writes levels;
 * the live view holds {@link ApiFixture#GUILDS}.
 */
public abstract class ApiContract {

    /** Where the running service answers. */
    protected abstract URI baseUrl();

    /** Writes level records the way the bot process does. */
    protected abstract void givenLevelRecords(LevelRecord... records);

    /** Empties the store, before each test. */
    protected abstract void clearStore();

    protected ApiClient api;

    @BeforeEach
    void freshStore() {
        clearStore();
        api = new ApiClient(baseUrl(), API_KEY);
    }

    protected static LevelRecord level(String id, String xp, String level) {
        return new LevelRecord(
                id, U64.tryParse(xp).orElseThrow(), U64.tryParse(level).orElseThrow());
    }

    private static void assertError(Reply reply, int status, String message) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(status);
        assertThat(reply.contentType()).startsWith("application/json");
        assertThat(reply.json().size()).as(reply.body()).isEqualTo(2);
        assertThat(reply.json().get("success").asBoolean(true)).isFalse();
        assertThat(reply.message()).isEqualTo(message);
    }

    private static void assertBadRequest(Reply reply) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(400);
        assertThat(reply.json().get("success").asBoolean(true)).isFalse();
        assertThat(reply.message()).isNotBlank();
    }

    private static void assertSuccess(Reply reply, int status, String message) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(status);
        assertThat(reply.contentType()).startsWith("application/json");
        assertThat(reply.body()).isEqualTo("{\"success\":true,\"message\":" + quoted(message) + "}");
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** Ledger L1 to L3, on the same service and store. */
    @Nested
    class Ledger extends LedgerApiContract {
        @Override
        protected ApiClient api() {
            return api;
        }

        @Override
        protected void botWrites(LevelRecord... records) {
            givenLevelRecords(records);
        }
    }

    @Nested
    class Authentication {

        @ParameterizedTest
        @ValueSource(
                strings = {"/api/beta_testing", "/api/" + GUILD + "/roles", "/api/nowhere", "/", "/api/is_bot_there"})
        void missingKey_is401_onEveryPath(String path) {
            assertError(api.send(api.anonymous(path).GET()), 401, "Missing or invalid API key");
        }

        @Test
        void wrongEmptyOrPrefixKey_is401() {
            for (String key : List.of("wrong", "", "test-key-", API_KEY + "x", "TEST-KEY-0123")) {
                assertError(
                        api.send(api.anonymous("/api/beta_testing")
                                .header("X-API-Key", key)
                                .GET()),
                        401,
                        "Missing or invalid API key");
            }
        }

        @Test
        void keyWithBytesThatAreNotText_is401() throws Exception {
            byte[] key = API_KEY.getBytes(StandardCharsets.US_ASCII);
            for (byte[] extra : List.of(new byte[] {(byte) 0xC3, (byte) 0xA9}, new byte[] {(byte) 0xE9})) {
                byte[] value = java.util.Arrays.copyOf(key, key.length + extra.length);
                System.arraycopy(extra, 0, value, key.length, extra.length);

                assertThat(RawHttp.statusLine(baseUrl(), "GET /api/beta_testing HTTP/1.1", value))
                        .contains(" 401 ");
            }
            assertThat(RawHttp.statusLine(baseUrl(), "GET /api/beta_testing HTTP/1.1", key))
                    .contains(" 200 ");
        }

        @Test
        void twoKeyHeaders_are401_evenWhenBothAreRight() {
            Reply reply = api.send(api.anonymous("/api/beta_testing")
                    .header("X-API-Key", API_KEY)
                    .header("X-API-Key", API_KEY)
                    .GET());

            assertError(reply, 401, "Missing or invalid API key");
        }

        @Test
        void headerNameIsCaseInsensitive() {
            assertThat(api.send(api.anonymous("/api/beta_testing")
                                    .header("x-api-key", API_KEY)
                                    .GET())
                            .status())
                    .isEqualTo(200);
        }

        @Test
        void unknownPathOrWrongMethod_is401BeforeAnything_thenNotFoundOrMethodNotAllowed() {
            assertError(api.send(api.anonymous("/api/nowhere").DELETE()), 401, "Missing or invalid API key");
            assertError(
                    api.send(api.anonymous("/api/beta_testing").PUT(ApiClient.body("{}"))),
                    401,
                    "Missing or invalid API key");

            assertError(api.get("/api/nowhere"), 404, "Not found");
            assertError(api.get("/"), 404, "Not found");
            assertError(api.put("/api/beta_testing", "{}"), 405, "Method not allowed");
            assertError(api.get("/api/is_bot_there"), 405, "Method not allowed");
        }

        @Test
        void unauthenticatedBadBody_is401Not400() {
            Reply reply = api.send(api.anonymous("/api/is_bot_there")
                    .header("Content-Type", "application/json")
                    .POST(ApiClient.body("not json")));

            assertError(reply, 401, "Missing or invalid API key");
        }
    }

    @Nested
    class RequestBodies {

        @Test
        void bodyWithoutContentType_isReadAsJson() {
            Reply reply = api.send(
                    api.request("/api/is_bot_there").POST(ApiClient.body("{\"guild_ids\":[\"" + GUILD + "\"]}")));

            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.body()).isEqualTo("{\"results\":[true]}");
        }

        @Test
        void bodyWithAnotherContentType_is415() {
            Reply reply = api.send(api.request("/api/is_bot_there")
                    .header("Content-Type", "text/plain")
                    .POST(ApiClient.body("{\"guild_ids\":[]}")));

            assertThat(reply.status()).isEqualTo(415);
            assertThat(reply.json().get("success").asBoolean(true)).isFalse();
        }

        @ParameterizedTest
        @ValueSource(
                strings = {
                    "",
                    "not json",
                    "[]",
                    "\"text\"",
                    "null",
                    "42",
                    "{\"guild_ids\": [\"1\"]} {}",
                    "{\"guild_ids\": [\"1\"]",
                    "{}",
                    "{\"guild_ids\": null}",
                    "{\"guild_ids\": \"1\"}",
                    "{\"guild_ids\": [1]}",
                    "{\"guild_ids\": [null]}",
                    "{\"guild_ids\": [[\"1\"]]}",
                    "{\"guild_ids\": [], \"guild_ids\": []}"
                })
        void unreadableBodies_are400(String body) {
            assertBadRequest(api.post("/api/is_bot_there", body));
        }

        @Test
        void repeatedKeyInANestedObject_is400() {
            assertBadRequest(
                    api.post(
                            "/api/" + GUILD + "/level/track",
                            "{\"track_name\": \"t\", \"roles\": [{\"role_id\": \"1\", \"level\": 1, \"x\": {\"a\": 1, \"a\": 2}}]}"));
        }

        @Test
        void unknownFieldsAreIgnored() {
            Reply reply = api.post("/api/is_bot_there", "{\"extra\": {\"deep\": [1, 2]}, \"guild_ids\": []}");

            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.body()).isEqualTo("{\"results\":[]}");
        }

        @ParameterizedTest
        @ValueSource(strings = {"abc", "-1", "18446744073709551616", "1.5", "%20" + "1", "0x10"})
        void invalidGuildIdInThePath_is400_onEveryGuildEndpoint(String guildId) {
            assertError(api.get("/api/" + guildId + "/leaderboard"), 400, "Invalid guild_id");
            assertError(api.get("/api/" + guildId + "/roles"), 400, "Invalid guild_id");
            assertError(api.get("/api/" + guildId + "/level/track"), 400, "Invalid guild_id");
            assertError(
                    api.delete("/api/" + guildId + "/level/track", "{\"track_name\": \"t\"}"), 400, "Invalid guild_id");
            assertError(api.get("/api/" + guildId + "/level_bridger"), 400, "Invalid guild_id");
            assertError(
                    api.put("/api/" + guildId + "/level_bridger", "{\"in_role_id\": \"1\", \"out_role_id\": \"2\"}"),
                    400,
                    "Invalid guild_id");
        }

        @Test
        void badBodyToAGuildTheBotIsNotIn_is400_notPresence404() {
            assertBadRequest(api.post("/api/" + ABSENT + "/level/track", "{\"track_name\": 5, \"roles\": []}"));
            assertBadRequest(api.post("/api/" + ABSENT + "/level_bridger", "{\"in_role_id\": \"1\"}"));
            assertError(
                    api.post(
                            "/api/" + ABSENT + "/level/track",
                            "{\"track_name\": \"t\", \"roles\": [{\"role_id\": true, \"level\": 1}]}"),
                    400,
                    "role_id must be string or number");
        }

        @Test
        void guildIdWithPlusOrLeadingZeros_namesTheSameGuild() {
            Reply plus = api.get("/api/+" + GUILD + "/roles");
            assertThat(plus.status()).as(plus.body()).isEqualTo(200);
            Reply zeros = api.get("/api/00" + GUILD + "/roles");
            assertThat(zeros.status()).as(zeros.body()).isEqualTo(200);
        }
    }

    @Nested
    class IsBotThere {

        @Test
        void answersEachIdInOrder_unparseableOnesFalse() {
            Reply reply = api.post(
                    "/api/is_bot_there",
                    "{\"guild_ids\": [\"" + GUILD + "\", \"" + ABSENT + "\", \"abc\", \"" + MAX_GUILD
                            + "\", \"18446744073709551616\", \"-1\", \"\", \"+" + GUILD + "\", \"12\", \"1\"]}");

            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.body())
                    .isEqualTo("{\"results\":[true,false,false,true,false,false,false,true,true,false]}");
        }

        @Test
        void emptyListGivesEmptyResults() {
            assertThat(api.post("/api/is_bot_there", "{\"guild_ids\": []}").body())
                    .isEqualTo("{\"results\":[]}");
        }
    }

    @Nested
    class Leaderboard {

        @Test
        void givenNoRecords_isAnEmptyArray() {
            Reply reply = api.get("/api/" + GUILD + "/leaderboard");

            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.contentType()).startsWith("application/json");
            assertThat(reply.body()).isEqualTo("[]");
        }

        @Test
        void ranksByLevelThenXp_withNamesAndAvatarsFromTheLiveView() {
            givenLevelRecords(
                    level(GUILD + ":300000000000000001", "1200", "7"),
                    level(GUILD + ":300000000000000002", "50", "9"),
                    level(GUILD + ":300000000000000003", "5000", "7"));

            Reply reply = api.get("/api/" + GUILD + "/leaderboard");

            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.body())
                    .isEqualTo("["
                            + "{\"user_id\":\"300000000000000002\",\"username\":\"Bob Nick\",\"avatar\":\"https://cdn.example/b.png\",\"level\":9,\"xp\":50,\"rank\":1},"
                            + "{\"user_id\":\"300000000000000003\",\"username\":\"Unknown User\",\"avatar\":\"\",\"level\":7,\"xp\":5000,\"rank\":2},"
                            + "{\"user_id\":\"300000000000000001\",\"username\":\"Alice\",\"avatar\":\"https://cdn.example/a.png\",\"level\":7,\"xp\":1200,\"rank\":3}"
                            + "]");
        }

        @Test
        void recordsWhoseUserPartIsNotAPositiveInteger_areSkipped_leavingRankGaps() {
            givenLevelRecords(
                    level(GUILD + ":0", "0", "10"),
                    level(GUILD + ":abc", "0", "9"),
                    level(GUILD + ":-5", "0", "8"),
                    level(GUILD + ":300000000000000001", "0", "7"),
                    level(GUILD + ":1:300000000000000002", "0", "6"),
                    level(GUILD + ":", "0", "5"),
                    level(GUILD + ":7", "0", "4"));

            JsonNode board = api.get("/api/" + GUILD + "/leaderboard").json();

            assertThat(board)
                    .extracting(
                            e -> e.get("user_id").asText() + "#" + e.get("rank").asInt())
                    .containsExactly("300000000000000001#4", "300000000000000002#5", "7#7");
        }

        @Test
        void largestUnsignedValuesSurviveExactly() {
            givenLevelRecords(
                    level(MAX_GUILD + ":" + MAX_GUILD, "18446744073709551615", "18446744073709551615"),
                    level(MAX_GUILD + ":5", "18446744073709551614", "18446744073709551615"),
                    level(MAX_GUILD + ":6", "0", "9223372036854775808"),
                    level(MAX_GUILD + ":8", "1", "9223372036854775807"));

            Reply reply = api.get("/api/" + MAX_GUILD + "/leaderboard");

            assertThat(reply.body())
                    .isEqualTo("["
                            + "{\"user_id\":\"18446744073709551615\",\"username\":\"Max\",\"avatar\":\"https://cdn.example/max.png\",\"level\":18446744073709551615,\"xp\":18446744073709551615,\"rank\":1},"
                            + "{\"user_id\":\"5\",\"username\":\"Unknown User\",\"avatar\":\"\",\"level\":18446744073709551615,\"xp\":18446744073709551614,\"rank\":2},"
                            + "{\"user_id\":\"6\",\"username\":\"Unknown User\",\"avatar\":\"\",\"level\":9223372036854775808,\"xp\":0,\"rank\":3},"
                            + "{\"user_id\":\"8\",\"username\":\"Unknown User\",\"avatar\":\"\",\"level\":9223372036854775807,\"xp\":1,\"rank\":4}"
                            + "]");
        }

        @Test
        void tiesAreRankedByRecordIdByteByByte() {
            givenLevelRecords(
                    level(GUILD + ":9", "5", "5"), level(GUILD + ":10", "5", "5"), level(GUILD + ":100", "5", "5"));

            assertThat(api.get("/api/" + GUILD + "/leaderboard").json())
                    .extracting(e -> e.get("user_id").asText())
                    .containsExactly("10", "100", "9");
        }

        @Test
        void onlyTheGuildsOwnRecordsCount_whenAnotherGuildIdStartsWithIt() {
            givenLevelRecords(level("12:1", "1", "1"), level("123:2", "9", "9"), level("1:3", "9", "9"));

            assertThat(api.get("/api/12/leaderboard").json())
                    .extracting(e -> e.get("user_id").asText())
                    .containsExactly("1");
            assertThat(api.get("/api/123/leaderboard").json())
                    .extracting(e -> e.get("user_id").asText())
                    .containsExactly("2");
        }

        @Test
        void aGuildTheBotIsNotIn_is404() {
            givenLevelRecords(level(ABSENT + ":1", "1", "1"));

            assertError(api.get("/api/" + ABSENT + "/leaderboard"), 404, "Bot is not in this guild");
        }

        @Test
        void aLargeGuildIsStreamedWhole() {
            List<LevelRecord> records = new ArrayList<>();
            for (int i = 1; i <= 5000; i++) {
                records.add(level(GUILD + ":" + i, Integer.toString(i), Integer.toString(i % 50)));
            }
            givenLevelRecords(records.toArray(LevelRecord[]::new));

            JsonNode board = api.get("/api/" + GUILD + "/leaderboard").json();

            assertThat(board).hasSize(5000);
            assertThat(board.get(0).get("rank").asInt()).isEqualTo(1);
            assertThat(board.get(4999).get("rank").asInt()).isEqualTo(5000);
            assertThat(board.get(0).get("level").asInt()).isEqualTo(49);
        }
    }

    /** Additions to the spec: pages of the leaderboard and one member's entry, checked against the whole. */
    @Nested
    class LeaderboardPages {

        private static final java.util.regex.Pattern NEXT = java.util.regex.Pattern.compile(
                "</api/([0-9]+)/leaderboard\\?limit=([0-9]+)&after=([A-Za-z0-9_-]+)>; rel=\"next\"");

        /** Ties on level and xp, records that are not users among them, the u64 maxima, members named or not. */
        private void givenAMixedGuild() {
            givenLevelRecords(
                    level(GUILD + ":18446744073709551615", "18446744073709551615", "18446744073709551615"),
                    level(GUILD + ":300000000000000001", "50", "3"),
                    level(GUILD + ":300000000000000002", "50", "3"),
                    level(GUILD + ":abc", "50", "3"),
                    level(GUILD + ":3", "50", "3"),
                    level(GUILD + ":0", "40", "3"),
                    level(GUILD + ":4", "40", "3"),
                    level(GUILD + ":5", "18446744073709551615", "1"),
                    level(GUILD + ":-6", "0", "1"),
                    level(GUILD + ":7", "0", "0"),
                    level(GUILD + ":8", "0", "0"),
                    level(GUILD + "0:9", "9", "9"));
        }

        /** Follows the next links from the first page of {@code limit}; every page is checked on the way. */
        private List<Reply> allPages(String guild, int limit) {
            List<Reply> pages = new java.util.ArrayList<>();
            String path = "/api/" + guild + "/leaderboard?limit=" + limit;
            while (path != null) {
                Reply page = api.get(path);
                assertThat(page.status()).as(page.body()).isEqualTo(200);
                assertThat(page.contentType()).startsWith("application/json");
                pages.add(page);
                path = null;
                java.util.Optional<String> link = page.header("Link");
                if (link.isPresent()) {
                    java.util.regex.Matcher next = NEXT.matcher(link.get());
                    assertThat(next.matches()).as(link.get()).isTrue();
                    assertThat(next.group(1)).isEqualTo(guild);
                    assertThat(next.group(2)).isEqualTo(Integer.toString(limit));
                    assertThat(page.header("X-Next-Cursor")).contains(next.group(3));
                    assertThat(page.json().size()).isEqualTo(limit);
                    path = link.get().substring(1, link.get().indexOf('>'));
                } else {
                    assertThat(page.header("X-Next-Cursor")).isEmpty();
                }
            }
            return pages;
        }

        private static List<JsonNode> entries(List<Reply> pages) {
            List<JsonNode> entries = new java.util.ArrayList<>();
            pages.forEach(page -> page.json().forEach(entries::add));
            return entries;
        }

        @Test
        void pagesOfEverySize_concatenated_areTheWholeLeaderboard_byteForByte() {
            givenAMixedGuild();
            Reply whole = api.get("/api/" + GUILD + "/leaderboard");
            assertThat(whole.json()).hasSize(8);

            for (int limit = 1; limit <= 10; limit++) {
                List<Reply> pages = allPages(GUILD, limit);
                assertThat(pages).hasSize(Math.max(1, (8 + limit - 1) / limit));
                String concatenated = "["
                        + pages.stream()
                                .map(Reply::body)
                                .map(body -> body.substring(1, body.length() - 1))
                                .filter(body -> !body.isEmpty())
                                .collect(java.util.stream.Collectors.joining(","))
                        + "]";
                assertThat(concatenated).as("pages of %d", limit).isEqualTo(whole.body());
            }
        }

        @Test
        void aPage_hasTheWholeLeaderboardsRanks_withItsGaps() {
            givenAMixedGuild();

            String cursor = api.get("/api/" + GUILD + "/leaderboard?limit=3")
                    .header("X-Next-Cursor")
                    .orElseThrow();

            Reply second = api.get("/api/" + GUILD + "/leaderboard?limit=3&after=" + cursor);

            assertThat(second.json())
                    .extracting(
                            e -> e.get("user_id").asText() + "#" + e.get("rank").asInt())
                    .containsExactly("300000000000000002#4", "4#7", "5#8");
        }

        @Test
        void givenNoRecords_isOneEmptyPage_withoutANextLink() {
            Reply page = api.get("/api/" + GUILD + "/leaderboard?limit=5");

            assertThat(page.status()).isEqualTo(200);
            assertThat(page.body()).isEqualTo("[]");
            assertThat(page.header("Link")).isEmpty();
            assertThat(page.header("X-Next-Cursor")).isEmpty();
        }

        @Test
        void largestUnsignedValues_crossPagesExactly() {
            givenLevelRecords(
                    level(MAX_GUILD + ":" + MAX_GUILD, "18446744073709551615", "18446744073709551615"),
                    level(MAX_GUILD + ":5", "18446744073709551615", "18446744073709551615"),
                    level(MAX_GUILD + ":6", "18446744073709551614", "18446744073709551615"));

            List<Reply> pages = allPages(MAX_GUILD, 1);

            assertThat(entries(pages))
                    .extracting(
                            e -> e.get("user_id").asText() + "#" + e.get("rank").asInt())
                    .containsExactly("18446744073709551615#1", "5#2", "6#3");
            assertThat(pages.get(0).body())
                    .isEqualTo(
                            "[{\"user_id\":\"18446744073709551615\",\"username\":\"Max\",\"avatar\":\"https://cdn.example/max.png\",\"level\":18446744073709551615,\"xp\":18446744073709551615,\"rank\":1}]");
        }

        @Test
        void writesBetweenPages_neverRepeatAUser_andRanksKeepGrowing() {
            for (int user = 1; user <= 30; user++) {
                givenLevelRecords(level(GUILD + ":" + user, Integer.toString(1000 - user), Integer.toString(user % 3)));
            }
            java.util.Set<String> seen = new java.util.HashSet<>();
            long lastRank = 0;
            String path = "/api/" + GUILD + "/leaderboard?limit=4";
            for (int round = 1; path != null; round++) {
                Reply page = api.get(path);
                for (JsonNode entry : page.json()) {
                    assertThat(seen.add(entry.get("user_id").asText()))
                            .as(entry.toString())
                            .isTrue();
                    assertThat(entry.get("rank").asLong()).isGreaterThan(lastRank);
                    lastRank = entry.get("rank").asLong();
                }
                path = page.header("X-Next-Cursor")
                        .map(next -> "/api/" + GUILD + "/leaderboard?limit=4&after=" + next)
                        .orElse(null);
                // Meanwhile the bot writes: a new member above every page given so far, another at the bottom.
                givenLevelRecords(
                        level(GUILD + ":" + (200 + round), "5000", "9"), level(GUILD + ":" + (100 + round), "0", "0"));
            }
            assertThat(seen).hasSizeGreaterThanOrEqualTo(30);
        }

        @Test
        void badLimits_are400NamingTheParameter_beforeThePresenceCheck() {
            for (String query : List.of(
                    "limit=0",
                    "limit=abc",
                    "limit=1001",
                    "limit=-1",
                    "limit=",
                    "limit",
                    "limit=+5",
                    "limit=99999999999999999999",
                    "limit=1.5",
                    "limit=%201")) {
                for (String guild : List.of(GUILD, ABSENT)) {
                    assertError(
                            api.get("/api/" + guild + "/leaderboard?" + query),
                            400,
                            "Invalid limit: must be an integer from 1 to 1000");
                }
            }
            assertError(
                    api.get("/api/" + GUILD + "/leaderboard?limit=5&limit=5"),
                    400,
                    "Invalid limit: given more than once");
            assertError(api.get("/api/x/leaderboard?limit=0"), 400, "Invalid guild_id");
            assertThat(api.get("/api/" + GUILD + "/leaderboard?limit=1000").status())
                    .isEqualTo(200);
            assertThat(api.get("/api/" + GUILD + "/leaderboard?limit=0001").status())
                    .isEqualTo(200);
        }

        @Test
        void forgedCursors_are400NamingTheParameter() {
            givenAMixedGuild();
            String cursor = api.get("/api/" + GUILD + "/leaderboard?limit=2")
                    .header("X-Next-Cursor")
                    .orElseThrow();
            char last = cursor.charAt(cursor.length() - 1);
            char first = cursor.charAt(0);
            List<String> forged = List.of(
                    "",
                    "abc",
                    "%21%21",
                    cursor.substring(1),
                    cursor + "A",
                    cursor.substring(0, cursor.length() - 1) + (last == 'A' ? 'B' : 'A'),
                    (first == 'A' ? 'B' : 'A') + cursor.substring(1),
                    java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[64]));
            for (String after : forged) {
                for (String guild : List.of(GUILD, ABSENT)) {
                    assertError(
                            api.get("/api/" + guild + "/leaderboard?limit=2&after=" + after),
                            400,
                            "Invalid after: not a cursor of this leaderboard");
                }
            }
            assertError(
                    api.get("/api/" + GUILD + "/leaderboard?limit=2&after=" + cursor + "&after=" + cursor),
                    400,
                    "Invalid after: given more than once");
            assertError(
                    api.get("/api/" + GUILD + "/leaderboard?after=" + cursor), 400, "Invalid after: it needs limit");
            assertThat(api.get("/api/" + GUILD + "/leaderboard?limit=2&after=" + cursor)
                            .status())
                    .isEqualTo(200);
        }

        @Test
        void aCursorOfAnotherGuild_is400() {
            givenAMixedGuild();
            givenLevelRecords(level(MAX_GUILD + ":1", "1", "1"), level(MAX_GUILD + ":2", "1", "1"));
            String ofMaxGuild = api.get("/api/" + MAX_GUILD + "/leaderboard?limit=1")
                    .header("X-Next-Cursor")
                    .orElseThrow();

            for (String guild : List.of(GUILD, ABSENT)) {
                assertError(
                        api.get("/api/" + guild + "/leaderboard?limit=1&after=" + ofMaxGuild),
                        400,
                        "Invalid after: the cursor is of another guild's leaderboard");
            }
        }

        @Test
        void withoutLimit_theLeaderboardIsTheSpecs_whateverElseTheQueryHas() {
            givenAMixedGuild();
            Reply whole = api.get("/api/" + GUILD + "/leaderboard");

            Reply withOthers = api.get("/api/" + GUILD + "/leaderboard?page=2&pageSize=1");

            assertThat(withOthers.body()).isEqualTo(whole.body());
            assertThat(withOthers.header("Link")).isEmpty();
        }

        @Test
        void aPageOfAGuildTheBotIsNotIn_is404() {
            assertError(api.get("/api/" + ABSENT + "/leaderboard?limit=5"), 404, "Bot is not in this guild");
        }

        @Test
        void aMembersEntry_isTheirEntryOfTheWholeLeaderboard_byteForByte() {
            givenAMixedGuild();
            Reply whole = api.get("/api/" + GUILD + "/leaderboard");

            for (JsonNode entry : whole.json()) {
                Reply member = api.get(
                        "/api/" + GUILD + "/leaderboard/" + entry.get("user_id").asText());
                assertThat(member.status()).as(member.body()).isEqualTo(200);
                assertThat(member.contentType()).startsWith("application/json");
                assertThat(member.body()).isEqualTo(entry.toString());
                assertThat(whole.body()).contains(member.body());
            }
            assertThat(api.get("/api/" + GUILD + "/leaderboard/0004").body())
                    .isEqualTo(api.get("/api/" + GUILD + "/leaderboard/4").body());
        }

        @Test
        void aUserWithoutARankedRecord_is404UserNotRanked() {
            givenAMixedGuild();

            for (String user : List.of("0", "6", "9", "300000000000000003", "18446744073709551614")) {
                assertError(api.get("/api/" + GUILD + "/leaderboard/" + user), 404, "User not ranked");
            }
        }

        @Test
        void aMembersEntry_checksThePathFirst_thenThePresence() {
            for (String user : List.of("abc", "-1", "18446744073709551616", "1.0", "%20")) {
                assertError(api.get("/api/" + ABSENT + "/leaderboard/" + user), 400, "Invalid user_id");
            }
            assertError(api.get("/api/x/leaderboard/abc"), 400, "Invalid guild_id");
            assertError(api.get("/api/" + ABSENT + "/leaderboard/1"), 404, "Bot is not in this guild");
            assertError(
                    api.send(api.anonymous("/api/" + GUILD + "/leaderboard/1").GET()),
                    401,
                    "Missing or invalid API key");
        }
    }

    @Nested
    class Roles {

        @Test
        void listsTheGuildsRoles_withColorAndRawPosition() {
            Reply reply = api.get("/api/" + GUILD + "/roles");

            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.json())
                    .extracting(JsonNode::toString)
                    .containsExactlyInAnyOrder(
                            "{\"role_id\":\"100000000000000001\",\"role_name\":\"@everyone\",\"color\":0,\"position\":0}",
                            "{\"role_id\":\"200000000000000001\",\"role_name\":\"Level 5\",\"color\":3447003,\"position\":1}",
                            "{\"role_id\":\"18446744073709551615\",\"role_name\":\"Top\",\"color\":4294967295,\"position\":65535}");
        }

        @Test
        void aGuildWithoutRoles_isAnEmptyArray() {
            assertThat(api.get("/api/" + MAX_GUILD + "/roles").body()).isEqualTo("[]");
        }

        @Test
        void aGuildTheBotIsNotIn_is404() {
            assertError(api.get("/api/" + ABSENT + "/roles"), 404, "Bot is not in this guild");
        }
    }

    @Nested
    class LevelTracks {

        private final String path = "/api/" + GUILD + "/level/track";

        @Test
        void givenNoTracks_isAnEmptyObject() {
            Reply reply = api.get(path);

            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.body()).isEqualTo("{}");
        }

        @Test
        void create_thenRead_sortedByLevel_withLegacyAndIntegerRoleIds() {
            Reply created = api.post(
                    path,
                    "{\"track_name\": \"main\", \"roles\": ["
                            + "{\"role_id\": \"c\", \"level\": 5}, 200000000000000002, {\"role_id\": 7, \"level\": 1, \"note\": \"x\"},"
                            + "{\"role_id\": \"b\", \"level\": 5}, {\"level\": 18446744073709551615, \"role_id\": \"max\"}]}");

            assertSuccess(created, 201, "Level track 'main' created successfully");
            assertThat(api.get(path).body())
                    .isEqualTo("{\"main\":["
                            + "{\"role_id\":\"200000000000000002\",\"level\":0},{\"role_id\":\"7\",\"level\":1},"
                            + "{\"role_id\":\"c\",\"level\":5},{\"role_id\":\"b\",\"level\":5},"
                            + "{\"role_id\":\"max\",\"level\":18446744073709551615}]}");
        }

        @Test
        void create_ofAnExistingName_is409_andChangesNothing() {
            api.post(path, "{\"track_name\": \"main\", \"roles\": [1]}");

            assertError(
                    api.post(path, "{\"track_name\": \"main\", \"roles\": [2]}"),
                    409,
                    "Track already exists. Use PATCH to update.");
            assertThat(api.get(path).body()).isEqualTo("{\"main\":[{\"role_id\":\"1\",\"level\":0}]}");
        }

        @Test
        void namesAreComparedExactly() {
            for (String name : List.of("main", "Main", "main ", "caf\u00e9", "cafe\u0301")) {
                assertThat(api.post(path, "{\"track_name\": " + quoted(name) + ", \"roles\": []}")
                                .status())
                        .isEqualTo(201);
            }
            assertThat(api.get(path).json().size()).isEqualTo(5);
        }

        @Test
        void patch_replacesTheWholeList_andCreatesAMissingTrack() {
            api.post(path, "{\"track_name\": \"main\", \"roles\": [1, 2]}");
            api.post(path, "{\"track_name\": \"other\", \"roles\": [3]}");

            assertSuccess(
                    api.patch(path, "{\"track_name\": \"main\", \"roles\": [{\"role_id\": \"9\", \"level\": 2}]}"),
                    200,
                    "Level track 'main' updated successfully");
            assertSuccess(
                    api.patch(path, "{\"track_name\": \"new\", \"roles\": []}"),
                    200,
                    "Level track 'new' updated successfully");

            JsonNode tracks = api.get(path).json();
            assertThat(tracks.get("main").toString()).isEqualTo("[{\"role_id\":\"9\",\"level\":2}]");
            assertThat(tracks.get("other").toString()).isEqualTo("[{\"role_id\":\"3\",\"level\":0}]");
            assertThat(tracks.get("new").toString()).isEqualTo("[]");
        }

        @Test
        void delete_removesTheTrack_thenIs404() {
            api.post(path, "{\"track_name\": \"main\", \"roles\": []}");

            assertSuccess(
                    api.delete(path, "{\"track_name\": \"main\"}"), 200, "Level track 'main' deleted successfully");
            assertError(api.delete(path, "{\"track_name\": \"main\"}"), 404, "Track not found");
            assertThat(api.get(path).body()).isEqualTo("{}");
        }

        @Test
        void brokenTrackLevelRoles_are400_andStoreNothing() {
            assertError(
                    api.post(path, "{\"track_name\": \"t\", \"roles\": [{\"role_id\": true, \"level\": 1}]}"),
                    400,
                    "role_id must be string or number");
            assertError(
                    api.post(path, "{\"track_name\": \"t\", \"roles\": [{\"role_id\": null, \"level\": 1}]}"),
                    400,
                    "role_id must be string or number");
            assertError(
                    api.post(path, "{\"track_name\": \"t\", \"roles\": [{\"role_id\": [1], \"level\": 1}]}"),
                    400,
                    "role_id must be string or number");
            for (String roles : List.of(
                    "[{\"role_id\": \"1\"}]",
                    "[{\"level\": 1}]",
                    "[{\"role_id\": \"1\", \"level\": 18446744073709551616}]",
                    "[{\"role_id\": \"1\", \"level\": -1}]",
                    "[{\"role_id\": \"1\", \"level\": \"5\"}]",
                    "[{\"role_id\": \"1\", \"level\": 1.5}]",
                    "[{\"role_id\": \"1\", \"role_id\": \"2\", \"level\": 1}]",
                    "[-1]",
                    "[\"1\"]",
                    "[1.5]",
                    "[null]",
                    "{}",
                    "null",
                    "\"x\"")) {
                assertBadRequest(api.post(path, "{\"track_name\": \"t\", \"roles\": " + roles + "}"));
                assertBadRequest(api.patch(path, "{\"track_name\": \"t\", \"roles\": " + roles + "}"));
            }
            assertBadRequest(api.post(path, "{\"roles\": []}"));
            assertBadRequest(api.post(path, "{\"track_name\": \"t\"}"));
            assertBadRequest(api.post(path, "{\"track_name\": 1, \"roles\": []}"));
            assertBadRequest(api.delete(path, "{}"));
            assertBadRequest(api.delete(path));
            assertThat(api.get(path).body()).isEqualTo("{}");
        }

        @Test
        void aGuildTheBotIsNotIn_is404_forEveryMethod() {
            String absent = "/api/" + ABSENT + "/level/track";
            String body = "{\"track_name\": \"t\", \"roles\": []}";

            assertError(api.get(absent), 404, "Bot is not in this guild");
            assertError(api.post(absent, body), 404, "Bot is not in this guild");
            assertError(api.patch(absent, body), 404, "Bot is not in this guild");
            assertError(api.delete(absent, body), 404, "Bot is not in this guild");
        }

        @Test
        void concurrentCreatorsOfDistinctTracks_allPersist() throws Exception {
            List<Integer> statuses = Concurrently.run(
                    20,
                    i -> () -> api.post(path, "{\"track_name\": \"t" + i + "\", \"roles\": [" + i + "]}")
                            .status());

            assertThat(statuses).containsOnly(201);
            assertThat(api.get(path).json().size()).isEqualTo(20);
        }
    }

    @Nested
    class LevelBridges {

        private final String path = "/api/" + GUILD + "/level_bridger";

        @Test
        void givenNoBridges_isAnEmptyArray() {
            assertThat(api.get(path).body()).isEqualTo("[]");
        }

        @Test
        void create_thenList_withCanonicalOutRoles() {
            assertSuccess(
                    api.post(path, "{\"in_role_id\": \"a\", \"out_role_id\": \"+007\"}"),
                    201,
                    "Level bridge created successfully");
            assertSuccess(
                    api.post(path, "{\"in_role_id\": \"b\", \"out_role_id\": \"18446744073709551615\"}"),
                    201,
                    "Level bridge created successfully");

            assertThat(api.get(path).json())
                    .extracting(JsonNode::toString)
                    .containsExactlyInAnyOrder(
                            "{\"in_role_id\":\"a\",\"out_role_id\":\"7\"}",
                            "{\"in_role_id\":\"b\",\"out_role_id\":\"18446744073709551615\"}");
        }

        @Test
        void create_ofAnExistingInRole_is409_evenWithAnInvalidOutRole() {
            api.post(path, "{\"in_role_id\": \"a\", \"out_role_id\": \"1\"}");

            assertError(
                    api.post(path, "{\"in_role_id\": \"a\", \"out_role_id\": \"2\"}"),
                    409,
                    "Bridge already exists for this role. Use PUT to update.");
            assertError(
                    api.post(path, "{\"in_role_id\": \"a\", \"out_role_id\": \"not a number\"}"),
                    409,
                    "Bridge already exists for this role. Use PUT to update.");
            assertThat(api.get(path).body()).isEqualTo("[{\"in_role_id\":\"a\",\"out_role_id\":\"1\"}]");
        }

        @ParameterizedTest
        @ValueSource(strings = {"", "abc", "-1", "1.5", " 1", "18446744073709551616", "0x1"})
        void create_andPut_refuseAnOutRoleThatIsNotU64(String out) {
            assertError(
                    api.post(path, "{\"in_role_id\": \"a\", \"out_role_id\": " + quoted(out) + "}"),
                    400,
                    "Invalid out_role_id");
            assertError(
                    api.put(path, "{\"in_role_id\": \"a\", \"out_role_id\": " + quoted(out) + "}"),
                    400,
                    "Invalid out_role_id");
            assertThat(api.get(path).body()).isEqualTo("[]");
        }

        @Test
        void put_replacesOrCreates() {
            assertSuccess(
                    api.put(path, "{\"in_role_id\": \"a\", \"out_role_id\": \"1\"}"),
                    200,
                    "Level bridge updated successfully");
            assertSuccess(
                    api.put(path, "{\"in_role_id\": \"a\", \"out_role_id\": \"0002\"}"),
                    200,
                    "Level bridge updated successfully");

            assertThat(api.get(path).body()).isEqualTo("[{\"in_role_id\":\"a\",\"out_role_id\":\"2\"}]");
        }

        @Test
        void delete_removesTheBridge_thenIs404() {
            api.post(path, "{\"in_role_id\": \"a\", \"out_role_id\": \"1\"}");

            assertSuccess(api.delete(path, "{\"in_role_id\": \"a\"}"), 200, "Level bridge deleted successfully");
            assertError(api.delete(path, "{\"in_role_id\": \"a\"}"), 404, "Bridge not found");
        }

        @Test
        void inRolesAreAnyStringComparedExactly() {
            for (String in : List.of("1", "01", "+1", "role", "Role", "")) {
                assertThat(api.post(path, "{\"in_role_id\": " + quoted(in) + ", \"out_role_id\": \"1\"}")
                                .status())
                        .isEqualTo(201);
            }
            assertThat(api.get(path).json().size()).isEqualTo(6);
        }

        @Test
        void wrongFieldTypes_are400() {
            assertBadRequest(api.post(path, "{\"in_role_id\": \"a\", \"out_role_id\": 1}"));
            assertBadRequest(api.post(path, "{\"in_role_id\": 1, \"out_role_id\": \"1\"}"));
            assertBadRequest(api.put(path, "{\"in_role_id\": \"a\"}"));
            assertBadRequest(api.delete(path, "{\"in_role_id\": null}"));
        }

        @Test
        void aGuildTheBotIsNotIn_is404_beforeTheOutRoleIsChecked() {
            String absent = "/api/" + ABSENT + "/level_bridger";

            assertError(api.get(absent), 404, "Bot is not in this guild");
            assertError(
                    api.post(absent, "{\"in_role_id\": \"a\", \"out_role_id\": \"bad\"}"),
                    404,
                    "Bot is not in this guild");
            assertError(
                    api.put(absent, "{\"in_role_id\": \"a\", \"out_role_id\": \"bad\"}"),
                    404,
                    "Bot is not in this guild");
            assertError(api.delete(absent, "{\"in_role_id\": \"a\"}"), 404, "Bot is not in this guild");
        }

        @Test
        void concurrentCreatorsOfOneBridge_oneWins_othersConflict() throws Exception {
            List<Integer> statuses = Concurrently.run(
                    20,
                    i -> () -> api.post(path, "{\"in_role_id\": \"same\", \"out_role_id\": \"" + (i + 1) + "\"}")
                            .status());

            assertThat(statuses.stream().collect(Collectors.groupingBy(s -> s, Collectors.counting())))
                    .isEqualTo(Map.of(201, 1L, 409, 19L));
            assertThat(api.get(path).json().size()).isEqualTo(1);
        }
    }

    @Nested
    class BetaTesting {

        @Test
        void givenNoEntries_isAnEmptyArray() {
            assertThat(api.get("/api/beta_testing").body()).isEqualTo("[]");
        }

        @Test
        void add_thenList_withUtcTimeAndAddedByApi() {
            assertSuccess(
                    api.post("/api/beta_testing", "{\"guild_id\": \"not numeric\"}"),
                    201,
                    "Server not numeric added to beta testing");

            JsonNode entry = api.get("/api/beta_testing").json().get(0);
            assertThat(entry.get("guild_id").asText()).isEqualTo("not numeric");
            assertThat(entry.get("added_by").asText()).isEqualTo("API");
            assertThat(entry.get("added_at").asText())
                    .matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?Z");
        }

        @Test
        void addingAListedGuild_is409_andKeepsItsTime() {
            api.post("/api/beta_testing", "{\"guild_id\": \"1\"}");
            String addedAt =
                    api.get("/api/beta_testing").json().get(0).get("added_at").asText();

            assertError(
                    api.post("/api/beta_testing", "{\"guild_id\": \"1\"}"), 409, "Server 1 is already in beta testing");
            assertThat(api.get("/api/beta_testing")
                            .json()
                            .get(0)
                            .get("added_at")
                            .asText())
                    .isEqualTo(addedAt);
        }

        @Test
        void remove_succeedsWhetherOrNotListed_withThePercentDecodedId() {
            api.post("/api/beta_testing", "{\"guild_id\": \"a b/\u00e9\"}");
            String encoded =
                    URLEncoder.encode("a b/\u00e9", StandardCharsets.UTF_8).replace("+", "%20");

            assertSuccess(
                    api.delete("/api/beta_testing/" + encoded), 200, "Server a b/\u00e9 removed from beta testing");
            assertThat(api.get("/api/beta_testing").body()).isEqualTo("[]");
            assertSuccess(
                    api.delete("/api/beta_testing/never-listed"), 200, "Server never-listed removed from beta testing");
        }

        @Test
        void remove_takesReservedCharactersLiterally() {
            for (String id : List.of("a+b", "a&b", "a;b", "(x)", "a=b")) {
                api.post("/api/beta_testing", "{\"guild_id\": " + quoted(id) + "}");
                assertSuccess(
                        api.delete("/api/beta_testing/" + id), 200, "Server " + id + " removed from beta testing");
            }
            assertThat(api.get("/api/beta_testing").body()).isEqualTo("[]");
        }

        @Test
        void isBetaServer_answersEachIdInOrder_exactly() {
            api.post("/api/beta_testing", "{\"guild_id\": \"1\"}");
            api.post("/api/beta_testing", "{\"guild_id\": \"Abc\"}");

            assertThat(api.post("/api/is_beta_server", "{\"guild_ids\": [\"1\", \"01\", \"abc\", \"Abc\", \"1\"]}")
                            .body())
                    .isEqualTo("{\"results\":[true,false,false,true,true]}");
        }

        @Test
        void wrongBodies_are400() {
            assertBadRequest(api.post("/api/beta_testing", "{\"guild_id\": 1}"));
            assertBadRequest(api.post("/api/beta_testing", "{}"));
            assertBadRequest(api.post("/api/is_beta_server", "{\"guild_ids\": \"1\"}"));
            assertThat(api.get("/api/beta_testing").body()).isEqualTo("[]");
        }

        @Test
        void concurrentCreatorsOfOneEntry_oneWins_othersConflict() throws Exception {
            List<Integer> statuses = Concurrently.run(
                    20,
                    i -> () -> api.post("/api/beta_testing", "{\"guild_id\": \"777\"}")
                            .status());

            assertThat(statuses.stream().collect(Collectors.groupingBy(s -> s, Collectors.counting())))
                    .isEqualTo(Map.of(201, 1L, 409, 19L));
        }
    }
}
