package com.communitybot.persistence;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The level records of one guild that a reader has taken from the store and its consumer has not yet:
 * in memory up to {@link #memoryLimit} bytes, the rest in a temporary file. It lets the reader go through
 * the store at the store's pace and give its connection back, however slowly the records are consumed.
 *
 * <p>One thread appends ({@link #append}, then {@link #finish} or {@link #fail}), another takes
 * ({@link #next}); {@link #close} may come from any thread. In memory the batches are kept as they were appended,
 * so a consumer that keeps up (most of them) takes the reader's own records with nothing copied; what goes to the
 * file is kept compact: the id without the guild prefix every record of the read shares, and xp and level as
 * unsigned variable-length integers.
 */
final class ReadAheadBuffer implements AutoCloseable {

    private final String idPrefix;
    private final long memoryLimit;
    private final Path directory;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();

    /**
     * What a record in memory takes, roughly, besides its id's characters: the record, its id string and array,
     * two numbers and its place in the batch.
     */
    static final int RECORD_BYTES = 112;

    /** A batch in memory and what it takes ({@link #RECORD_BYTES} a record and its id's length). */
    private record Batch(List<LevelRecord> records, long bytes) {}

    /** Batches in memory, oldest first; every one of them comes before every chunk in the file. */
    private final ArrayDeque<Batch> memory = new ArrayDeque<>();

    private long memoryBytes;
    private FileChannel file;
    /** Lengths of the chunks in the file not yet taken, oldest first, from {@link #fileReadPosition}. */
    private final ArrayDeque<Integer> fileChunks = new ArrayDeque<>();

    private long fileReadPosition;
    private long fileWritePosition;

    private boolean finished;
    private RuntimeException failure;
    private boolean closed;

    /** The batch being taken by the consumer, and how far; touched only by the consuming thread. */
    private List<LevelRecord> currentBatch = List.of();

    private int currentIndex;

    /** The file's chunk being taken apart by the consumer; touched only by the consuming thread. */
    private ByteBuffer current = ByteBuffer.allocate(0);

    ReadAheadBuffer(String idPrefix, long memoryLimit, Path directory) {
        this.idPrefix = idPrefix;
        this.memoryLimit = memoryLimit;
        this.directory = directory;
    }

    /**
     * Adds records after those appended before; false when the buffer was closed and wants no more. The buffer
     * keeps {@code records} as they are: the caller changes the list no more.
     */
    boolean append(List<LevelRecord> records) {
        long bytes = 0;
        for (LevelRecord record : records) {
            if (!record.id().startsWith(idPrefix)) {
                throw new IllegalStateException("A record of another guild in a guild's read: " + record.id());
            }
            bytes += RECORD_BYTES + record.id().length();
        }
        lock.lock();
        if (records.isEmpty()) {
            lock.unlock();
            return !isClosed();
        }
        try {
            if (closed) {
                return false;
            }
            if (fileChunks.isEmpty() && memoryBytes + bytes <= memoryLimit) {
                memory.addLast(new Batch(records, bytes));
                memoryBytes += bytes;
            } else {
                writeToFile(encode(records));
            }
            changed.signalAll();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** No record follows those appended. */
    void finish() {
        lock.lock();
        try {
            finished = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The read failed after the records appended so far; the consumer gets {@code e} after them. */
    void fail(RuntimeException e) {
        lock.lock();
        try {
            failure = e;
            finished = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Whether the consumer is gone, so the reader can stop. */
    boolean isClosed() {
        lock.lock();
        try {
            return closed;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The next record, waiting for the reader when it has not got that far; null after the last, and once
     * closed. A failure of the read is thrown once the records before it were taken.
     */
    LevelRecord next() {
        while (true) {
            if (currentIndex < currentBatch.size()) {
                return currentBatch.get(currentIndex++);
            }
            if (current.hasRemaining()) {
                return decode(current);
            }
            Object chunk = takeChunk();
            if (chunk == null) {
                return null;
            }
            if (chunk instanceof Batch batch) {
                currentBatch = batch.records();
                currentIndex = 0;
            } else {
                current = (ByteBuffer) chunk;
            }
        }
    }

    /** The next batch in memory, or chunk of the file; null after the last, and once closed. */
    private Object takeChunk() {
        lock.lock();
        try {
            while (true) {
                if (closed) {
                    return null; // the consumer itself ended the read
                }
                Batch inMemory = memory.pollFirst();
                if (inMemory != null) {
                    memoryBytes -= inMemory.bytes();
                    return inMemory;
                }
                if (!fileChunks.isEmpty()) {
                    return readFromFile(fileChunks.pollFirst());
                }
                if (failure != null) {
                    throw failure;
                }
                if (finished) {
                    return null;
                }
                changed.await(1, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for the store", e);
        } finally {
            lock.unlock();
        }
    }

    /** Drops what was not taken and deletes the file; the reader stops at its next append. */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            memory.clear();
            fileChunks.clear();
            closeFile();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void writeToFile(byte[] chunk) {
        try {
            if (file == null) {
                Path path = Files.createTempFile(directory, "leaderboard-", ".read-ahead");
                file = FileChannel.open(
                        path, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
                // Where the system allows it, the name goes at once: nothing is left behind even if the
                // process dies; the open channel keeps the data.
                Files.deleteIfExists(path);
            }
            ByteBuffer data = ByteBuffer.wrap(chunk);
            while (data.hasRemaining()) {
                fileWritePosition += file.write(data, fileWritePosition);
            }
            fileChunks.addLast(chunk.length);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot buffer the leaderboard in " + directory, e);
        }
    }

    private ByteBuffer readFromFile(int length) {
        ByteBuffer chunk = ByteBuffer.allocate(length);
        try {
            while (chunk.hasRemaining()) {
                int read = file.read(chunk, fileReadPosition + chunk.position());
                if (read < 0) {
                    throw new IOException("The read-ahead file ended early");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read back the buffered leaderboard", e);
        }
        fileReadPosition += length;
        if (fileChunks.isEmpty()) {
            // Everything written was read back: start over at the beginning of the file.
            fileReadPosition = 0;
            fileWritePosition = 0;
        }
        return chunk.flip();
    }

    private void closeFile() {
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // the file is deleted on close, or was already
            }
            file = null;
        }
    }

    private byte[] encode(List<LevelRecord> records) {
        ByteBuffer out = ByteBuffer.allocate(records.size() * 48);
        for (LevelRecord record : records) {
            byte[] id = record.id().substring(idPrefix.length()).getBytes(StandardCharsets.UTF_8);
            out = ensure(out, id.length + 25);
            putVarLong(out, id.length);
            out.put(id);
            putVarLong(out, record.xp().bits());
            putVarLong(out, record.level().bits());
        }
        byte[] chunk = new byte[out.position()];
        out.flip().get(chunk);
        return chunk;
    }

    private LevelRecord decode(ByteBuffer in) {
        int length = (int) getVarLong(in);
        String id = idPrefix + new String(in.array(), in.arrayOffset() + in.position(), length, StandardCharsets.UTF_8);
        in.position(in.position() + length);
        return new LevelRecord(id, new U64(getVarLong(in)), new U64(getVarLong(in)));
    }

    private static ByteBuffer ensure(ByteBuffer out, int more) {
        if (out.remaining() >= more) {
            return out;
        }
        ByteBuffer larger = ByteBuffer.allocate(Math.max(out.capacity() * 2, out.position() + more));
        return larger.put(out.flip());
    }

    /** Seven bits a byte, low bits first, the high bit saying more follow; {@code value} read as unsigned. */
    private static void putVarLong(ByteBuffer out, long value) {
        while ((value & ~0x7FL) != 0) {
            out.put((byte) ((value & 0x7F) | 0x80));
            value >>>= 7;
        }
        out.put((byte) value);
    }

    private static long getVarLong(ByteBuffer in) {
        long value = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = in.get();
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
    }
}
