package com.communitybot.app;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine;

/**
 * The command line ({@link Main#commandLine()}) run in the test JVM, with its settings given as system properties
 * (which {@link AppConfig#fromEnvironment()} reads where the environment has none) and its standard output and error
 * captured: for the tests that prove what {@code import} and {@code export} do with a store and a file, where a jar
 * run would add a JVM's start and nothing the test checks. What only the built jar shows (its exit code to the
 * operating system, its packaged resources, a kill) stays with {@link JarProcess}. Only what the command's own thread
 * writes is captured: a thread left by an earlier test class of the same JVM writes where it always did.
 */
final class CommandInThisJvm {

    private CommandInThisJvm() {}

    /** Runs {@code args} with {@code settings} in force, one run at a time, and restores what it changed. */
    static synchronized JarProcess.Result run(Map<String, String> settings, String... args) {
        for (String name : settings.keySet()) {
            if (System.getenv(name) != null) {
                throw new IllegalStateException(name + " is set in this JVM's environment, which wins over the test's");
            }
        }
        Map<String, String> previous = new HashMap<>();
        settings.forEach((name, value) -> previous.put(name, System.setProperty(name, value)));
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        ThisThread out = new ThisThread(stdout);
        ThisThread err = new ThisThread(stderr);
        try (PrintStream capturedOut = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream capturedErr = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(capturedOut);
            System.setErr(capturedErr);
            CommandLine commandLine = Main.commandLine();
            commandLine.setOut(new PrintWriter(capturedOut, true));
            commandLine.setErr(new PrintWriter(capturedErr, true));
            int exitCode = commandLine.execute(args);
            return new JarProcess.Result(exitCode, out.captured(), err.captured());
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
            previous.forEach((name, value) -> {
                if (value == null) {
                    System.clearProperty(name);
                } else {
                    System.setProperty(name, value);
                }
            });
        }
    }

    /** Keeps what the thread that made it writes; passes what other threads write on to {@code elsewhere}. */
    private static final class ThisThread extends OutputStream {

        private final Thread owner = Thread.currentThread();
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private final PrintStream elsewhere;

        ThisThread(PrintStream elsewhere) {
            this.elsewhere = elsewhere;
        }

        @Override
        public void write(int b) {
            if (Thread.currentThread() == owner) {
                kept.write(b);
            } else {
                elsewhere.write(b);
            }
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            if (Thread.currentThread() == owner) {
                kept.write(bytes, offset, length);
            } else {
                elsewhere.write(bytes, offset, length);
            }
        }

        String captured() {
            return kept.toString(StandardCharsets.UTF_8);
        }
    }
}
