package com.communitybot.bench.baseline;

import com.fasterxml.jackson.core.JsonGenerator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Spec 4.2, streamed: one query in leaderboard order read through a forward-only cursor, each row ranked and
 * written as it comes, {@value #CHUNK} bytes a chunk; after each chunk the reader waits until the connection
 * can take more, so a slow client holds back the read instead of filling memory. A query that fails before the
 * first byte is the spec's 500; a failure later, or a client that takes nothing for {@value #WRITE_TIMEOUT_S}
 * s, closes the connection without the body's last chunk, as the service does.
 */
final class LeaderboardStream {

    /** Leaderboard order, with ties by id as the contract says; guild_id leads so H2 reads the index in order. */
    private static final String ORDERED =
            "SELECT id, xp, level FROM level_record WHERE guild_id = ?" + " ORDER BY guild_id, level DESC, xp DESC, id";

    static final int CHUNK = 32 * 1024;
    private static final int FETCH_SIZE = 4096;
    private static final long WRITE_TIMEOUT_S = 60;

    private final Store store;
    private final ExecutorService readers;

    LeaderboardStream(Store store, ExecutorService readers) {
        this.store = store;
        this.readers = readers;
    }

    /** Streams the leaderboard on a reader thread; the connection reads no next request until it is done. */
    void start(Channel channel, Object writable, long guildId, Snapshot.Guild guild) {
        channel.config().setAutoRead(false);
        readers.execute(() -> {
            try {
                stream(channel, writable, guildId, guild);
            } finally {
                channel.config().setAutoRead(true);
            }
        });
    }

    private void stream(Channel channel, Object writable, long guildId, Snapshot.Guild guild) {
        boolean started = false;
        try {
            Connection connection = store.connection();
            try {
                if (store.postgres) {
                    // As the service does: right after a bulk load PostgreSQL's statistics may not know the
                    // guild is big and would sort it whole before the first row; the index has the order.
                    try (var statement = connection.createStatement()) {
                        statement.execute("SET LOCAL enable_sort = off");
                    }
                }
                try (PreparedStatement query =
                        connection.prepareStatement(ORDERED, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
                    query.setFetchSize(FETCH_SIZE);
                    query.setString(1, Long.toUnsignedString(guildId));
                    try (ResultSet rows = query.executeQuery()) {
                        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
                        head.headers()
                                .set(HttpHeaderNames.CONTENT_TYPE, Baseline.JSON_TYPE)
                                .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
                        channel.write(head);
                        started = true;
                        write(rows, channel, writable, guild);
                    }
                }
            } finally {
                connection.rollback();
            }
        } catch (SQLException e) {
            store.drop();
            fail(channel, started, e);
        } catch (IOException | RuntimeException e) {
            fail(channel, started, e);
        }
    }

    private static void write(ResultSet rows, Channel channel, Object writable, Snapshot.Guild guild)
            throws SQLException, IOException {
        Chunks chunks = new Chunks(channel.alloc());
        try (JsonGenerator json = Baseline.JSON.createGenerator(chunks)) {
            json.writeStartArray();
            long rank = 0;
            while (rows.next()) {
                rank++;
                String id = rows.getString(1);
                long user = rankedUser(id);
                if (user == 0) {
                    continue; // spec 4.2 rule 4: left out, its rank stays taken
                }
                Snapshot.Member member = guild.members().get(user);
                json.writeStartObject();
                json.writeStringField("user_id", Long.toUnsignedString(user));
                json.writeStringField("username", member == null ? "Unknown User" : member.name());
                json.writeStringField("avatar", member == null ? "" : member.avatar());
                json.writeFieldName("level");
                json.writeNumber(rows.getString(3));
                json.writeFieldName("xp");
                json.writeNumber(rows.getString(2));
                json.writeNumberField("rank", rank);
                json.writeEndObject();
                if (chunks.size() + json.getOutputBuffered() >= CHUNK) {
                    json.flush();
                    channel.writeAndFlush(new DefaultHttpContent(chunks.take()));
                    awaitWritable(channel, writable);
                }
            }
            json.writeEndArray();
            json.flush();
            channel.writeAndFlush(new DefaultLastHttpContent(chunks.take()));
        } finally {
            chunks.release();
        }
    }

    /** The user of a record whose user part (after the last {@code :}) is a positive integer; 0 otherwise. */
    static long rankedUser(String id) {
        try {
            return Baseline.parseU64(id, id.lastIndexOf(':') + 1);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static void awaitWritable(Channel channel, Object writable) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WRITE_TIMEOUT_S);
        synchronized (writable) {
            while (!channel.isWritable()) {
                long left = deadline - System.nanoTime();
                if (!channel.isActive() || left <= 0) {
                    throw new IOException(channel.isActive() ? "the client took nothing for too long" : "client left");
                }
                try {
                    writable.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", e);
                }
            }
        }
    }

    private static void fail(Channel channel, boolean started, Exception e) {
        if (started || !channel.isActive()) {
            channel.close(); // cut short: no client takes a partial leaderboard for a whole one
            return;
        }
        System.err.println("A leaderboard failed: " + e);
        ByteBuf body = Baseline.errorBody(channel, "Database query failed");
        FullHttpResponse response =
                new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.INTERNAL_SERVER_ERROR, body);
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, Baseline.JSON_TYPE)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        channel.writeAndFlush(response);
    }

    /** The bytes Jackson writes, gathered into a buffer that is handed to Netty whole as one chunk. */
    private static final class Chunks extends OutputStream {
        private final ByteBufAllocator allocator;
        private ByteBuf buffer;

        Chunks(ByteBufAllocator allocator) {
            this.allocator = allocator;
        }

        private ByteBuf buffer() {
            if (buffer == null) {
                buffer = allocator.buffer(CHUNK + 8 * 1024);
            }
            return buffer;
        }

        @Override
        public void write(int b) {
            buffer().writeByte(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            buffer().writeBytes(bytes, offset, length);
        }

        int size() {
            return buffer == null ? 0 : buffer.readableBytes();
        }

        ByteBuf take() {
            ByteBuf taken = buffer == null ? Unpooled.EMPTY_BUFFER : buffer;
            buffer = null;
            return taken;
        }

        void release() {
            if (buffer != null) {
                buffer.release();
                buffer = null;
            }
        }
    }
}
