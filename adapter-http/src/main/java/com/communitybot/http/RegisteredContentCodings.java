package com.communitybot.http;

import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import java.util.List;
import java.util.Locale;

/**
 * Compressed bodies in a coding every client can read: gzip, deflate or none. Micronaut's compression (its
 * {@code Compressor} in {@code http-server-netty}, as Netty's {@code HttpContentCompressor} before it) answers
 * {@code Accept-Encoding: *} with {@code snappy}, which is no registered HTTP content coding and which no browser
 * or common client decodes, and it has no setting for the codings it offers. So this filter narrows each
 * request's {@code Accept-Encoding} to the one coding the service answers with before Micronaut's compression
 * reads it: the client's preferred of gzip and deflate by their q-values (gzip on a tie), gzip for {@code *},
 * and none when neither is acceptable. Micronaut's own settings still decide whether a body is compressed
 * ({@code compression-threshold}) and how hard ({@code compression-level}). {@code GzipTest} shows the choice
 * and, with the filter taken out, Micronaut's snappy.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class RegisteredContentCodings implements Ordered {

    static final String GZIP = "gzip";
    static final String DEFLATE = "deflate";

    @RequestFilter
    public void narrow(MutableHttpRequest<?> request) {
        List<String> accepted = request.getHeaders().getAll(HttpHeaders.ACCEPT_ENCODING);
        if (accepted.isEmpty()) {
            return;
        }
        String coding = chosen(accepted);
        if (coding == null) {
            request.getHeaders().remove(HttpHeaders.ACCEPT_ENCODING);
        } else {
            request.getHeaders().set(HttpHeaders.ACCEPT_ENCODING, coding);
        }
    }

    /** The coding to answer with for these {@code Accept-Encoding} values (RFC 9110, 12.5.3), or null for none. */
    static String chosen(List<String> values) {
        float gzip = -1;
        float deflate = -1;
        float any = -1;
        for (String value : values) {
            for (String element : value.split(",")) {
                String[] parts = element.split(";");
                String name = parts[0].trim().toLowerCase(Locale.ROOT);
                float q = quality(parts);
                switch (name) {
                    case GZIP, "x-gzip" -> gzip = Math.max(gzip, q);
                    case DEFLATE -> deflate = Math.max(deflate, q);
                    case "*" -> any = Math.max(any, q);
                    default -> {}
                }
            }
        }
        // A coding the client did not name is acceptable at the q-value of "*".
        float gzipQ = gzip >= 0 ? gzip : any;
        float deflateQ = deflate >= 0 ? deflate : any;
        if (gzipQ <= 0 && deflateQ <= 0) {
            return null;
        }
        return gzipQ >= deflateQ ? GZIP : DEFLATE;
    }

    /** The element's q-value; 1 when it has none, 0 when it cannot be read (so an unreadable one is not chosen). */
    private static float quality(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].trim();
            if (parameter.length() > 1
                    && (parameter.charAt(0) == 'q' || parameter.charAt(0) == 'Q')
                    && parameter.substring(1).trim().startsWith("=")) {
                try {
                    float q = Float.parseFloat(
                            parameter.substring(parameter.indexOf('=') + 1).trim());
                    return q >= 0 && q <= 1 ? q : 0;
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 1;
    }

    /** Before every other filter, so that each answer, errors included, is compressed by the same rule. */
    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE;
    }
}
