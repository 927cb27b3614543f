package com.communitybot.http.testing;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/** A plain JDK HTTP client for black-box tests: exact headers, raw bodies, no framework in between. */
public final class ApiClient {

    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;
    private final String apiKey;

    /** One request and its response as a test saw it, for checks against the API document. */
    public record Exchange(String method, URI uri, Reply reply) {}

    private static volatile Consumer<Exchange> recorder = exchange -> {};

    /** Every exchange of every client from now on goes to {@code to} as well (one suite at a time). */
    public static void recordInto(Consumer<Exchange> to) {
        recorder = to;
    }

    public ApiClient(URI base, String apiKey) {
        this.base = base;
        this.apiKey = apiKey;
    }

    /** A response as the test sees it. */
    public record Reply(int status, String contentType, String body, HttpHeaders headers) {

        /** The header's only value; empty when the response has none. */
        public java.util.Optional<String> header(String name) {
            List<String> values = headers.allValues(name);
            if (values.size() > 1) {
                throw new AssertionError(name + " given " + values.size() + " times: " + values);
            }
            return values.stream().findFirst();
        }

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + body, e);
            }
        }

        public String message() {
            return json().path("message").asText(null);
        }
    }

    public Reply get(String path) {
        return send(request(path).GET());
    }

    public Reply post(String path, String json) {
        return send(request(path).header("Content-Type", "application/json").POST(body(json)));
    }

    public Reply patch(String path, String json) {
        return send(request(path).header("Content-Type", "application/json").method("PATCH", body(json)));
    }

    public Reply put(String path, String json) {
        return send(request(path).header("Content-Type", "application/json").PUT(body(json)));
    }

    public Reply delete(String path, String json) {
        return send(request(path).header("Content-Type", "application/json").method("DELETE", body(json)));
    }

    public Reply delete(String path) {
        return send(request(path).DELETE());
    }

    /** A request with the API key, for tests that set more. */
    public HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .header("X-API-Key", apiKey);
    }

    /** A request without any API key. */
    public HttpRequest.Builder anonymous(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
    }

    public static HttpRequest.BodyPublisher body(String json) {
        return HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8);
    }

    public Reply send(HttpRequest.Builder request) {
        try {
            HttpRequest built = request.build();
            HttpResponse<String> response =
                    http.send(built, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            Reply reply = new Reply(
                    response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(null),
                    response.body(),
                    response.headers());
            recorder.accept(new Exchange(built.method(), built.uri(), reply));
            return reply;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
