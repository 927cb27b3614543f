package com.communitybot.app;

import java.io.ByteArrayOutputStream;
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
 * operating system, its packaged resources, a kill) stays with {@link JarProcess}.
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
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream capturedOut = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream capturedErr = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(capturedOut);
            System.setErr(capturedErr);
            CommandLine commandLine = Main.commandLine();
            commandLine.setOut(new PrintWriter(capturedOut, true));
            commandLine.setErr(new PrintWriter(capturedErr, true));
            int exitCode = commandLine.execute(args);
            return new JarProcess.Result(
                    exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
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
}
