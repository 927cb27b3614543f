package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.testing.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/community-bot-api} from outside, as a user runs it: the first {@code serve} writes the class-data
 * archive when it stops (on JDK 25 and later the AOT cache), the next one loads the service's classes from it, other
 * commands and {@code CDS_ARCHIVE=off} write none, and the arguments reach the jar.
 */
@Tag("verify")
class LauncherIT {

    private static final Path LAUNCHER =
            Path.of("..", "bin", "community-bot-api").toAbsolutePath();
    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath();

    /**
     * The heap these runs need, and the client compiler alone, as {@link JarProcess} runs the jar: what the launcher
     * does with the archive and its flags is the same at every JIT tier, and the server compiler's work would be all
     * cost in runs of a few seconds.
     */
    private static final String JVM = "-Xmx256m -XX:TieredStopAtLevel=1";

    @TempDir
    Path dir;

    private Map<String, String> env(Path archive) {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("COMMUNITY_BOT_API_JAR", JarProcess.JAR.toAbsolutePath().toString());
        env.put("CDS_ARCHIVE", archive.toString());
        env.put("DATABASE_URL", "jdbc:h2:file:" + dir.resolve("db").toAbsolutePath());
        env.put("BOT_API_KEY", "k");
        env.put("PORT", "0");
        env.put("MANAGEMENT_PORT", "off");
        env.put("GUILD_SNAPSHOT", EXAMPLES.resolve("guild-snapshot.json").toString());
        env.put("JAVA_OPTS", JVM);
        return env;
    }

    /**
     * One archive for both claims, since writing one is the slow part: the first {@code serve}, run from the jar's
     * directory with a relative jar path, writes it; the next, run from elsewhere with the jar's absolute path,
     * loads the service's classes from it (the JVM keeps the class path as it was given, so the launcher must not
     * record a relative one).
     */
    @Test
    void theFirstServeWritesTheArchive_andTheNextLoadsTheServiceClassesFromIt_fromAnyDirectory() throws Exception {
        Path archive = dir.resolve("app.jsa");
        Map<String, String> env = env(archive);
        Path jar = JarProcess.JAR.toAbsolutePath();

        env.put("COMMUNITY_BOT_API_JAR", jar.getFileName().toString());
        serveAndStop(env, jar.getParent());
        assertThat(archive).exists();

        env.put("COMMUNITY_BOT_API_JAR", jar.toString());
        Path classes = dir.resolve("classes.log");
        env.put("JAVA_OPTS", JVM + " -Xlog:class+load:file=" + classes);
        serveAndStop(env, dir);
        assertThat(whereServeCommandCameFrom(classes)).contains("shared objects file (top)");
    }

    /**
     * On JDK 25 and later the launcher makes an AOT cache instead (JEP 514's one-step training run): the test runs
     * the launcher with such a JDK, the one named by {@code -Dlauncher.jdk25} or the first in {@code /usr/lib/jvm}.
     */
    @Test
    void onJdk25_theFirstServeWritesAnAotCache_andTheNextLoadsTheServiceClassesFromIt() throws Exception {
        Path jdk = jdk25OrLater();
        Assumptions.assumeTrue(jdk != null, "no JDK 25 or later: set -Dlauncher.jdk25=PATH");
        Path archive = dir.resolve("app.aot");
        Map<String, String> env = env(archive);
        env.put("JAVA_HOME", jdk.toString());

        serveAndStop(env);
        assertThat(archive).exists();

        Path classes = dir.resolve("classes.log");
        env.put("JAVA_OPTS", JVM + " -XX:+PrintFlagsFinal -Xlog:class+load:file=" + classes);
        serveAndStop(env);
        assertThat(whereServeCommandCameFrom(classes)).contains("shared objects file");
        assertThat(flagsIn(dir.resolve("serve.log")).get("AOTCache"))
                .as("an AOT cache, not a CDS archive")
                .isEqualTo(archive.toString());
    }

    /** The one line of a {@code -Xlog:class+load} file that says where {@code ServeCommand} was loaded from. */
    private static String whereServeCommandCameFrom(Path classes) throws IOException {
        List<String> lines = Files.readAllLines(classes).stream()
                .filter(line -> line.contains(" com.communitybot.app.ServeCommand "))
                .toList();
        assertThat(lines).as("ServeCommand's class-load lines").hasSize(1);
        return lines.get(0);
    }

