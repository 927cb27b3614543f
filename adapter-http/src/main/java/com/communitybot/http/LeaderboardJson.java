package com.communitybot.http;

import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.model.U64;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.stream.Stream;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;

/**
 * Leaderboard entries (spec 2.1) as the bytes of one JSON array, written {@value #CHUNK_BYTES} bytes at
 * a time as the bytes are read, so memory stays bounded whatever the guild's size and however slowly the
 * client reads. Closing it closes the entries.
 */
final class LeaderboardJson extends InputStream {

    static final int CHUNK_BYTES = 32 * 1024;
    /**
     * The first chunk is smaller, so the first byte goes out as soon as it did with Micronaut's 8 KiB reads (13
     * against 7.5 ms at 10,000 records with the first chunk as large as the rest: BENCHMARKS.md).
     */
    static final int FIRST_CHUNK_BYTES = 8 * 1024;

    private static final JsonFactory JSON = new JsonFactory();

    private final Stream<LeaderboardEntry> entries;
    private final Iterator<LeaderboardEntry> iterator;
    private final Chunk buffer = new Chunk();
    private final JsonGenerator generator;
    private boolean started;
    private boolean finished;
    private int position;
    private volatile Runnable alsoOnClose = () -> {};
    private final Progress progress;
    private int rowsInChunk;

    /** Told of each chunk as it is written: how many entries, how many bytes. */
    @FunctionalInterface
    interface Progress {
        void chunk(int rows, int bytes);
    }

    LeaderboardJson(Stream<LeaderboardEntry> entries) {
        this(entries, (rows, bytes) -> {});
    }

    LeaderboardJson(Stream<LeaderboardEntry> entries, Progress progress) {
        this.entries = entries;
        this.progress = progress;
        this.iterator = entries.iterator();
        try {
            this.generator = JSON.createGenerator(buffer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(length, buffer.size() - position);
        System.arraycopy(buffer.bytes(), position, into, offset, n);
        position += n;
        return n;
    }

    /** The rest of the current chunk, or the next whole chunk, of about {@link #CHUNK_BYTES}; null after the last. */
    byte[] nextChunk() throws IOException {
        if (!fill()) {
            return null;
        }
        byte[] chunk = Arrays.copyOfRange(buffer.bytes(), position, buffer.size());
        position = buffer.size();
        return chunk;
    }

    /**
     * The body as a publisher of its chunks ({@link #nextChunk}), each written on {@code executor} when it is
     * asked for; it closes this when it ends or is cancelled. Micronaut reads an {@link InputStream} body 8 KiB
     * at a time with two thread hand-offs each: four times the chunks of this one. As Micronaut's own
     * {@code InputStreamByteBody} does, it hands the chunks through a sink, which drops a chunk written after
     * the client has gone.
     */
    Publisher<byte[]> chunks(Executor executor) {
        Sinks.Many<byte[]> sink = Sinks.many().unicast().onBackpressureBuffer();
        return sink.asFlux()
                .doOnRequest(requested -> {
                    for (long left = requested; left > 0; left--) {
                        byte[] chunk;
                        try {
                            chunk = nextChunk();
                        } catch (IOException e) {
                            sink.tryEmitError(e);
                            return;
                        }
                        if (chunk == null) {
                            sink.tryEmitComplete();
                            return;
                        }
                        sink.tryEmitNext(chunk);
                    }
                })
                .doFinally(signal -> close())
                // Trampolined: the requests of one body run one after the other, never two chunks at once.
                .subscribeOn(Schedulers.fromExecutor(executor, true));
    }

    /** Whether unread bytes are in the buffer, after writing the next chunk into it when it had none. */
    private boolean fill() throws IOException {
        if (position < buffer.size()) {
            return true;
        }
        buffer.reset();
        position = 0;
        try {
            rowsInChunk = 0;
            if (!writeNextChunk()) {
                return false;
            }
            progress.chunk(rowsInChunk, buffer.size());
            return true;
        } catch (RuntimeException e) {
            // A failure of the store: as an IOException, Micronaut ends the response with it.
            throw new IOException("The leaderboard could not be read to its end: " + e.getMessage(), e);
        }
    }

    /** Writes about {@link #CHUNK_BYTES} more of the array into the buffer; false once all is written. */
    private boolean writeNextChunk() throws IOException {
        if (finished) {
            return false;
        }
        int size = CHUNK_BYTES;
        if (!started) {
            generator.writeStartArray();
            started = true;
            size = FIRST_CHUNK_BYTES;
        }
        // What the generator holds counts too: flushing it after each entry cost a copy per entry.
        while (buffer.size() + generator.getOutputBuffered() < size && iterator.hasNext()) {
            write(iterator.next());
            rowsInChunk++;
        }
        if (!iterator.hasNext()) {
            generator.writeEndArray();
            finished = true;
        }
        generator.flush();
        return buffer.size() > 0;
    }

    private void write(LeaderboardEntry entry) throws IOException {
        write(generator, entry);
    }

    /** The entries as one JSON array, the bytes a whole leaderboard of them would have; for pages. */
    static byte[] array(List<LeaderboardEntry> entries) {
        return bytes(128 + entries.size() * 160, generator -> {
            generator.writeStartArray();
            for (LeaderboardEntry entry : entries) {
                write(generator, entry);
            }
            generator.writeEndArray();
        });
    }

    /** One entry as a JSON object, the bytes it has in a whole leaderboard; for a member's entry. */
    static byte[] object(LeaderboardEntry entry) {
        return bytes(160, generator -> write(generator, entry));
    }

    private interface Writing {
        void to(JsonGenerator generator) throws IOException;
    }

    private static byte[] bytes(int expectedSize, Writing writing) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(expectedSize);
        try (JsonGenerator generator = JSON.createGenerator(bytes)) {
            writing.to(generator);
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return bytes.toByteArray();
    }

    /** One entry (spec 2.1) as a JSON object. */
    static void write(JsonGenerator generator, LeaderboardEntry entry) throws IOException {
        generator.writeStartObject();
        generator.writeStringField("user_id", entry.userId().toString());
        generator.writeStringField("username", entry.username());
        generator.writeStringField("avatar", entry.avatar());
        generator.writeFieldName("level");
        writeNumber(generator, entry.level());
        generator.writeFieldName("xp");
        writeNumber(generator, entry.xp());
        generator.writeNumberField("rank", entry.rank());
        generator.writeEndObject();
    }

    /** The value's decimal digits: as a {@code long} when it is one, without a string in between. */
    private static void writeNumber(JsonGenerator generator, U64 value) throws IOException {
        if (value.bits() >= 0) {
            generator.writeNumber(value.bits());
        } else {
            generator.writeNumber(value.toString());
        }
    }

    /** Runs {@code action} too when this closes. */
    void alsoOnClose(Runnable action) {
        alsoOnClose = action;
    }

    /** Closes the entries, which stops their read; may come from any thread, any number of times. */
    @Override
    public void close() {
        entries.close();
        alsoOnClose.run();
    }

    /** A byte buffer whose contents are read in place. */
    private static final class Chunk extends ByteArrayOutputStream {
        Chunk() {
            super(CHUNK_BYTES + 1024);
        }

        byte[] bytes() {
            return buf;
        }
    }
}
