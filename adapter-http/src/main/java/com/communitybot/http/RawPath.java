package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import io.micronaut.http.HttpRequest;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A path segment as the client wrote it, percent-decoded by RFC 3986 alone. Micronaut decodes path
 * variables as form data, turning {@code +} into a space, which would change an id such as {@code a+b}.
 */
final class RawPath {

    private RawPath() {
    }

    /** The decoded segment at {@code index} of the request's path, counting {@code api} as 0. */
    static String segment(HttpRequest<?> request, int index) {
        String raw = request.getUri().getRawPath();
        String[] segments = raw.substring(raw.startsWith("/") ? 1 : 0).split("/", -1);
        return decode(segments[index]);
    }

    static String decode(String segment) {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(segment.length());
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '%') {
                int high = i + 2 < segment.length() ? Character.digit(segment.charAt(i + 1), 16) : -1;
                int low = high < 0 ? -1 : Character.digit(segment.charAt(i + 2), 16);
                if (low < 0) {
                    throw new InvalidInputException("Invalid percent-encoding in the path");
                }
                bytes.write(high * 16 + low);
                i += 2;
            } else {
                byte[] literal = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(literal, 0, literal.length);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
