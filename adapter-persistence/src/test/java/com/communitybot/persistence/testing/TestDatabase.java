package com.communitybot.persistence.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A database made for one test class, with the Micronaut properties that point the store at it; closing
 * it drops the database.
 */
public final class TestDatabase implements AutoCloseable {

    private final String url;
    private final String username;
    private final String password;
    private final Runnable drop;
    private final String name;

    TestDatabase(String url, String username, String password, Runnable drop, String name) {
        this.url = url;
        this.username = username;
        this.password = password;
        this.drop = drop;
        this.name = name;
    }

    /**
     * A fresh H2 file database in a temporary directory of its own, as {@code serve} runs H2 (a file
     * database behaves unlike an in-memory one: its pages are read from disk, its locks are files). The URL
     * is given without the H2 options, so the module must add them. Closing the handle deletes the directory;
     * close it after the pool, which closes the database.
     */
    public static TestDatabase freshH2(String purpose) {
        String name = purpose + "_" + java.util.UUID.randomUUID().toString().substring(0, 8);
        Path directory;
        try {
            directory = Files.createTempDirectory("h2-" + name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String url = "jdbc:h2:file:" + directory.toAbsolutePath().resolve(name);
        return new TestDatabase(url, "sa", "", () -> deleteWhatCanBeDeleted(directory), name);
    }

    /**
     * Deletes {@code directory} and what it holds, deepest first; a file still held open (a database some
     * test left open) is skipped rather than failing the test that closes it.
     */
    private static void deleteWhatCanBeDeleted(Path directory) {
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(directory)) {
            paths = walk.sorted(Comparator.reverseOrder()).toList();
        } catch (IOException e) {
            return; // gone already, or unreadable: nothing more to do for a temporary directory
        }
        for (Path path : paths) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                // still in use; the temporary directory outlives this test
            }
        }
    }

    public String url() {
        return url;
    }

    /** The database's name on its server. */
    public String name() {
        return name;
    }

    /**
     * What the app sets from DATABASE_URL, DATABASE_USER and DATABASE_PASSWORD, plus Flyway for the
     * default data source: the properties for {@code ApplicationContext.run} or a {@code TestPropertyProvider}.
     */
    public Map<String, Object> properties() {
        Map<String, Object> properties = new HashMap<>();
        properties.put("datasources.default.url", url);
        if (username != null) {
            properties.put("datasources.default.username", username);
        }
        if (password != null) {
            properties.put("datasources.default.password", password);
        }
        properties.put("flyway.datasources.default.enabled", true);
        return properties;
    }

    @Override
    public void close() {
        drop.run();
    }
}
