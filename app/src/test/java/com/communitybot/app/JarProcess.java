package com.communitybot.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
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
            List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xmx512m", "-jar", JAR.toString()));
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
        Instant deadline = Instant.now().plus(limit);
        while (Instant.now().isBefore(deadline)) {
            Matcher matcher = LISTENING.matcher(read(out));
            if (matcher.find()) {
                return Integer.parseInt(matcher.group(1));
            }
            if (!process.isAlive()) {
                throw new AssertionError("the jar exited with " + process.exitValue() + ": " + read(out) + read(err));
            }
            sleep(50);
        }
        throw new AssertionError("no start-up line within " + limit + ": " + read(out) + read(err));
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

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
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
