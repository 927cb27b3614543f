package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.http.testing.ApiClient;
import com.communitybot.persistence.testing.TestDatabase;
import com.communitybot.persistence.testing.TestPostgres;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Ledger L4 across a crash: two instances of the built jar on one PostgreSQL database; a reader of one instance's
 * stream has read some events when that instance is killed with {@code kill -9}, the other goes on taking writes, and
 * the reader resumes on the other with {@code Last-Event-ID}: every event after the last one it read comes once, in
 * order, none of those before it again.
 */
@Tag("verify")
class XpLogStreamKillIT {

    private static final String KEY = "stream-kill-key";
    private static final String GUILD = "100000000000000001";
    private static final String STREAM = "/api/" + GUILD + "/xp_log/stream";

    private static void patch(ApiClient api, int user) {
        ApiClient.Reply reply = api.patch("/api/" + GUILD + "/levels/" + user, "{\"xp_delta\":1}");
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    }

    @Test
    void aReaderOfAKilledInstance_resumesOnTheOther_missingNothing_gettingNothingTwice() throws Exception {
        try (TestDatabase database = TestPostgres.freshDatabase("stream_kill")) {
            Map<String, String> env = new HashMap<>(CrashSafetyIT.env(database));
            env.put("BOT_API_KEY", KEY);
            env.put("PORT", "0");
            env.put(
                    "GUILD_SNAPSHOT",
                    Path.of("..", "examples", "guild-snapshot.json").toString());
            try (JarProcess killed = JarProcess.start(env)) {
                URI first = URI.create("http://127.0.0.1:" + killed.awaitListening(Duration.ofMinutes(2)));
                try (JarProcess other = JarProcess.start(env)) {
                    URI second = URI.create("http://127.0.0.1:" + other.awaitListening(Duration.ofMinutes(2)));
                    ApiClient onSecond = new ApiClient(second, KEY);

                    String lastRead = null;
                    try (Sse reader = new Sse(first.resolve(STREAM), KEY, null)) {
                        assertThat(reader.next()).isEqualTo(": keep-alive");
                        for (int user = 1; user <= 3; user++) {
                            patch(onSecond, user);
                        }
                        // The reader takes two of the three, then its instance is killed.
                        for (int user = 1; user <= 2; user++) {
                            String event = reader.nextEvent();
                            assertThat(Sse.dataOf(event).get("user_id").asText())
                                    .isEqualTo(Integer.toString(user));
                            lastRead = Sse.idOf(event);
                        }
                        killed.kill();
                    }
                    for (int user = 4; user <= 6; user++) {
                        patch(onSecond, user);
                    }

                    try (Sse resumed = new Sse(second.resolve(STREAM), KEY, lastRead)) {
                        assertThat(resumed.next()).isEqualTo(": keep-alive");
                        List<String> users = new ArrayList<>();
                        for (int i = 0; i < 4; i++) {
                            users.add(Sse.dataOf(resumed.nextEvent())
                                    .get("user_id")
                                    .asText());
                        }
                        assertThat(users).containsExactly("3", "4", "5", "6");
                        patch(onSecond, 7);
                        assertThat(Sse.dataOf(resumed.nextEvent())
                                        .get("user_id")
                                        .asText())
                                .isEqualTo("7");
                    }
                }
            }
        }
    }
}
