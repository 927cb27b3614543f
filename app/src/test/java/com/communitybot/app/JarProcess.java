package com.communitybot.app;

import com.communitybot.core.testing.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The built jar run as a user runs it: its own JVM, environment, exit code, standard output and error. */
final class JarProcess implements AutoCloseable {

    static final Path JAR = Path.of("target", "community-bot-api.jar");
    private static final Pattern LISTENING = Pattern.compile("listening on port (\\d+)");

    private final Process process;
    private final Path out;
    private final Path err;

    private JarProcess(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    /** Starts {@code java -jar community-bot-api.jar args} with exactly {@code env} as its environment (plus PATH). */
    static JarProcess start(Map<String, String> env, String... args) {
        try {
            List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xmx512m"));
            command.addAll(JIT_OPTIONS);
            command.addAll(ClassArchive.OPTIONS);
            command.addAll(List.of("-jar", JAR.toString()));
            command.addAll(List.of(args));
            Path out = Files.createTempFile("jar-out", ".log");
            Path err = Files.createTempFile("jar-err", ".log");
            ProcessBuilder builder =
                    new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().clear();
            builder.environment().put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
            // Not the default 8081, which another test or service on this machine may hold.
            builder.environment().put("MANAGEMENT_PORT", String.valueOf(RunningService.freePort()));
            builder.environment().putAll(env);
            return new JarProcess(builder.start(), out, err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs the jar to its end, at most two minutes. */
    static Result run(Map<String, String> env, String... args) {
        try (JarProcess jar = start(env, args)) {
            return jar.awaitExit(Duration.ofMinutes(2));
        }
    }

    record Result(int exitCode, String out, String err) {}

    /**
     * The JIT's tiers the jar runs with here, {@code IT_JIT} (default {@code c1}: the client compiler alone, {@code
     * -XX:TieredStopAtLevel=1}; {@code full}: the JVM's default). A jar run of these tests lives a few seconds on a
     * few records, where the server compiler's work is all cost and no gain, and the tests prove what the jar does,
     * not how fast: the same bytecode gives the same answers at every tier. {@code bench/} measures the default.
     */
    private static final List<String> JIT_OPTIONS =
            "full".equals(System.getenv("IT_JIT")) ? List.of() : List.of("-XX:TieredStopAtLevel=1");

    /**
     * The jar's classes in a class-data archive (AppCDS, as {@code bin/community-bot-api} runs it), made once per
     * build by one {@code serve} that stops at once: the dozens of jar runs of the ITs then map the classes instead
     * of loading and verifying them each time, which was most of each run's CPU. A run without the archive (it
     * could not be made) behaves the same, only slower; the JVM's CDS messages are off so that no run's output
     * depends on it. {@code LauncherIT} tests the launcher's own archive.
     */
    private static final class ClassArchive {

        static final Path FILE = Path.of("target", "it-classes.jsa");
        private static final Path LOCK = Path.of("target", "it-classes.lock");
        static final List<String> OPTIONS = make();

        private static List<String> make() {
            List<String> quiet = List.of("-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
            // One test JVM makes the archive while the other waits for it, instead of both making it at once.
            try (FileChannel lock = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock held = lock.lock()) {
                if (!Files.exists(FILE)
                        || Files.getLastModifiedTime(FILE).compareTo(Files.getLastModifiedTime(JAR)) < 0) {
                    Files.deleteIfExists(FILE);
                    dump(quiet);
                }
            } catch (IOException | RuntimeException | AssertionError e) {
                System.err.println("JarProcess: no class-data archive, the jar runs without it: " + e);
            }
            if (!Files.exists(FILE)) {
                return List.of();
            }
            List<String> options = new ArrayList<>(List.of("-XX:SharedArchiveFile=" + FILE.toAbsolutePath()));
            options.addAll(quiet);
            return List.copyOf(options);
        }

        private static void dump(List<String> quiet) throws IOException {
            Path dir = Files.createTempDirectory("it-cds");
            List<String> command = new ArrayList<>(
                    List.of(javaBinary(), "-Xmx512m", "-XX:ArchiveClassesAtExit=" + FILE.toAbsolutePath()));
            command.addAll(quiet);
            command.addAll(List.of("-jar", JAR.toString(), "serve"));
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectOutput(dir.resolve("out.log").toFile())
                    .redirectError(dir.resolve("err.log").toFile());
            builder.environment().clear();
            builder.environment().put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
            builder.environment()
                    .put("DATABASE_URL", "jdbc:h2:file:" + dir.resolve("db").toAbsolutePath());
            builder.environment().put("BOT_API_KEY", "k");
            builder.environment().put("PORT", "0");
            builder.environment().put("MANAGEMENT_PORT", "off");
            try (JarProcess serve = new JarProcess(builder.start(), dir.resolve("out.log"), dir.resolve("err.log"))) {
                serve.awaitListening(Duration.ofMinutes(2));
                serve.terminate();
                serve.awaitExit(Duration.ofMinutes(2));
            } finally {
                try (var files = Files.walk(dir)) {
                    files.sorted(java.util.Comparator.reverseOrder())
                            .forEach(file -> file.toFile().delete());
                }
            }
        }
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    Result awaitExit(Duration limit) {
        try {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("the jar did not exit within " + limit + "; stderr: " + read(err));
            }
            return new Result(process.exitValue(), read(out), read(err));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Waits for the start-up line and returns the port it names. */
    int awaitListening(Duration limit) {
        int[] port = {-1};
        try {
            Await.until("the start-up line", limit, () -> {
                Matcher matcher = LISTENING.matcher(read(out));
                if (matcher.find()) {
                    port[0] = Integer.parseInt(matcher.group(1));
                    return true;
                }
                if (!process.isAlive()) {
                    throw new AssertionError("the jar exited with " + process.exitValue());
                }
                return false;
            });
        } catch (AssertionError e) {
            throw new AssertionError("no start-up line: " + read(out) + read(err), e);
        }
        return port[0];
    }

    String out() {
        return read(out);
    }

    /** Sends SIGKILL ({@code kill -9}) and waits until the process is gone. */
    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Sends SIGTERM, as a process manager stops a service. */
    void terminate() {
        process.destroy();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        } catch (IOException ignored) {
            // temporary files
        }
    }
}
