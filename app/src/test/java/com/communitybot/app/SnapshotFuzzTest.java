package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * Coverage-guided fuzzing of the guild snapshot reader (contract 3) that {@code serve} runs with
 * {@code GUILD_SNAPSHOT}. In an ordinary build this replays the inputs committed under
 * {@code SnapshotFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes it (docs/testing.md).
 */
@Tag("fuzz")
class SnapshotFuzzTest {

    private static Path dir;

    @BeforeAll
    static void makeDir() throws IOException {
        dir = Files.createTempDirectory("fuzz-snapshot");
    }

    @AfterAll
    static void removeDir() throws IOException {
        Files.deleteIfExists(dir.resolve("snapshot.json"));
        Files.deleteIfExists(dir);
    }

    /**
     * Any file is either a view, or refused with the {@link SnapshotGuildView.InvalidSnapshotException} whose
     * message {@code serve} prints before it exits 1 (at start) or logs while it keeps the last good view (on
     * a change). Never another exception, a stack overflow or an out-of-memory.
     */
    @FuzzTest(maxDuration = "5m")
    void readSnapshot(byte[] input) throws IOException {
        Path file = Files.write(dir.resolve("snapshot.json"), input);
        SnapshotGuildView view;
        try {
            view = SnapshotGuildView.watch(file);
        } catch (SnapshotGuildView.InvalidSnapshotException refused) {
            assertThat(refused.getMessage()).startsWith("Guild snapshot " + file);
            return;
        }
        try (view) {
            assertThat(view.guildCount()).isNotNegative();
        }
    }
}
