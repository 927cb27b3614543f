package com.communitybot.discord;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import net.dv8tion.jda.api.requests.RestConfig;

/**
 * Asks the REST API for the gateway ({@code GET /gateway/bot}) before JDA logs in, to tell a refused token from an
 * unreachable Discord in one line. JDA's own login logs an unreachable Discord at ERROR with a stack trace on
 * every attempt; this probe lets the view wait with back-off instead, and start JDA only once it can log in.
 */
final class GatewayProbe {

    /** What the REST API said. */
    sealed interface Outcome {}

    /** It answered: JDA can log in. */
    record Reachable() implements Outcome {}

    /** It refused the token (401). */
    record Unauthorized() implements Outcome {}

    /** It could not be reached or answered with an error: try again later. */
    record Unavailable(String reason) implements Outcome {}

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
    private final URI gatewayBot;
    private final String token;

    GatewayProbe(DiscordSettings settings) {
        this.gatewayBot = URI.create(settings.restBaseUrl()).resolve("gateway/bot");
        this.token = settings.token();
    }

    URI url() {
        return gatewayBot;
    }

    Outcome probe() {
        HttpRequest request = HttpRequest.newBuilder(gatewayBot)
                .timeout(REQUEST_TIMEOUT)
                .header("Authorization", "Bot " + token)
                .header("User-Agent", RestConfig.USER_AGENT)
                .GET()
                .build();
        try {
            int status =
                    client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status == 401) {
                return new Unauthorized();
            }
            return status / 100 == 2 ? new Reachable() : new Unavailable("HTTP " + status);
        } catch (IOException e) {
            return new Unavailable(Failures.oneLine(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Unavailable("interrupted");
        }
    }
}
