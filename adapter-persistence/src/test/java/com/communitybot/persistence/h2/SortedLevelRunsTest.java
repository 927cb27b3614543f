package com.communitybot.persistence.h2;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SortedLevelRunsTest {

    @TempDir
    Path dir;

    private static LevelRecord record(String id, long xp) {
        return new LevelRecord(id, U64.ofNonNegative(xp), U64.ofNonNegative(xp % 100));
    }

    @Test
    void recordsComeByIdAscending_theLastOfEachId_acrossRunsOnDisk() throws IOException {
        Path runs = dir.resolve("sort");
        Random random = new Random(7);
        Map<String, LevelRecord> expected = new TreeMap<>();
        List<LevelRecord> sorted = new ArrayList<>();
        try (SortedLevelRuns levels = new SortedLevelRuns(runs, 100)) {
            for (int i = 0; i < 1000; i++) {
                // ids repeat (within a run and across runs), and include text beyond U+FFFF and U+E000..U+FFFF
                String id = "1:" + random.nextInt(300) + (i % 7 == 0 ? "\uD83D\uDE00" : i % 11 == 0 ? "\uE000" : "");
                LevelRecord record = record(id, i);
                levels.put(record);
                expected.put(id, record);
            }
            assertThat(Files.list(runs)).hasSize(10);
            for (Iterator<LevelRecord> it = levels.sorted(); it.hasNext(); ) {
                sorted.add(it.next());
            }
        }
        // TreeMap orders by String.compareTo, the UTF-16 order of H2's VARCHAR.
        assertThat(sorted).containsExactlyElementsOf(expected.values());
        assertThat(runs).doesNotExist();
    }

    @Test
    void fewRecords_stayInMemory() {
        Path runs = dir.resolve("sort");
        try (SortedLevelRuns levels = new SortedLevelRuns(runs)) {
            levels.put(record("1:b", 1));
            levels.put(record("1:a", 2));
            levels.put(record("1:b", 3));
            List<LevelRecord> sorted = new ArrayList<>();
            levels.sorted().forEachRemaining(sorted::add);
            assertThat(sorted).containsExactly(record("1:a", 2), record("1:b", 3));
        }
        assertThat(runs).doesNotExist();
    }
}
