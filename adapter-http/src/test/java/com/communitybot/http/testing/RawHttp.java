package com.communitybot.http.testing;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a bare socket: header values no HTTP client library would send as they are, and clients that
 * stop reading, hang up early, or need to see exactly how a streamed body ended.
 */
public final class RawHttp {

    /** How long a read waits before the test calls the server hung. */
    private static final int READ_TIMEOUT_MILLIS = 15_000;

    private RawHttp() {}

    /** How a response's body ended. */
    public enum End {
        /** The terminating chunk {@code 0\r\n\r\n} of a chunked body arrived. */
        LAST_CHUNK,
        /** All {@code Content-Length} bytes arrived. */
        LENGTH_READ,
        /** The server closed the connection before the body was complete. */
        CLOSED_BY_SERVER
    }

    /**
     * A response as it came over the wire.
     *
     * @param statusLine the first line, such as {@code HTTP/1.1 200 OK}
     * @param headers    header names in lower case; a repeated header keeps its last value
     * @param body       the body's bytes, chunked transfer encoding removed
     * @param end        how the body ended
     */
    public record Response(String statusLine, Map<String, String> headers, byte[] body, End end) {

        public int status() {
            return Integer.parseInt(statusLine.split(" ")[1]);
        }

        public boolean chunked() {
            return "chunked".equalsIgnoreCase(headers.getOrDefault("transfer-encoding", ""));
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
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

    /**
     * Opens a keep-alive connection and sends {@code GET path} with the API key; the answer is left unread
     * for the caller, who closes the socket.
     */
    public static Socket get(URI base, String path, String apiKey) throws IOException {
        return get(base, path, apiKey, 0);
    }

    /**
     * As {@link #get(URI, String, String)}, with the socket's receive buffer set to {@code receiveBufferBytes}
     * before it connects (0 for the system's default), so a client that does not read holds back the server
     * after a few kilobytes instead of after the megabytes the kernel would otherwise take in.
     */
    public static Socket get(URI base, String path, String apiKey, int receiveBufferBytes) throws IOException {
        Socket socket = new Socket();
        try {
            if (receiveBufferBytes > 0) {
                socket.setReceiveBufferSize(receiveBufferBytes);
            }
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            String request = "GET " + path + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                    + "\r\nX-API-Key: " + apiKey + "\r\n\r\n";
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /**
     * Reads one response from {@code socket}: up to its terminating chunk or its {@code Content-Length}, or
     * until the server closes the connection. Throws {@link java.net.SocketTimeoutException} when the server
     * neither sends nor closes for 15 s.
     */
    public static Response read(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        String statusLine = line(in);
        if (statusLine == null) {
            throw new EOFException("the server closed the connection before the status line");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String header = line(in); header != null && !header.isEmpty(); header = line(in)) {
            int colon = header.indexOf(':');
            headers.put(
                    header.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    header.substring(colon + 1).trim());
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        End end;
        if ("chunked".equalsIgnoreCase(headers.getOrDefault("transfer-encoding", ""))) {
            end = readChunks(in, body);
        } else if (headers.containsKey("content-length")) {
            long length = Long.parseLong(headers.get("content-length"));
            end = copy(in, body, length) ? End.LENGTH_READ : End.CLOSED_BY_SERVER;
        } else {
            copy(in, body, Long.MAX_VALUE);
            end = End.CLOSED_BY_SERVER;
        }
        return new Response(statusLine, headers, body.toByteArray(), end);
    }

    private static End readChunks(InputStream in, ByteArrayOutputStream body) throws IOException {
        while (true) {
            String sizeLine = line(in);
            if (sizeLine == null) {
                return End.CLOSED_BY_SERVER;
            }
            int extension = sizeLine.indexOf(';');
            long size = Long.parseLong((extension < 0 ? sizeLine : sizeLine.substring(0, extension)).trim(), 16);
            if (size == 0) {
                // Trailer lines, then the empty line that ends the message.
                for (String trailer = line(in); trailer != null && !trailer.isEmpty(); trailer = line(in)) {
                    // no trailers are expected; skipped
                }
                return End.LAST_CHUNK;
            }
            if (!copy(in, body, size) || line(in) == null) {
                return End.CLOSED_BY_SERVER;
            }
        }
    }

    /** Copies {@code length} bytes, or fewer when the stream ends first; whether all came. */
    private static boolean copy(InputStream in, ByteArrayOutputStream to, long length) throws IOException {
        byte[] buffer = new byte[8192];
        long left = length;
        while (left > 0) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) {
                return false;
            }
            to.write(buffer, 0, n);
            left -= n;
        }
        return true;
    }

    /** One CRLF-terminated line without its end, or null when the stream ends before the line does. */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1 && b != '\n') {
            line.write(b);
        }
        if (b == -1) {
            return null;
        }
        return line.toString(StandardCharsets.ISO_8859_1).replaceFirst("\r$", "");
    }
}
