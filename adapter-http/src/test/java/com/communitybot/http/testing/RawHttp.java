package com.communitybot.http.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/** Sends a request byte by byte, for header values no HTTP client library would send as they are. */
final class RawHttp {

    private RawHttp() {
    }

    /** The status line of the answer to {@code requestLine} with an {@code X-API-Key} of exactly {@code key}. */
    static String statusLine(URI base, String requestLine, byte[] key) throws IOException {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            ByteArrayOutputStream request = new ByteArrayOutputStream();
            request.write((requestLine + "\r\nHost: " + base.getHost() + "\r\nConnection: close\r\nX-API-Key: ")
                    .getBytes(StandardCharsets.US_ASCII));
            request.write(key);
            request.write("\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.write(request.toByteArray());
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = in.read(); b != -1 && b != '\n'; b = in.read()) {
                line.write(b);
            }
            return line.toString(StandardCharsets.ISO_8859_1).trim();
        }
    }
}
