package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.http.testing.ApiFixture;
import com.communitybot.http.testing.RawHttp;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Requests of any bytes, sent over a plain socket so that nothing between the test and the server checks
 * or repairs them (the JDK's client refuses a malformed path), and the checks every answer must pass.
 */
final class Wire {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Wire() {}

    /**
     * Sends one request on its own connection and reads the whole answer. A server that neither answers nor
     * closes within 15 s fails the caller with {@link java.net.SocketTimeoutException}: a hang is a finding.
     *
     * @param target      the request target, already encoded as it goes on the wire
     * @param contentType the Content-Type header, or null for none
     * @param body        the body, or null for none
     */
    static RawHttp.Response send(URI base, String method, byte[] target, String contentType, byte[] body) {
        return send(base, method, target, "X-API-Key: " + ApiFixture.API_KEY, contentType, body);
    }

    /** As above, with {@code headerLines} (CRLF-separated, none for an empty string) instead of the key. */
    static RawHttp.Response send(
            URI base, String method, byte[] target, String headerLines, String contentType, byte[] body) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
            socket.setSoTimeout(15_000);
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            head.write((method + " ").getBytes(StandardCharsets.US_ASCII));
            head.write(target);
            StringBuilder headers = new StringBuilder(" HTTP/1.1\r\nHost: ")
                    .append(base.getHost())
                    .append(':')
                    .append(base.getPort())
                    .append("\r\nConnection: close\r\n");
            if (!headerLines.isEmpty()) {
                headers.append(headerLines).append("\r\n");
            }
            if (contentType != null) {
                headers.append("Content-Type: ").append(contentType).append("\r\n");
            }
            headers.append("Content-Length: ")
                    .append(body == null ? 0 : body.length)
                    .append("\r\n\r\n");
            head.write(headers.toString().getBytes(StandardCharsets.US_ASCII));
            OutputStream out = socket.getOutputStream();
            out.write(head.toByteArray());
            try {
                if (body != null) {
                    out.write(body);
                }
                out.flush();
            } catch (IOException refusedEarly) {
                // A server may answer (413) and close before it took the whole body; its answer is still there.
            }
            return RawHttp.read(socket);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Percent-encodes every byte but the unreserved characters of RFC 3986; a '%' is left as it is. */
    static byte[] target(String before, byte[] segment, String after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(before.getBytes(StandardCharsets.US_ASCII));
        for (byte b : segment) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~%".indexOf(c) >= 0) {
                out.write(c);
            } else {
                out.writeBytes(String.format("%%%02X", c).getBytes(StandardCharsets.US_ASCII));
            }
        }
        out.writeBytes(after.getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    /**
     * The answer is one the contract allows: a status of {@code allowed}, never a 5xx, a JSON body, and for
     * an error the contract's error body {@code {"success": false, "message": "<text>"}}.
     */
    static JsonNode assertAllowed(RawHttp.Response response, Set<Integer> allowed, String what) {
        String body = response.bodyText();
        assertThat(response.status())
                .as("%s answered %s", what, abbreviated(body))
                .isLessThan(500)
                .isIn(allowed);
        assertThat(response.headers().get("content-type")).as(what).startsWith("application/json");
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (IOException e) {
            throw new AssertionError(what + " answered a body that is not JSON: " + abbreviated(body), e);
        }
        if (response.status() >= 400) {
            assertThat(json.size()).as(abbreviated(body)).isEqualTo(2);
            assertThat(json.path("success").isBoolean() && !json.path("success").asBoolean())
                    .as(abbreviated(body))
                    .isTrue();
            assertThat(json.path("message").isTextual()).as(abbreviated(body)).isTrue();
            assertThat(json.path("message").asText()).as(abbreviated(body)).isNotBlank();
        }
        return json;
    }

    static String abbreviated(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "... (" + text.length() + " chars)";
    }
}