    /** A JDK of version 25 or later: the one {@code -Dlauncher.jdk25} names, else the first in /usr/lib/jvm. */
    private static Path jdk25OrLater() throws IOException {
        String named = System.getProperty("launcher.jdk25");
        if (named != null && !named.isBlank()) {
            return Path.of(named);
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return null;
        }
        try (var homes = Files.list(jvms)) {
            return homes.filter(home -> featureVersion(home) >= 25)
                    .sorted()
                    .findFirst()
                    .orElse(null);
        }
    }

    /** The major version in a JDK's release file, or 0. */
    private static int featureVersion(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"), StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=\"")) {
                    String version = line.substring("JAVA_VERSION=\"".length());
                    return Integer.parseInt(version.split("[.\"]")[0]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    @Test
    void withCdsArchiveOff_noArchiveIsWritten() throws Exception {
        Path archive = dir.resolve("none.jsa");
        Map<String, String> env = env(archive);
        env.put("CDS_ARCHIVE", "off");

        serveAndStop(env);

        assertThat(archive).doesNotExist();
        try (var files = Files.list(dir)) {
            assertThat(files.map(Path::toString)).noneMatch(name -> name.endsWith(".jsa") || name.endsWith(".aot"));
        }
    }

    /** And a command other than {@code serve} writes no archive: only a serve's classes belong in it. */
    @Test
    void theArgumentsReachTheJar_andOnlyServeWritesTheArchive() throws Exception {
        Path archive = dir.resolve("x.jsa");
        Path out = dir.resolve("out.log");
        Process process = start(env(archive), List.of("--version"), out);
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).isZero();
        assertThat(Files.readString(out, StandardCharsets.UTF_8)).startsWith("community-bot-api ");
        assertThat(archive).as("a --version run writes no archive").doesNotExist();
    }

    @Test
    void noPerformanceCounterFile_unlessJavaOptsSaysOtherwise() throws Exception {
        Map<String, String> env = env(dir.resolve("x.jsa"));
        env.put("JAVA_OPTS", "-XX:+PrintFlagsFinal");
        assertThat(jvmFlags(env).get("UsePerfData")).isEqualTo("false");

        env.put("JAVA_OPTS", "-XX:+PrintFlagsFinal -XX:+UsePerfData");
        assertThat(jvmFlags(env).get("UsePerfData")).isEqualTo("true");
    }

    /** The JVM's final values of its flags, from a {@code --version} run. */
    private Map<String, String> jvmFlags(Map<String, String> env) throws Exception {
        Path out = dir.resolve("flags.log");
        Process process = start(env, List.of("--version"), out);
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).isZero();
        return flagsIn(out);
    }

    /** The flags a {@code -XX:+PrintFlagsFinal} run printed into {@code out}, by name. */
    private static Map<String, String> flagsIn(Path out) throws IOException {
        Map<String, String> values = new HashMap<>();
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            String[] words = line.trim().split("\\s+");
            if (words.length >= 4 && words[2].equals("=")) {
                values.put(words[1], words[3]);
            }
        }
        return values;
    }

    /** Starts serve, waits for its start-up line, stops it with SIGTERM and expects exit 0. */
    private void serveAndStop(Map<String, String> env) throws Exception {
        serveAndStop(env, null);
    }

    /** {@link #serveAndStop(Map)} in the working directory {@code in} (this process's own when null). */
    private void serveAndStop(Map<String, String> env, Path in) throws Exception {
        Path out = dir.resolve("serve.log");
        Process process = start(env, List.of("serve"), out, in);
        try {
            Await.until("the start-up line", Duration.ofMinutes(3), () -> {
                String log = Files.readString(out, StandardCharsets.UTF_8);
                assertThat(process.isAlive()).as("the service exited: %s", log).isTrue();
                return log.contains("listening on port");
            });
            process.destroy();
            assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
            assertThat(process.exitValue()).isZero();
        } finally {
            process.destroyForcibly();
        }
    }

    private static Process start(Map<String, String> env, List<String> args, Path out) {
        return start(env, args, out, null);
    }

    private static Process start(Map<String, String> env, List<String> args, Path out, Path in) {
        List<String> command = new java.util.ArrayList<>(List.of(LAUNCHER.toString()));
        command.addAll(args);
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
        if (in != null) {
            builder.directory(in.toFile());
        }
        builder.environment().clear();
        builder.environment().putAll(env);
        try {
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
