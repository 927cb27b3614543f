package com.communitybot.persistence.h2;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.persistence.StoreUrls;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class H2FileImportTest {

    @Test
    void anH2FileUrl_hasItsNewFileBesideTheStore_withTheSameOptions() {
        H2FileImport h2 = H2FileImport.forUrl(
                        "jdbc:h2:file:/srv/bot/data/store;MODE=PostgreSQL;IFEXISTS=TRUE;CIPHER=AES")
                .orElseThrow();
        assertThat(h2.storeFile()).isEqualTo(Path.of("/srv/bot/data/store.mv.db"));
        assertThat(h2.nextFile()).isEqualTo(Path.of("/srv/bot/data/store.import.mv.db"));
        // IFEXISTS would refuse to create the new file.
        assertThat(h2.nextUrl())
                .isEqualTo(
                        "jdbc:h2:file:/srv/bot/data/store.import;MODE=PostgreSQL;CIPHER=AES;COMPRESS=TRUE;RETENTION_TIME=0");
    }

    @Test
    void theDefaultStoreAndPathsWithoutFile_areH2Files() {
        assertThat(H2FileImport.forUrl(StoreUrls.DEFAULT_URL).orElseThrow().storeFile())
                .isEqualTo(Path.of("data/community-bot.mv.db").toAbsolutePath());
        assertThat(H2FileImport.forUrl("jdbc:h2:/tmp/x").orElseThrow().storeFile())
                .isEqualTo(Path.of("/tmp/x.mv.db"));
        assertThat(H2FileImport.forUrl("jdbc:h2:~/x").orElseThrow().storeFile())
                .isEqualTo(Path.of(System.getProperty("user.home"), "x.mv.db"));
    }

    @Test
    void aDataFileOfAFiftiethOfTheStoreOrMore_buildsANewFile_aSmallerOneIsImportedInPlace(@TempDir Path dir)
            throws Exception {
        H2FileImport h2 =
                H2FileImport.forUrl("jdbc:h2:file:" + dir.resolve("db")).orElseThrow();
        assertThat(h2.buildsNewFile(1)).as("no store file yet").isTrue();

        Files.write(h2.storeFile(), new byte[50_000]);

        assertThat(h2.buildsNewFile(1_000)).isTrue();
        assertThat(h2.buildsNewFile(999)).isFalse();
    }

    @Test
    void otherStores_importInOneTransaction() {
        assertThat(H2FileImport.forUrl("jdbc:h2:mem:test;DB_CLOSE_DELAY=-1")).isEmpty();
        assertThat(H2FileImport.forUrl("jdbc:h2:tcp://localhost/~/test")).isEmpty();
        assertThat(H2FileImport.forUrl("jdbc:h2:zip:/a.zip!/test")).isEmpty();
        assertThat(H2FileImport.forUrl("jdbc:postgresql://127.0.0.1:5432/bot")).isEmpty();
        assertThat(H2FileImport.forUrl(null)).isEmpty();
    }
}
