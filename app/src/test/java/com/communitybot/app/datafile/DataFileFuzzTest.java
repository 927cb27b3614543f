package com.communitybot.app.datafile;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.core.testing.InMemoryStoreTransfer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;

/**
 * Coverage-guided fuzzing of the data file reader (contract 4) that {@code import FILE} runs. In an ordinary
 * build this replays the inputs committed under {@code DataFileFuzzTestInputs/}; {@code JAZZER_FUZZ=1}
 * fuzzes it (docs/testing.md).
 */
@Tag("fuzz")
class DataFileFuzzTest {

    /**
     * Any bytes are either imported, and then export, import into an empty store and export again give the
     * same file (contract 4), or refused with the {@link InvalidInputException} whose message the command
     * prints before it exits 1; nothing is stored then. Never another exception, a stack overflow or an
     * out-of-memory.
     */
    @FuzzTest(maxDuration = "5m")
    void importFile(byte[] input) {
        Stores stores = new Stores();
        try {
            new DataFileImport(stores.transfer).importFrom(new ByteArrayInputStream(input));
        } catch (InvalidInputException refused) {
            assertThat(refused.getMessage()).isNotBlank();
            assertThat(stores.export()).as("a refused file stores nothing").isEqualTo(new Stores().export());
            return;
        }
        String exported = stores.export();
        Stores again = new Stores();
        new DataFileImport(again.transfer)
                .importFrom(new ByteArrayInputStream(exported.getBytes(StandardCharsets.UTF_8)));
        assertThat(again.export()).isEqualTo(exported);
    }

    private static final class Stores {
        final InMemoryStoreTransfer transfer = new InMemoryStoreTransfer(
                new InMemoryLevelStore(), new InMemorySettingsStore(), new InMemoryBetaStore());

        String export() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new DataFileExport(transfer).exportTo(out);
            return out.toString(StandardCharsets.UTF_8);
        }
    }
}
