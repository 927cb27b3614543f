package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The container image as Jib writes it ({@code mvn -Pimage package}): its configuration read from the
 * tarball, so no Docker daemon is needed. Skipped when the build made no image.
 */
class ImageTarballTest {

    static final Path TARBALL = Path.of("target", "community-bot-api-image.tar");

    @Test
    void theImage_runsTheServiceAsNonRoot_sizedFromTheContainer_withBothPortsAndTheStoreVolume() throws IOException {
        assumeTrue(Files.exists(TARBALL), "no image: build it with mvn -Pimage package");
        Map<String, byte[]> files = readTar(TARBALL);
        ObjectMapper json = new ObjectMapper();
        JsonNode manifest = json.readTree(files.get("manifest.json")).get(0);
        JsonNode config =
                json.readTree(files.get(manifest.get("Config").asText())).get("config");

        assertThat(config.get("Entrypoint").toString())
                .contains("\"java\"", "-XX:MaxRAMPercentage=75", "com.communitybot.app.Main");
        assertThat(config.get("User").asText()).isEqualTo("65532:65532");
        assertThat(config.get("ExposedPorts").has("8080/tcp")).isTrue();
        assertThat(config.get("ExposedPorts").has("8081/tcp")).isTrue();
        assertThat(config.get("Volumes").has("/data")).isTrue();
        assertThat(config.get("Env").toString()).contains("DATABASE_URL=jdbc:h2:file:/data/community-bot");
        assertThat(manifest.get("Layers").size()).isGreaterThan(1);
        assertThat(layerEntryModes(files, manifest)).containsEntry("data/", 0777);
    }

    /** The file modes of every entry of every layer (gzipped tars inside the tarball). */
    private static Map<String, Integer> layerEntryModes(Map<String, byte[]> files, JsonNode manifest)
            throws IOException {
        Map<String, Integer> modes = new HashMap<>();
        for (JsonNode layer : manifest.get("Layers")) {
            Path unpacked = Files.createTempFile("layer", ".tar");
            try (InputStream in =
                    new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(files.get(layer.asText())))) {
                Files.write(unpacked, in.readAllBytes());
                readTar(unpacked, modes);
            } finally {
                Files.delete(unpacked);
            }
        }
        return modes;
    }

    /** The regular files of a tar archive by name (ustar headers, 512-byte blocks). */
    static Map<String, byte[]> readTar(Path tarball) throws IOException {
        return readTar(tarball, new HashMap<>());
    }

    /** As {@link #readTar(Path)}, noting each entry's mode (directories included) in {@code modes}. */
    static Map<String, byte[]> readTar(Path tarball, Map<String, Integer> modes) throws IOException {
        Map<String, byte[]> files = new HashMap<>();
        try (InputStream in = Files.newInputStream(tarball)) {
            byte[] header = new byte[512];
            while (in.readNBytes(header, 0, 512) == 512 && header[0] != 0) {
                String name = new String(header, 0, 100, StandardCharsets.US_ASCII).replace("\0", "");
                long size = Long.parseLong(
                        new String(header, 124, 12, StandardCharsets.US_ASCII)
                                .replace("\0", "")
                                .trim(),
                        8);
                String mode = new String(header, 100, 8, StandardCharsets.US_ASCII)
                        .replace("\0", "")
                        .trim();
                modes.put(name.startsWith("./") ? name.substring(2) : name, Integer.parseInt(mode, 8) & 0777);
                byte[] content = in.readNBytes((int) size);
                in.skipNBytes((512 - size % 512) % 512);
                if (header[156] == '0' || header[156] == 0) {
                    files.put(name, content);
                }
            }
        }
        return files;
    }
}
