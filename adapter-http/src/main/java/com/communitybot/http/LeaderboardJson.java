package com.communitybot.http;

import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.model.MemberText;
import com.communitybot.core.model.U64;
import com.communitybot.core.usecase.LeaderboardRows;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Leaderboard entries (spec 2.1), or a window leaderboard's (ledger L3), as the bytes of one JSON array, written
 * about {@value #CHUNK_BYTES} bytes at a time, each chunk only when it is asked for ({@link #nextChunk}), so memory
 * stays bounded whatever the guild's size and however slowly the client reads. Closing it closes the entries.
 */
final class LeaderboardJson implements AutoCloseable {

    /**
     * A chunk costs two thread hand-offs and a write, so chunks are large (BENCHMARKS.md, "Whole leaderboard");
     * the next is made once one has gone to the connection.
     */
    static final int CHUNK_BYTES = 128 * 1024;
    /** The first chunk is smaller, so the first byte goes out without waiting for a whole large chunk. */
    static final int FIRST_CHUNK_BYTES = 8 * 1024;

    private static final JsonFactory JSON = new JsonFactory();

    private final Source source;
    private final Chunk buffer = new Chunk();
    private final JsonGenerator generator;
    private boolean started;
    private boolean finished;
    /** Whether the source is on an entry not written yet. */
    private boolean pending;

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
        this(new Values<>(entries, new EntryWriter()::write), progress);
    }

    /** The same bytes as from the entries of {@code rows}, without an object per entry. */
    LeaderboardJson(LeaderboardRows rows, Progress progress) {
        this(new Rows(rows), progress);
    }

    /**
     * Jackson's array of {@code objects}, each written by {@code writer} with a generator of the writer's own
     * factory: the bytes {@code writer}'s mapper gives for the whole list, a chunk at a time. For the window
     * leaderboard (ledger L3), whose body is its response records as the service's mapper writes them.
     */
    <T> LeaderboardJson(Stream<T> objects, ObjectWriter writer) {
        this(
                new Values<>(objects, writer.without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE)::writeValue),
                (rows, bytes) -> {},
                writer.getFactory());
    }

    private LeaderboardJson(Source source, Progress progress) {
        this(source, progress, JSON);
    }

    private LeaderboardJson(Source source, Progress progress, JsonFactory factory) {
        this.source = source;
        this.progress = progress;
        try {
            this.generator = factory.createGenerator(buffer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next chunk of the body, of about {@link #CHUNK_BYTES} bytes; null after the last. */
    byte[] nextChunk() throws IOException {
        if (!fill()) {
            return null;
        }
        byte[] chunk = Arrays.copyOfRange(buffer.bytes(), position, buffer.size());
        position = buffer.size();
        return chunk;
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
            pending = source.advance();
        }
        // What the generator holds counts too: flushing it after each entry cost a copy per entry.
        while (buffer.size() + generator.getOutputBuffered() < size && pending) {
            source.write(generator);
            rowsInChunk++;
            pending = source.advance();
        }
        if (!pending) {
            generator.writeEndArray();
            finished = true;
        }
        generator.flush();
        return buffer.size() > 0;
    }

    /** The entries as one JSON array, the bytes a whole leaderboard of them would have; for pages. */
    static byte[] array(List<LeaderboardEntry> entries) {
        return bytes(128 + entries.size() * 160, generator -> {
            EntryWriter writer = new EntryWriter();
            generator.writeStartArray();
            for (LeaderboardEntry entry : entries) {
                writer.write(generator, entry);
            }
            generator.writeEndArray();
        });
    }

    /** One entry as a JSON object, the bytes it has in a whole leaderboard; for a member's entry. */
    static byte[] object(LeaderboardEntry entry) {
        return bytes(160, generator -> new EntryWriter().write(generator, entry));
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
        source.close();
        alsoOnClose.run();
    }

    /** Entries one at a time: the next one, then its JSON object. */
    private interface Source {
        /** Moves to the next entry; false when there is none. */
        boolean advance();

        /** The current entry as a JSON object. */
        void write(JsonGenerator generator) throws IOException;

        void close();
    }

    /** Writes one value of a body with the body's generator. */
    @FunctionalInterface
    private interface ValueWriter<T> {
        void write(JsonGenerator generator, T value) throws IOException;
    }

    /** The values of a stream, each written by its writer; closing it closes the stream. */
    private static final class Values<T> implements Source {
        private final Stream<T> objects;
        private final Iterator<T> iterator;
        private final ValueWriter<T> writer;
        private T current;

        Values(Stream<T> objects, ValueWriter<T> writer) {
            this.objects = objects;
            this.iterator = objects.iterator();
            this.writer = writer;
        }

        @Override
        public boolean advance() {
            current = iterator.hasNext() ? iterator.next() : null;
            return current != null;
        }

        @Override
        public void write(JsonGenerator generator) throws IOException {
            writer.write(generator, current);
        }

        @Override
        public void close() {
            objects.close();
        }
    }

    private static final class Rows implements Source {
        private final LeaderboardRows rows;
        private final EntryWriter writer = new EntryWriter();

        Rows(LeaderboardRows rows) {
            this.rows = rows;
        }

        @Override
        public boolean advance() {
            return rows.next();
        }

        @Override
        public void write(JsonGenerator generator) throws IOException {
            writer.write(generator, rows.userId(), rows.member(), rows.level(), rows.xp(), rows.rank());
        }

        @Override
        public void close() {
            rows.close();
        }
    }

    /**
     * One entry (spec 2.1) as a JSON object, the one writer of its fields: from a {@link LeaderboardEntry}, whose
     * texts are strings, or from a row, whose name and avatar URL are the UTF-8 a view keeps them in and go to the
     * generator as they are. A text with a character outside the Basic Multilingual Plane goes as a string: the
     * generator escapes such a character's surrogates in a string, and writes UTF-8 bytes as they are. Texts a view
     * gave as strings go as those strings. Not thread-safe: one per body.
     */
    private static final class EntryWriter {
        private static final SerializedString USER_ID = new SerializedString("user_id");
        private static final SerializedString USERNAME = new SerializedString("username");
        private static final SerializedString AVATAR = new SerializedString("avatar");
        private static final SerializedString LEVEL = new SerializedString("level");
        private static final SerializedString XP = new SerializedString("xp");
        private static final SerializedString RANK = new SerializedString("rank");

        private final byte[] digits = new byte[20];
        private final MemberText entryText = new MemberText();

        void write(JsonGenerator generator, LeaderboardEntry entry) throws IOException {
            entryText.set(entry.username(), entry.avatar());
            write(generator, entry.userId().value(), entryText, entry.level(), entry.xp(), entry.rank());
        }

        void write(JsonGenerator generator, long userId, MemberText member, U64 level, U64 xp, long rank)
                throws IOException {
            generator.writeStartObject();
            generator.writeFieldName(USER_ID);
            int from = MemberText.unsignedDigits(userId, digits);
            generator.writeRawUTF8String(digits, from, digits.length - from);
            generator.writeFieldName(USERNAME);
            if (member.strings() || hasSupplementary(member.name(), member.nameLength())) {
                generator.writeString(member.nameText());
            } else {
                generator.writeUTF8String(member.name(), 0, member.nameLength());
            }
            generator.writeFieldName(AVATAR);
            if (member.strings() || hasSupplementary(member.avatar(), member.avatarLength())) {
                generator.writeString(member.avatarText());
            } else if (member.plainAvatar()) {
                generator.writeRawUTF8String(member.avatar(), 0, member.avatarLength());
            } else {
                generator.writeUTF8String(member.avatar(), 0, member.avatarLength());
            }
            generator.writeFieldName(LEVEL);
            writeNumber(generator, level);
            generator.writeFieldName(XP);
            writeNumber(generator, xp);
            generator.writeFieldName(RANK);
            generator.writeNumber(rank);
            generator.writeEndObject();
        }

        /** Whether the UTF-8 has a four-byte sequence: a character the generator writes as escaped surrogates. */
        private static boolean hasSupplementary(byte[] utf8, int length) {
            for (int i = 0; i < length; i++) {
                if ((utf8[i] & 0xF8) == 0xF0) {
                    return true;
                }
            }
            return false;
        }
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
