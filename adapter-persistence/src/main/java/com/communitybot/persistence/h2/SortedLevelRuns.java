package com.communitybot.persistence.h2;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * The level records of an import, handed out by id ascending (Java's {@link String#compareTo}, the UTF-16 order
 * H2 sorts {@code VARCHAR} by), the last one put of each id only: an external merge sort. Up to {@link #RUN}
 * records are held in memory; each full run is sorted and written to a file of its own in {@code directory}, and
 * {@link #sorted} merges the runs. So an import of any size needs memory for one run, and disk for some 20
 * bytes a record (deflated) until {@link #close}.
 */
final class SortedLevelRuns implements AutoCloseable {

    /** Records per run. */
    static final int RUN = 200_000;

    private final Path directory;
    private final int runSize;
    private final List<Path> runs = new ArrayList<>();
    private final List<Sequenced> memory = new ArrayList<>();
    private long sequence;

    SortedLevelRuns(Path directory) {
        this(directory, RUN);
    }

    SortedLevelRuns(Path directory, int runSize) {
        this.directory = directory;
        this.runSize = runSize;
    }

    /** A record and when it was put, so that of two with the same id the later one wins. */
    private record Sequenced(LevelRecord record, long sequence) {}

    private static final Comparator<Sequenced> ORDER =
            Comparator.comparing((Sequenced s) -> s.record.id()).thenComparingLong(Sequenced::sequence);

    void put(LevelRecord record) {
        memory.add(new Sequenced(record, sequence++));
        if (memory.size() >= runSize) {
            spill();
        }
    }

    private void spill() {
        memory.sort(ORDER);
        try {
            Files.createDirectories(directory);
            Path run = directory.resolve("run-" + runs.size());
            // Deflated at its fastest level: the runs sit on disk beside the import's new file until the level
            // records are written, so their size adds to the import's peak (65 bytes a record raw).
            Deflater deflater = new Deflater(Deflater.BEST_SPEED);
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(
                    new DeflaterOutputStream(Files.newOutputStream(run), deflater, 1 << 16), 1 << 16))) {
                for (Sequenced s : memory) {
                    byte[] id = s.record.id().getBytes(StandardCharsets.UTF_8);
                    out.writeInt(id.length);
                    out.write(id);
                    out.writeLong(s.record.xp().bits());
                    out.writeLong(s.record.level().bits());
                    out.writeLong(s.sequence);
                }
            } finally {
                deflater.end();
            }
            runs.add(run);
        } catch (IOException e) {
            throw new UncheckedIOException("Sorting the import's level records in " + directory, e);
        }
        memory.clear();
    }

    /** Every record put, by id ascending, the last one put of each id only; call once, after the last put. */
    Iterator<LevelRecord> sorted() {
        List<Iterator<Sequenced>> sources = new ArrayList<>();
        memory.sort(ORDER);
        sources.add(memory.iterator());
        for (Path run : runs) {
            sources.add(new RunReader(run));
        }
        return new Merge(sources);
    }

    @Override
    public void close() {
        memory.clear();
        for (Path run : runs) {
            try {
                Files.deleteIfExists(run);
            } catch (IOException e) {
                // a leftover run is deleted with the directory by the next import
            }
        }
        try {
            Files.deleteIfExists(directory);
        } catch (IOException e) {
            // idem
        }
    }

    /** One run file, read in order. */
    private static final class RunReader implements Iterator<Sequenced> {
        private final DataInputStream in;
        private final Inflater inflater = new Inflater();
        private Sequenced next;

        RunReader(Path run) {
            try {
                in = new DataInputStream(new BufferedInputStream(
                        new InflaterInputStream(Files.newInputStream(run), inflater, 1 << 16), 1 << 16));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            next = read();
        }

        private Sequenced read() {
            try {
                int length;
                try {
                    length = in.readInt();
                } catch (EOFException end) {
                    in.close();
                    inflater.end(); // not ended by close: it is not the stream's own
                    return null;
                }
                byte[] id = in.readNBytes(length);
                LevelRecord record = new LevelRecord(
                        new String(id, StandardCharsets.UTF_8), new U64(in.readLong()), new U64(in.readLong()));
                return new Sequenced(record, in.readLong());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public boolean hasNext() {
            return next != null;
        }

        @Override
        public Sequenced next() {
            if (next == null) {
                throw new NoSuchElementException();
            }
            Sequenced current = next;
            next = read();
            return current;
        }
    }

    /** The k-way merge of sorted sources, keeping the record of the highest sequence of each id. */
    private static final class Merge implements Iterator<LevelRecord> {
        private record Head(Sequenced value, Iterator<Sequenced> source) {}

        private final PriorityQueue<Head> heads = new PriorityQueue<>(Comparator.comparing(Head::value, ORDER));

        Merge(List<Iterator<Sequenced>> sources) {
            for (Iterator<Sequenced> source : sources) {
                advance(source);
            }
        }

        private void advance(Iterator<Sequenced> source) {
            if (source.hasNext()) {
                heads.add(new Head(source.next(), source));
            }
        }

        @Override
        public boolean hasNext() {
            return !heads.isEmpty();
        }

        @Override
        public LevelRecord next() {
            Head head = heads.poll();
            if (head == null) {
                throw new NoSuchElementException();
            }
            advance(head.source);
            Sequenced last = head.value;
            // Same id: the sequences come in ascending order, so the last one taken is the last one put.
            while (!heads.isEmpty() && heads.peek().value.record.id().equals(last.record.id())) {
                Head same = heads.poll();
                advance(same.source);
                last = same.value;
            }
            return last.record;
        }
    }
}
