package com.communitybot.http.testing;

import static com.communitybot.http.testing.ApiFixture.ABSENT;
import static com.communitybot.http.testing.ApiFixture.GUILD;
import static com.communitybot.http.testing.ApiFixture.LONG_GUILD;
import static com.communitybot.http.testing.ApiFixture.SHORT_GUILD;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.testing.Concurrently;
import com.communitybot.http.testing.ApiClient.Reply;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ledger L1 to L3 through real HTTP: one member's record read and written, the guild reset, idempotent retries, the
 * XP log and the time-window leaderboards, with every message, status and the contract's order of checks.
 * {@link ApiContract} runs it on every store, through its {@code Ledger} member, with a fresh store per test.
 */
public abstract class LedgerApiContract {

    /** A client of the running service, with the API key. */
    protected abstract ApiClient api();

    /** Writes level records the way the bot process does, straight into the store. */
    protected abstract void botWrites(LevelRecord... records);

    private static final String ALICE = "300000000000000001";
    private static final String BOB = "300000000000000002";
    private static final String LEVELS = "/api/" + GUILD + "/levels/";
    private static final String U64_MAX = "18446744073709551615";
    private static final Pattern NEXT = Pattern.compile("<([^>]+)>; rel=\"next\"");

    static void assertError(Reply reply, int status, String message) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(status);
        assertThat(reply.contentType()).startsWith("application/json");
        assertThat(reply.json().size()).as(reply.body()).isEqualTo(2);
        assertThat(reply.json().get("success").asBoolean(true)).isFalse();
        assertThat(reply.message()).isEqualTo(message);
    }

    static void assertBadRequest(Reply reply) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(400);
        assertThat(reply.json().get("success").asBoolean(true)).isFalse();
        assertThat(reply.message()).isNotBlank();
    }

    private static String record(String user, String level, String xp) {
        return "{\"user_id\":\"" + user + "\",\"level\":" + level + ",\"xp\":" + xp + "}";
    }

    private Reply keyed(String method, String path, String body, String... keys) {
        var request = api().request(path).header("Content-Type", "application/json");
        for (String key : keys) {
            request.header("Idempotency-Key", key);
        }
        return api().send(request.method(method, ApiClient.body(body)));
    }

    private static String query(Instant at) {
        return URLEncoder.encode(at.toString(), StandardCharsets.UTF_8);
    }

    /** Every page of {@code path}, following the Link headers. */
    private List<Reply> allPages(String path) {
        List<Reply> pages = new ArrayList<>();
        Optional<String> next = Optional.of(path);
        while (next.isPresent()) {
            Reply page = api().get(next.get());
            assertThat(page.status()).as(page.body()).isEqualTo(200);
            pages.add(page);
            next = page.header("Link").map(link -> {
                Matcher m = NEXT.matcher(link);
                assertThat(m.matches()).as(link).isTrue();
                return m.group(1);
            });
            if (next.isPresent()) {
                assertThat(next.get())
                        .contains("after=" + page.header("X-Next-Cursor").orElseThrow());
            }
        }
        return pages;
    }

    private static List<JsonNode> elements(List<Reply> pages) {
        List<JsonNode> all = new ArrayList<>();
        pages.forEach(page -> page.json().forEach(all::add));
        return all;
    }

    @Nested
    class MemberRecords {

        @Test
        void getOfNoRecord_is404LevelRecordNotFound() {
            assertError(api().get(LEVELS + ALICE), 404, "Level record not found");
        }

        @Test
        void put_createsThenReplaces_andGetReadsIt_withExactU64s() {
            Reply created = api().put(LEVELS + ALICE, "{\"level\": 3, \"xp\": 40}");
            Reply replaced = api().put(
                            LEVELS + ALICE, "{\"level\": " + U64_MAX + ", \"xp\": " + U64_MAX + ", \"reason\": null}");

            assertThat(created.status()).isEqualTo(200);
            assertThat(created.body()).isEqualTo(record(ALICE, "3", "40"));
            assertThat(replaced.body()).isEqualTo(record(ALICE, U64_MAX, U64_MAX));
            assertThat(api().get(LEVELS + ALICE).body()).isEqualTo(record(ALICE, U64_MAX, U64_MAX));
        }

        @Test
        void theBotsRecord_isReadByItsCanonicalId() {
            botWrites(new LevelRecord(GUILD + ":" + ALICE, U64.ofNonNegative(12), U64.ofNonNegative(2)));

            assertThat(api().get(LEVELS + ALICE).body()).isEqualTo(record(ALICE, "2", "12"));
        }

        @Test
        void userIdWithPlusOrLeadingZeros_namesTheSameUser() {
            api().put("/api/" + GUILD + "/levels/+0007", "{\"level\": 1, \"xp\": 2}");

            assertThat(api().get("/api/" + GUILD + "/levels/007").body()).isEqualTo(record("7", "1", "2"));
            assertThat(api().get(LEVELS + "7").body()).isEqualTo(record("7", "1", "2"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"0", "+0", "-1", "abc", "18446744073709551616", "1.0", "%201", "0x1"})
        void aUserIdThatIsNotAUser_is400_onEveryMethod(String user) {
            String path = "/api/" + GUILD + "/levels/" + user;
            assertError(api().get(path), 400, "Invalid user_id");
            assertError(api().put(path, "{\"level\": 1, \"xp\": 1}"), 400, "Invalid user_id");
            assertError(api().patch(path, "{\"xp_delta\": 1}"), 400, "Invalid user_id");
            assertError(api().delete(path), 400, "Invalid user_id");
            assertError(api().get(path + "/history"), 400, "Invalid user_id");
        }

        @Test
        void patch_startsAMissingRecordAtZero_addsXpAndLevel_andClampsAtZero() {
            assertThat(api().patch(LEVELS + ALICE, "{\"xp_delta\": 50}").body()).isEqualTo(record(ALICE, "0", "50"));
            assertThat(api().patch(LEVELS + ALICE, "{\"xp_delta\": 10, \"level_delta\": 2, \"reason\": \"event\"}")
                            .body())
                    .isEqualTo(record(ALICE, "2", "60"));
            assertThat(api().patch(LEVELS + ALICE, "{\"xp_delta\": -" + U64_MAX + ", \"level_delta\": -3}")
                            .body())
                    .isEqualTo(record(ALICE, "0", "0"));
        }

        @Test
        void patch_aboveTheLargestValue_is400_andChangesNothing() {
            api().put(LEVELS + ALICE, "{\"level\": " + U64_MAX + ", \"xp\": 18446744073709551614}");

            assertError(
                    api().patch(LEVELS + ALICE, "{\"xp_delta\": 2}"),
                    400,
                    "Invalid xp_delta: the result would exceed 18446744073709551615");
            assertError(
                    api().patch(LEVELS + ALICE, "{\"xp_delta\": 0, \"level_delta\": 1}"),
                    400,
                    "Invalid level_delta: the result would exceed 18446744073709551615");
            assertThat(api().get(LEVELS + ALICE).body()).isEqualTo(record(ALICE, U64_MAX, "18446744073709551614"));
            assertThat(api().get(LEVELS + ALICE + "/history").json()).hasSize(1);
            assertThat(api().patch(LEVELS + ALICE, "{\"xp_delta\": 1}").body())
                    .isEqualTo(record(ALICE, U64_MAX, U64_MAX));
        }

        @Test
        void delete_givesTheRecordAsItWas_withOrWithoutABody_thenIs404() {
            api().put(LEVELS + ALICE, "{\"level\": 1, \"xp\": 2}");
            api().put(LEVELS + BOB, "{\"level\": 3, \"xp\": 4}");

            assertThat(api().delete(LEVELS + ALICE).body()).isEqualTo(record(ALICE, "1", "2"));
            assertThat(api().delete(LEVELS + BOB, "{\"reason\": \"left the server\"}")
                            .body())
                    .isEqualTo(record(BOB, "3", "4"));

            assertError(api().get(LEVELS + ALICE), 404, "Level record not found");
            assertError(api().delete(LEVELS + ALICE), 404, "Level record not found");
            assertThat(api().get(LEVELS + BOB + "/history")
                            .json()
                            .get(0)
                            .get("reason")
                            .asText())
                    .isEqualTo("left the server");
        }

        @Test
        void reset_removesEveryRecordOfTheGuild_andNoOthers() {
            botWrites(
                    new LevelRecord(SHORT_GUILD + ":1", U64.ZERO, U64.ZERO),
                    new LevelRecord(SHORT_GUILD + ":abc", U64.ZERO, U64.ZERO),
                    new LevelRecord(SHORT_GUILD + ":2", U64.ofNonNegative(1), U64.ZERO),
                    new LevelRecord(LONG_GUILD + ":1", U64.ZERO, U64.ZERO));

            Reply reset = api().delete(
                            "/api/" + SHORT_GUILD + "/levels",
                            "{\"confirm_guild_id\": \"12\", \"reason\": \"season 2\"}");

            assertThat(reset.status()).isEqualTo(200);
            assertThat(reset.body())
                    .isEqualTo("{\"success\":true,\"message\":\"Leaderboard of 12 reset: 3 level records removed\"}");
            assertThat(api().get("/api/" + SHORT_GUILD + "/leaderboard").body()).isEqualTo("[]");
            assertThat(api().get("/api/" + LONG_GUILD + "/leaderboard").json()).hasSize(1);
            assertThat(api().get("/api/" + SHORT_GUILD + "/xp_log?source=api").json())
                    .hasSize(3)
                    .allSatisfy(e -> assertThat(e.get("reason").asText()).isEqualTo("season 2"));
        }

        @Test
        void reset_wantsTheGuildIdAsThePathWroteIt() {
            assertError(
                    api().delete("/api/0" + SHORT_GUILD + "/levels", "{\"confirm_guild_id\": \"12\"}"),
                    400,
                    "Invalid confirm_guild_id: it must repeat the guild id of the path");
            assertError(
                    api().delete("/api/" + ABSENT + "/levels", "{\"confirm_guild_id\": \"" + GUILD + "\"}"),
                    400,
                    "Invalid confirm_guild_id: it must repeat the guild id of the path");
            assertThat(api().delete("/api/0" + SHORT_GUILD + "/levels", "{\"confirm_guild_id\": \"012\"}")
                            .body())
                    .isEqualTo("{\"success\":true,\"message\":\"Leaderboard of 12 reset: 0 level records removed\"}");
            assertBadRequest(api().delete("/api/" + SHORT_GUILD + "/levels"));
            assertBadRequest(api().delete("/api/" + SHORT_GUILD + "/levels", "{\"confirm_guild_id\": 12}"));
        }

        @Test
        void checksComeInTheContractsOrder_keyThenPathThenBodyThenPresenceThenStore() {
            assertError(
                    api().send(api().anonymous("/api/" + ABSENT + "/levels/abc")
                            .header("Content-Type", "application/json")
                            .PUT(ApiClient.body("not json"))),
                    401,
                    "Missing or invalid API key");
            assertError(api().put("/api/x/levels/abc", "not json"), 400, "Invalid guild_id");
            assertError(api().put("/api/" + ABSENT + "/levels/abc", "not json"), 400, "Invalid user_id");
            assertBadRequest(api().put("/api/" + ABSENT + "/levels/" + ALICE, "not json"));
            assertError(
                    api().put("/api/" + ABSENT + "/levels/" + ALICE, "{\"level\": -1, \"xp\": 0}"),
                    400,
                    "Invalid level: must be an integer from 0 to 18446744073709551615");
            assertError(
                    keyed("PUT", "/api/" + ABSENT + "/levels/" + ALICE, "{\"level\": 1, \"xp\": 0}", "a b"),
                    400,
                    "Invalid Idempotency-Key");
            assertError(
                    api().put("/api/" + ABSENT + "/levels/" + ALICE, "{\"level\": 1, \"xp\": 0}"),
                    404,
                    "Bot is not in this guild");
            assertError(api().get("/api/" + ABSENT + "/levels/" + ALICE), 404, "Bot is not in this guild");
            assertError(
                    api().delete("/api/" + ABSENT + "/levels", "{\"confirm_guild_id\": \"" + ABSENT + "\"}"),
                    404,
                    "Bot is not in this guild");
        }

        @ParameterizedTest
        @ValueSource(
                strings = {
                    "",
                    "[]",
                    "null",
                    "{}",
                    "{\"xp\": 1}",
                    "{\"level\": 1}",
                    "{\"level\": null, \"xp\": 1}",
                    "{\"level\": \"1\", \"xp\": 1}",
                    "{\"level\": 1.5, \"xp\": 1}",
                    "{\"level\": 1e3, \"xp\": 1}",
                    "{\"level\": true, \"xp\": 1}",
                    "{\"level\": 1, \"xp\": 1, \"reason\": 5}",
                    "{\"level\": 1, \"level\": 1, \"xp\": 1}",
                    "{\"level\": 18446744073709551616, \"xp\": 1}"
                })
        void unreadablePutBodies_are400_andStoreNothing(String body) {
            assertBadRequest(api().put(LEVELS + ALICE, body));
            assertError(api().get(LEVELS + ALICE), 404, "Level record not found");
        }

        @Test
        void wrongFields_areNamed() {
            assertError(api().put(LEVELS + ALICE, "{\"xp\": 1}"), 400, "level is required");
            assertError(api().put(LEVELS + ALICE, "{\"level\": \"1\", \"xp\": 1}"), 400, "level must be an integer");
            assertError(api().patch(LEVELS + ALICE, "{\"level_delta\": 1}"), 400, "xp_delta is required");
            assertError(api().patch(LEVELS + ALICE, "{\"xp_delta\": 0.5}"), 400, "xp_delta must be an integer");
            assertError(
                    api().patch(LEVELS + ALICE, "{\"xp_delta\": -18446744073709551616}"),
                    400,
                    "Invalid xp_delta: must be an integer from -18446744073709551615 to 18446744073709551615");
            assertError(
                    api().patch(LEVELS + ALICE, "{\"xp_delta\": 1, \"reason\": \"" + "x".repeat(501) + "\"}"),
                    400,
                    "Invalid reason: at most 500 characters");
            assertError(api().delete(LEVELS + ALICE, "{\"reason\": 1}"), 400, "reason must be a string");
        }

        @Test
        void aReasonOfFiveHundredCharacters_isKeptWhole() {
            String reason = "\uD83C\uDF89".repeat(500);

            assertThat(api().patch(LEVELS + ALICE, "{\"xp_delta\": 1, \"reason\": \"" + reason + "\"}")
                            .status())
                    .isEqualTo(200);
            assertThat(api().get(LEVELS + ALICE + "/history")
                            .json()
                            .get(0)
                            .get("reason")
                            .asText())
                    .isEqualTo(reason);
        }

        @Test
        void aHundredConcurrentPatches_addExactlyAHundred() throws Exception {
            List<Integer> statuses = Concurrently.run(
                    100,
                    i -> () -> api().patch(LEVELS + ALICE, "{\"xp_delta\": 1}").status());

            assertThat(statuses).containsOnly(200);
            assertThat(api().get(LEVELS + ALICE).body()).isEqualTo(record(ALICE, "0", "100"));
            assertThat(api().get(LEVELS + ALICE + "/history?limit=1000").json()).hasSize(100);
        }
    }

    @Nested
    class Idempotency {

        @Test
        void aRetry_getsTheFirstAnswer_andChangesNothing() {
            Reply first = keyed("PATCH", LEVELS + ALICE, "{\"xp_delta\": 5}", "retry-1");
            api().patch(LEVELS + ALICE, "{\"xp_delta\": 100}");

            Reply again = keyed("PATCH", LEVELS + ALICE, "{\"xp_delta\": 5}", "retry-1");

            assertThat(first.body()).isEqualTo(record(ALICE, "0", "5"));
            assertThat(again.status()).isEqualTo(200);
            assertThat(again.body()).isEqualTo(first.body());
            assertThat(api().get(LEVELS + ALICE).body()).isEqualTo(record(ALICE, "0", "105"));
            assertThat(api().get(LEVELS + ALICE + "/history").json()).hasSize(2);
        }

        @Test
        void aRetrySpelledDifferently_isTheSameRequest() {
            Reply first = keyed("PUT", LEVELS + ALICE, "{\"level\": 1, \"xp\": 2}", "k");

            Reply again = keyed("PUT", "/api/0" + GUILD + "/levels/+" + ALICE, "{ \"xp\" : 2,\n \"level\": 1 }", "k");

            assertThat(again.body()).isEqualTo(first.body());
            assertThat(api().get(LEVELS + ALICE + "/history").json()).hasSize(1);
        }

        @Test
        void theKeyForAnotherMethodPathOrBody_is409_andChangesNothing() {
            keyed("PATCH", LEVELS + ALICE, "{\"xp_delta\": 5}", "k");
            String used = "Idempotency-Key already used for another request";

            assertError(keyed("PATCH", LEVELS + ALICE, "{\"xp_delta\": 6}", "k"), 409, used);
            assertError(keyed("PATCH", LEVELS + ALICE, "{\"xp_delta\": 5, \"reason\": \"r\"}", "k"), 409, used);
            assertError(keyed("PATCH", LEVELS + BOB, "{\"xp_delta\": 5}", "k"), 409, used);
            assertError(keyed("PUT", LEVELS + ALICE, "{\"level\": 0, \"xp\": 5}", "k"), 409, used);
            assertError(keyed("DELETE", LEVELS + ALICE, "{}", "k"), 409, used);
            assertError(
                    keyed("DELETE", "/api/" + GUILD + "/levels", "{\"confirm_guild_id\": \"" + GUILD + "\"}", "k"),
                    409,
                    used);
            assertThat(api().get(LEVELS + ALICE).body()).isEqualTo(record(ALICE, "0", "5"));
            assertError(api().get(LEVELS + BOB), 404, "Level record not found");
        }

        @Test
        void theSameKeyInAnotherGuild_isAnotherKey() {
            keyed("PATCH", LEVELS + ALICE, "{\"xp_delta\": 5}", "k");

            Reply other = keyed("PATCH", "/api/" + SHORT_GUILD + "/levels/" + ALICE, "{\"xp_delta\": 5}", "k");

            assertThat(other.status()).isEqualTo(200);
        }

        @Test
        void removalsAndResets_areReplayed_butA404IsNotKept() {
            assertError(keyed("DELETE", LEVELS + ALICE, "{}", "del"), 404, "Level record not found");
            api().put(LEVELS + ALICE, "{\"level\": 1, \"xp\": 1}");
            Reply removed = keyed("DELETE", LEVELS + ALICE, "{}", "del");
            api().put(LEVELS + ALICE, "{\"level\": 2, \"xp\": 2}");

            assertThat(removed.body()).isEqualTo(record(ALICE, "1", "1"));
            assertThat(keyed("DELETE", LEVELS + ALICE, "{}", "del").body()).isEqualTo(removed.body());
            assertThat(api().get(LEVELS + ALICE).body()).isEqualTo(record(ALICE, "2", "2"));

            String reset = "{\"confirm_guild_id\": \"" + GUILD + "\"}";
            Reply first = keyed("DELETE", "/api/" + GUILD + "/levels", reset, "reset");
            api().put(LEVELS + BOB, "{\"level\": 2, \"xp\": 2}");
            assertThat(keyed("DELETE", "/api/" + GUILD + "/levels", reset, "reset")
                            .body())
                    .isEqualTo(first.body());
            assertThat(api().get(LEVELS + BOB).status()).isEqualTo(200);
        }

        @Test
        void aRefusedRequest_keepsNoAnswer() {
            assertBadRequest(keyed("PATCH", LEVELS + ALICE, "{\"xp_delta\": \"5\"}", "k"));
            assertError(
                    keyed("PATCH", "/api/" + ABSENT + "/levels/" + ALICE, "{\"xp_delta\": 5}", "k2"),
                    404,
                    "Bot is not in this guild");

            assertThat(keyed("PATCH", LEVELS + ALICE, "{\"xp_delta\": 7}", "k").status())
                    .isEqualTo(200);
        }

        @ParameterizedTest
        @ValueSource(strings = {"a b", "\t", "a\tb"})
        void anInvalidKey_is400(String key) {
            assertError(keyed("PATCH", LEVELS + ALICE, "{\"xp_delta\": 5}", key), 400, "Invalid Idempotency-Key");
            assertError(api().get(LEVELS + ALICE), 404, "Level record not found");
        }

        @Test
        void aKeyTooLong_orTwoKeys_is400() {
            assertThat(keyed("PATCH", LEVELS + ALICE, "{\"xp_delta\": 5}", "k".repeat(255))
                            .status())
                    .isEqualTo(200);
            assertError(
                    keyed("PATCH", LEVELS + ALICE, "{\"xp_delta\": 5}", "k".repeat(256)),
                    400,
                    "Invalid Idempotency-Key");
            assertError(keyed("PATCH", LEVELS + ALICE, "{\"xp_delta\": 5}", "a", "a"), 400, "Invalid Idempotency-Key");
        }

        @Test
        void concurrentRetriesOfOneNewKey_writeOnce() throws Exception {
            List<String> bodies = Concurrently.run(
                    20,
                    i -> () -> keyed("PATCH", LEVELS + ALICE, "{\"xp_delta\": 1}", "once")
                            .body());

            assertThat(bodies).containsOnly(record(ALICE, "0", "1"));
            assertThat(api().get(LEVELS + ALICE).body()).isEqualTo(record(ALICE, "0", "1"));
        }
    }

    @Nested
    class XpLog {

        private static final Pattern AT = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z");

        @Test
        void aMembersHistory_isEveryChange_newestFirst_withItsSource() {
            api().put(LEVELS + ALICE, "{\"level\": 1, \"xp\": 10, \"reason\": \"welcome\"}");
            api().put(LEVELS + ALICE, "{\"level\": 1, \"xp\": 10}"); // no change: not logged
            botWrites(new LevelRecord(GUILD + ":" + ALICE, U64.ofNonNegative(20), U64.ofNonNegative(2)));
            api().delete(LEVELS + ALICE);

            JsonNode events = api().get(LEVELS + ALICE + "/history").json();

            assertThat(events).hasSize(3);
            assertThat(events.get(2).toString())
                    .matches("\\{\"event_id\":\"[^\"]+\",\"user_id\":\"" + ALICE
                            + "\",\"level_before\":null,\"xp_before\":null,\"level_after\":1,\"xp_after\":10,"
                            + "\"source\":\"api\",\"reason\":\"welcome\",\"at\":\"[^\"]+\"}");
            assertThat(events.get(1).get("source").asText()).isEqualTo("store");
            assertThat(events.get(1).get("reason").isNull()).isTrue();
            assertThat(events.get(1).get("xp_after").asLong()).isEqualTo(20);
            assertThat(events.get(0).get("level_after").isNull()).isTrue();
            assertThat(events.get(0).get("level_before").asLong()).isEqualTo(2);
            for (JsonNode event : events) {
                assertThat(event.get("at").asText()).matches(AT);
                Instant at = Instant.parse(event.get("at").asText());
                assertThat(at)
                        .isBetween(
                                Instant.now().minusSeconds(600), Instant.now().plusSeconds(600));
            }
        }

        @Test
        void largestValues_areLoggedExactly() {
            api().put(LEVELS + ALICE, "{\"level\": " + U64_MAX + ", \"xp\": " + U64_MAX + "}");

            assertThat(api().get(LEVELS + ALICE + "/history").body())
                    .contains("\"level_after\":" + U64_MAX + ",\"xp_after\":" + U64_MAX + ",");
        }

        @Test
        void pagesOfEverySize_concatenated_areTheWholeHistory() {
            for (int i = 0; i < 7; i++) {
                api().patch(LEVELS + ALICE, "{\"xp_delta\": 1}");
                api().patch(LEVELS + BOB, "{\"xp_delta\": 1}");
            }
            List<JsonNode> whole = elements(List.of(api().get(LEVELS + ALICE + "/history?limit=1000")));
            assertThat(whole).hasSize(7);
            assertThat(whole).extracting(e -> e.get("xp_after").asLong()).containsExactly(7L, 6L, 5L, 4L, 3L, 2L, 1L);

            for (int limit = 1; limit <= 8; limit++) {
                List<Reply> pages = allPages(LEVELS + ALICE + "/history?limit=" + limit);
                assertThat(elements(pages)).as("pages of %d", limit).isEqualTo(whole);
                assertThat(pages.get(pages.size() - 1).header("Link")).isEmpty();
            }
            assertThat(elements(allPages("/api/" + GUILD + "/xp_log?limit=3"))).hasSize(14);
        }

        @Test
        void theDefaultPage_isAHundred() {
            for (int i = 0; i < 101; i++) {
                api().patch(LEVELS + ALICE, "{\"xp_delta\": 1}");
            }

            Reply first = api().get(LEVELS + ALICE + "/history");

            assertThat(first.json()).hasSize(100);
            assertThat(first.header("Link")).isPresent();
        }

        @Test
        void theGuildsLog_isFilteredByTimeAndSource_andHoldsNoOtherGuild() {
            Instant before = Instant.now().minusSeconds(1).truncatedTo(ChronoUnit.MILLIS);
            api().patch(LEVELS + ALICE, "{\"xp_delta\": 1}");
            botWrites(new LevelRecord(GUILD + ":" + BOB, U64.ofNonNegative(1), U64.ZERO));
            api().patch("/api/" + SHORT_GUILD + "/levels/1", "{\"xp_delta\": 1}");
            Instant after = Instant.now().plusSeconds(1);
            String log = "/api/" + GUILD + "/xp_log";

            assertThat(api().get(log).json())
                    .extracting(e -> e.get("user_id").asText())
                    .containsExactly(BOB, ALICE);
            assertThat(api().get(log + "?source=api").json())
                    .extracting(e -> e.get("user_id").asText())
                    .containsExactly(ALICE);
            assertThat(api().get(log + "?source=store").json())
                    .extracting(e -> e.get("user_id").asText())
                    .containsExactly(BOB);
            assertThat(api().get(log + "?since=" + query(before) + "&until=" + query(after))
                            .json())
                    .hasSize(2);
            assertThat(api().get(log + "?since=" + query(after)).json()).isEmpty();
            assertThat(api().get(log + "?until=" + query(before)).json()).isEmpty();
            assertThat(api().get(log + "?since=2000-01-01T00:00:00%2B01:00&limit=1")
                            .header("Link")
                            .orElseThrow())
                    .contains("since=2000-01-01T00%3A00%3A00%2B01%3A00&limit=1&after=");
        }

        @Test
        void badQueries_are400NamingTheParameter_beforeThePresenceCheck() {
            for (String base :
                    List.of("/api/" + ABSENT + "/xp_log", "/api/" + ABSENT + "/levels/" + ALICE + "/history")) {
                assertError(api().get(base + "?limit=0"), 400, "Invalid limit: must be an integer from 1 to 1000");
                assertError(api().get(base + "?limit=1001"), 400, "Invalid limit: must be an integer from 1 to 1000");
                assertError(api().get(base + "?limit=x"), 400, "Invalid limit: must be an integer from 1 to 1000");
                assertError(api().get(base + "?limit=1&limit=2"), 400, "Invalid limit: given more than once");
                assertError(api().get(base + "?after=x"), 400, "Invalid after: not a cursor of this leaderboard");
                assertError(api().get(base + "?after=0"), 400, "Invalid after: not a cursor of this leaderboard");
                assertError(api().get(base), 404, "Bot is not in this guild");
            }
            String log = "/api/" + ABSENT + "/xp_log";
            assertThat(api().get(log + "?since=yesterday").message())
                    .startsWith("Invalid since: not an RFC 3339 date-time");
            assertThat(api().get(log + "?until=2026-01-01").message())
                    .startsWith("Invalid until: not an RFC 3339 date-time");
            assertError(api().get(log + "?since=2026-02-30T00:00:00Z"), 400, "Invalid since: no such date or time");
            assertError(
                    api().get(log + "?since=2026-01-01T00:00:00Z&until=2026-01-01T00:00:00Z"),
                    400,
                    "Invalid until: it must be after since");
            assertError(api().get(log + "?source=bot"), 400, "Invalid source: it must be api or store");
        }
    }

    @Nested
    class Windows {

        private final String since = query(Instant.now().minus(Duration.ofHours(1)));

        @Test
        void aWindow_ranksByLevelGained_thenXpGained_thenId_showingCurrentValues() {
            botWrites(new LevelRecord(GUILD + ":" + BOB, U64.ofNonNegative(1000), U64.ofNonNegative(9)));
            api().patch(LEVELS + ALICE, "{\"xp_delta\": 500}");
            api().patch(LEVELS + BOB, "{\"xp_delta\": 10, \"level_delta\": 1}");
            api().patch(LEVELS + "8", "{\"xp_delta\": 10, \"level_delta\": 1}");
            api().patch(LEVELS + "7", "{\"xp_delta\": 10, \"level_delta\": 1}");
            api().patch(LEVELS + "6", "{\"xp_delta\": 0}"); // created at 0: gained nothing
            api().put(LEVELS + "9", "{\"level\": 0, \"xp\": 5}");
            api().patch(LEVELS + "9", "{\"xp_delta\": -5}"); // 0 in all: gained nothing

            Reply board = api().get("/api/" + GUILD + "/leaderboard?since=" + since);

            assertThat(board.status()).as(board.body()).isEqualTo(200);
            assertThat(board.json())
                    .extracting(e -> e.get("user_id").asText() + "@"
                            + e.get("rank").asLong() + " "
                            + e.get("level_gained").asText() + "/"
                            + e.get("xp_gained").asText() + " now "
                            + e.get("level").asText() + "/" + e.get("xp").asText())
                    .containsExactly(
                            BOB + "@1 10/1010 now 10/1010", // the bot created the record in the window
                            "7@2 1/10 now 1/10",
                            "8@3 1/10 now 1/10",
                            ALICE + "@4 0/500 now 0/500");
            assertThat(board.json().get(3).get("username").asText()).isEqualTo("Alice");
            assertThat(board.json().get(1).get("username").asText()).isEqualTo("Unknown User");
        }

        @Test
        void aWindowThatEndedBeforeTheEvents_isEmpty() {
            api().patch(LEVELS + ALICE, "{\"xp_delta\": 5}");

            String until = query(Instant.now().minus(Duration.ofMinutes(30)));
            assertThat(api().get("/api/" + GUILD + "/leaderboard?since=" + since + "&until=" + until)
                            .body())
                    .isEqualTo("[]");
        }

        @Test
        void aMembersWindowEntry_isTheirs_or404UserNotRanked() {
            api().patch(LEVELS + ALICE, "{\"xp_delta\": 5}");
            api().patch(LEVELS + BOB, "{\"xp_delta\": 50}");

            JsonNode alice = api().get("/api/" + GUILD + "/leaderboard/" + ALICE + "?since=" + since)
                    .json();

            assertThat(alice.get("rank").asLong()).isEqualTo(2);
            assertThat(alice.get("xp_gained").asLong()).isEqualTo(5);
            assertError(api().get("/api/" + GUILD + "/leaderboard/7?since=" + since), 404, "User not ranked");
        }

        @Test
        void pagesOfAWindow_concatenated_areTheWholeWindow() {
            for (int i = 1; i <= 5; i++) {
                api().patch(LEVELS + i, "{\"xp_delta\": " + i + "}");
            }
            List<JsonNode> whole = elements(List.of(api().get("/api/" + GUILD + "/leaderboard?since=" + since)));
            assertThat(whole).hasSize(5);

            for (int limit = 1; limit <= 6; limit++) {
                List<Reply> pages = allPages("/api/" + GUILD + "/leaderboard?since=" + since + "&limit=" + limit);
                assertThat(elements(pages)).as("pages of %d", limit).isEqualTo(whole);
            }
        }

        @Test
        void badWindows_are400_beforeThePresenceCheck() {
            String board = "/api/" + ABSENT + "/leaderboard";
            String old = query(Instant.now().minus(Duration.ofDays(91)));
            assertError(api().get(board + "?since=" + old), 400, "Invalid since: before the retained history");
            assertError(
                    api().get(board + "?since=" + since + "&until=" + since),
                    400,
                    "Invalid until: it must be after since");
            assertThat(api().get(board + "?since=now").message()).startsWith("Invalid since: not an RFC 3339");
            assertThat(api().get(board + "/" + ALICE + "?since=" + since + "&until=x")
                            .message())
                    .startsWith("Invalid until: not an RFC 3339");
            assertError(
                    api().get(board + "?since=" + since + "&limit=1&after=x"),
                    400,
                    "Invalid after: not a cursor of this leaderboard");
            assertError(api().get(board + "?since=" + since + "&after=x"), 400, "Invalid after: it needs limit");
            assertError(api().get(board + "?since=" + since), 404, "Bot is not in this guild");
        }

        @Test
        void aCursorOfAnotherWindow_is400() {
            for (int i = 1; i <= 3; i++) {
                api().patch(LEVELS + i, "{\"xp_delta\": " + i + "}");
            }
            String cursor = api().get("/api/" + GUILD + "/leaderboard?since=" + since + "&limit=1")
                    .header("X-Next-Cursor")
                    .orElseThrow();
            String other = query(Instant.now().minus(Duration.ofHours(2)));

            assertError(
                    api().get("/api/" + GUILD + "/leaderboard?since=" + other + "&limit=1&after=" + cursor),
                    400,
                    "Invalid after: not a cursor of this leaderboard");
        }

        @Test
        void withoutSince_theLeaderboardIsTheWholeOne_untilIsIgnored() {
            api().patch(LEVELS + ALICE, "{\"xp_delta\": 5}");
            Reply whole = api().get("/api/" + GUILD + "/leaderboard");

            assertThat(api().get("/api/" + GUILD + "/leaderboard?until=" + since)
                            .body())
                    .isEqualTo(whole.body());
            assertThat(whole.body()).doesNotContain("gained");
        }
    }
}
