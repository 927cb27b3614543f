package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A Server-Sent Events stream as a plain HTTP client reads it: the response's lines, read on a thread of its own,
 * grouped into blocks (the lines of one event or comment); {@link #next} waits for the next block.
 */
final class Sse implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    final HttpResponse<InputStream> response;
    final BlockingQueue<String> blocks = new LinkedBlockingQueue<>();

    Sse(URI stream, String apiKey, String lastEventId) throws IOException, InterruptedException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(stream).header("X-API-Key", apiKey).header("Accept", "text/event-stream");
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        response = HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        Thread reader = new Thread(this::read, "sse-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Each block of lines up to a blank line, as one string; "END" when the body ended cleanly. */
    private void read() {
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            StringBuilder block = new StringBuilder();
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isEmpty()) {
                    // Blank lines end an event; more than one in a row dispatch nothing (as after a comment).
                    if (block.length() > 0) {
                        blocks.add(block.toString());
                    }
                    block.setLength(0);
                } else {
                    block.append(block.length() == 0 ? "" : "\n").append(line);
                }
            }
            blocks.add("END");
        } catch (IOException e) {
            blocks.add("FAILED " + e);
        }
    }

    String next() throws InterruptedException {
        String block = blocks.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(block).as("a block of the stream within %s", WAIT).isNotNull();
        return block;
    }

    /** The next block that is an event (keep-alive comments skipped). */
    String nextEvent() throws InterruptedException {
        String block = next();
        while (block.equals(": keep-alive")) {
            block = next();
        }
        return block;
    }

    static String idOf(String block) {
        return block.lines()
                .filter(l -> l.startsWith("id: "))
                .findFirst()
                .orElseThrow()
                .substring(4);
    }

    static JsonNode dataOf(String block) throws IOException {
        return JSON.readTree(block.lines()
                .filter(l -> l.startsWith("data: "))
                .findFirst()
                .orElseThrow()
                .substring(6));
    }

    @Override
    public void close() {
        try {
            response.body().close();
        } catch (IOException e) {
            // gone already
        }
    }
}
