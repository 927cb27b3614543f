package com.communitybot.discord;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;
import net.dv8tion.jda.api.requests.RestConfig;

/**
 * How to reach Discord: the bot token and, for a REST proxy or a test server, another base URL of the REST API.
 *
 * @param token      the bot token ({@code DISCORD_TOKEN}), without the {@code Bot } prefix
 * @param apiBaseUrl the base URL of Discord's REST API ({@code DISCORD_API_URL}); empty for Discord's own. The
 *                   gateway's URL is not configured: it is what {@code GET /gateway/bot} of this API answers.
 */
public record DiscordSettings(String token, Optional<URI> apiBaseUrl) {

    public DiscordSettings {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(apiBaseUrl, "apiBaseUrl");
        if (token.isBlank()) {
            throw new IllegalArgumentException("token must not be blank");
        }
        // JDA would refuse such a token later, with a message about its own builder; say it here, in our terms.
        if (token.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("token must not contain white space");
        }
        apiBaseUrl.ifPresent(DiscordSettings::requireHttpUrl);
    }

    /** Settings for Discord's own REST API. */
    public static DiscordSettings of(String token) {
        return new DiscordSettings(token, Optional.empty());
    }

    /** Settings for the REST API at {@code apiBaseUrl}, e.g. {@code http://127.0.0.1:4000/api/v10/}. */
    public static DiscordSettings of(String token, URI apiBaseUrl) {
        return new DiscordSettings(token, Optional.of(apiBaseUrl));
    }

    /**
     * Settings from the values of {@code DISCORD_TOKEN} and {@code DISCORD_API_URL}, the latter null or blank for
     * Discord's own API.
     */
    public static DiscordSettings fromEnvironmentValues(String token, String apiUrl) {
        if (apiUrl == null || apiUrl.isBlank()) {
            return of(token);
        }
        URI uri;
        try {
            uri = URI.create(apiUrl.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("DISCORD_API_URL is not a URL: " + apiUrl, e);
        }
        return of(token, uri);
    }

    /** The REST API's base URL, ending with a slash so that routes are appended to it. */
    String restBaseUrl() {
        return apiBaseUrl
                .map(URI::toString)
                .map(url -> url.endsWith("/") ? url : url + "/")
                .orElse(RestConfig.DEFAULT_BASE_URL);
    }

    private static void requireHttpUrl(URI url) {
        String scheme = url.getScheme();
        if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme) || url.getHost() == null) {
            throw new IllegalArgumentException("apiBaseUrl must be an http or https URL with a host: " + url);
        }
    }

    /** The token stays out of logs and exception messages. */
    @Override
    public String toString() {
        return "DiscordSettings[token=<hidden>, apiBaseUrl="
                + apiBaseUrl.map(URI::toString).orElse("Discord's") + "]";
    }
}
