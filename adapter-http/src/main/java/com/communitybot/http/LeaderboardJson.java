package com.communitybot.http;

import com.communitybot.core.model.LeaderboardEntry;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.stream.Stream;

/**
 * Writes leaderboard entries (spec 2.1) as one JSON array, a chunk of about {@value #CHUNK_BYTES} bytes
 * at a time, so memory stays bounded whatever the guild's size.
 */
final class LeaderboardJson implements AutoCloseable {

    static final int CHUNK_BYTES = 64 * 1024;
    private static final JsonFactory JSON = new JsonFactory();

    private final Stream<LeaderboardEntry> entries;
    private final Iterator<LeaderboardEntry> iterator;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(CHUNK_BYTES + 1024);
    private final JsonGenerator generator;
    private boolean started;
    private boolean finished;

    LeaderboardJson(Stream<LeaderboardEntry> entries) {
        this.entries = entries;
        this.iterator = entries.iterator();
        try {
            this.generator = JSON.createGenerator(buffer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next chunk of the array, or null when it has all been written. */
    byte[] nextChunk() {
        if (finished) {
            return null;
        }
        try {
            if (!started) {
                generator.writeStartArray();
                started = true;
            }
            while (buffer.size() < CHUNK_BYTES && iterator.hasNext()) {
                write(iterator.next());
                generator.flush();
            }
            if (!iterator.hasNext()) {
                generator.writeEndArray();
                generator.flush();
                finished = true;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] chunk = buffer.toByteArray();
        buffer.reset();
        return chunk;
    }

    private void write(LeaderboardEntry entry) throws IOException {
        generator.writeStartObject();
        generator.writeStringField("user_id", entry.userId().toString());
        generator.writeStringField("username", entry.username());
        generator.writeStringField("avatar", entry.avatar());
        generator.writeFieldName("level");
        generator.writeNumber(entry.level().toString());
        generator.writeFieldName("xp");
        generator.writeNumber(entry.xp().toString());
        generator.writeNumberField("rank", entry.rank());
        generator.writeEndObject();
    }

    @Override
    public void close() {
        entries.close();
    }
}
