package com.communitybot.http;

import com.communitybot.http.testing.ApiFixture;
import java.util.List;
import java.util.Set;

/**
 * Every endpoint of spec section 4 and its additions, with the statuses the contract allows it for a request
 * that is authenticated and well addressed: the spec's own answers, and 400, 413 and 415 for a request the
 * service cannot read. Never a 5xx. Shared by the fuzz tests and the hostile-input tests.
 */
final class Endpoints {

    private Endpoints() {}

    /** One endpoint; {@code path} holds {@code %s} where its guild segment goes, if it has one. */
    record Endpoint(String method, String path, boolean hasBody, Set<Integer> answers) {

        String at(String guildSegment) {
            return path.contains("%s") ? path.formatted(guildSegment) : path;
        }

        boolean guildScoped() {
            return path.contains("%s");
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    private static final Set<Integer> UNREADABLE = Set.of(400, 413, 415);

    private static Endpoint endpoint(String method, String path, boolean hasBody, Integer... spec) {
        Set<Integer> answers = new java.util.HashSet<>(UNREADABLE);
        answers.addAll(List.of(spec));
        return new Endpoint(method, path, hasBody, Set.copyOf(answers));
    }

    /** The endpoints that read a request body (spec 4.1, 4.5-4.7, 4.9-4.11, 4.13, 4.15). */
    static final List<Endpoint> WITH_BODY = List.of(
            endpoint("POST", "/api/is_bot_there", true, 200),
            endpoint("POST", "/api/%s/level/track", true, 201, 409),
            endpoint("PATCH", "/api/%s/level/track", true, 200, 404),
            endpoint("DELETE", "/api/%s/level/track", true, 200, 404),
            endpoint("POST", "/api/%s/level_bridger", true, 201, 409),
            endpoint("PUT", "/api/%s/level_bridger", true, 200, 404),
            endpoint("DELETE", "/api/%s/level_bridger", true, 200, 404),
            endpoint("POST", "/api/beta_testing", true, 201, 409),
            endpoint("POST", "/api/is_beta_server", true, 200));

    /**
     * The ledger's endpoints that read a body (ledger L1), kept apart from {@link #WITH_BODY}: the fuzz tests' committed
     * inputs pick an endpoint of that list by its index.
     */
    static final List<Endpoint> LEDGER_WITH_BODY = List.of(
            endpoint("PUT", "/api/%s/levels/300000000000000001", true, 200),
            endpoint("PATCH", "/api/%s/levels/300000000000000001", true, 200),
            endpoint("DELETE", "/api/%s/levels/300000000000000001", true, 200, 404),
            endpoint("DELETE", "/api/%s/levels", true, 200));

    /** Every endpoint; those without a body answer 404 for a guild the bot is not in or a member it lacks. */
    static final List<Endpoint> ALL = java.util.stream.Stream.concat(
                    WITH_BODY.stream(),
                    java.util.stream.Stream.of(
                            endpoint("GET", "/api/%s/leaderboard", false, 200, 404),
                            endpoint("GET", "/api/%s/leaderboard/300000000000000001", false, 200, 404),
                            endpoint("GET", "/api/%s/roles", false, 200, 404),
                            endpoint("GET", "/api/%s/level/track", false, 200, 404),
                            endpoint("GET", "/api/%s/level_bridger", false, 200, 404),
                            endpoint("GET", "/api/beta_testing", false, 200),
                            endpoint("DELETE", "/api/beta_testing/%s", false, 200, 404)))
            .toList();

    /** The guild every guild-scoped request goes to: one the bot is in, so the body is what decides. */
    static final String GUILD = ApiFixture.GUILD;
}
