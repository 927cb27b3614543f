package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadAheadBufferTest {

    @TempDir
    Path directory;

    private static List<LevelRecord> records(int from, int to) {
        return IntStream.range(from, to)
                .mapToObj(i -> new LevelRecord(
                        "5:" + (i % 7 == 0 ? "é-" : "") + i, new U64(i * 0x9E3779B97F4A7C15L), U64.ofNonNegative(i)))
                .toList();
    }

    private static List<LevelRecord> drain(ReadAheadBuffer buffer) {
        List<LevelRecord> taken = new ArrayList<>();
        for (LevelRecord next = buffer.next(); next != null; next = buffer.next()) {
            taken.add(next);
        }
        return taken;
    }

    @Test
    void whatTheConsumerTakes_isWhatWasAppended_exactlyAndInOrder_whetherItWaitedInMemoryOrInTheFile() {
        try (ReadAheadBuffer buffer = new ReadAheadBuffer("5:", 300, directory)) {
            List<LevelRecord> written = new ArrayList<>();
            written.add(new LevelRecord("5:max", U64.MAX, U64.MAX));
            written.add(new LevelRecord("5:", U64.ZERO, U64.ZERO));
            buffer.append(List.copyOf(written));
            List<LevelRecord> taken = new ArrayList<>();
            for (int batch = 0; batch < 60; batch++) {
                List<LevelRecord> next = records(batch * 10, batch * 10 + 10);
                buffer.append(next);
                written.addAll(next);
                if (batch % 7 == 3) {
                    for (int i = 0; i < 25; i++) {
                        taken.add(buffer.next());
                    }
                }
            }
            buffer.finish();
            taken.addAll(drain(buffer));

            assertThat(taken).isEqualTo(written);
        }
    }

    @Test
    void batchesWithinTheMemoryLimit_areHandedOverAsTheyCame_andTheRestGoesThroughTheFile() {
        List<LevelRecord> first = records(0, 10);
        List<LevelRecord> second = records(10, 20);
        long oneBatch = 10L * (ReadAheadBuffer.RECORD_BYTES + "5:1000000000000000000".length());
        try (ReadAheadBuffer buffer = new ReadAheadBuffer("5:", oneBatch, directory)) {
            buffer.append(first);
            buffer.append(second); // past the limit: to the file, whose name is gone at once
            buffer.finish();
            List<LevelRecord> taken = drain(buffer);

            assertThat(taken).isEqualTo(records(0, 20));
            for (int i = 0; i < 10; i++) {
                assertThat(taken.get(i)).as("kept as appended").isSameAs(first.get(i));
                assertThat(taken.get(10 + i)).as("read back from the file").isNotSameAs(second.get(i));
            }
        }
    }

    @Test
    void aFailure_comesAfterTheRecordsAppendedBeforeIt() {
        try (ReadAheadBuffer buffer = new ReadAheadBuffer("5:", 100, directory)) {
            buffer.append(records(0, 40));
            buffer.fail(new StoreException("the store went away", null));

            List<LevelRecord> taken = new ArrayList<>();
            assertThatThrownBy(() -> {
                        while (true) {
                            taken.add(buffer.next());
                        }
                    })
                    .isInstanceOf(StoreException.class)
                    .hasMessage("the store went away");
            assertThat(taken).isEqualTo(records(0, 40));
        }
    }

    @Test
    void theConsumerWaitsForTheReader() throws Exception {
        try (ReadAheadBuffer buffer = new ReadAheadBuffer("5:", 1 << 20, directory)) {
            Thread reader = new Thread(() -> {
                for (int batch = 0; batch < 20; batch++) {
                    buffer.append(records(batch * 5, batch * 5 + 5));
                    Thread.onSpinWait();
                }
                buffer.finish();
            });
            reader.start();
            assertThat(drain(buffer)).isEqualTo(records(0, 100));
            reader.join();
        }
    }

    @Test
    void closing_refusesMoreRecords_andLeavesNoFileBehind() throws IOException {
        ReadAheadBuffer buffer = new ReadAheadBuffer("5:", 10, directory);
        assertThat(buffer.append(records(0, 100))).isTrue();
        buffer.close();

        assertThat(buffer.isClosed()).isTrue();
        assertThat(buffer.append(records(100, 110))).isFalse();
        try (Stream<Path> files = Files.list(directory)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aRecordOfAnotherGuild_isABug_notData() {
        try (ReadAheadBuffer buffer = new ReadAheadBuffer("5:", 10, directory)) {
            assertThatThrownBy(() -> buffer.append(List.of(new LevelRecord("6:1", U64.ZERO, U64.ZERO))))
                    .isInstanceOf(IllegalStateException.class);
        }
    }
}
