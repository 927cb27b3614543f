package com.communitybot.app;

import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line of contract 1: {@code serve} (the default), {@code import FILE} and {@code export FILE}.
 * {@code --help} prints usage; a wrong subcommand or option exits 2 with usage.
 */
@Command(
        name = "community-bot-api",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "The management API behind a Discord community bot's dashboard.",
        subcommands = {ServeCommand.class, ImportCommand.class, ExportCommand.class},
        footer = {
            "",
            "Without a command, runs 'serve'. Configuration is read from environment variables:",
            "BOT_API_KEY, PORT, DATABASE_URL, DATABASE_USER, DATABASE_PASSWORD, DISCORD_TOKEN,",
            "DISCORD_API_URL, GUILD_SNAPSHOT, MAX_REQUEST_SIZE, MAX_HEADER_SIZE, WRITE_TIMEOUT, READ_TIMEOUT,",
            "IDLE_TIMEOUT, MANAGEMENT_PORT, LOG_FORMAT, ACCESS_LOG, H2_COMPACT_INTERVAL, XP_LOG_RETENTION",
            "(see README.md)."
        })
public final class Main implements Callable<Integer> {

    public static void main(String[] args) {
        Function<String, String> settings = name -> {
            String value = System.getenv(name);
            return value != null ? value : System.getProperty(name);
        };
        try {
            AppConfig.checkLogFormat(settings);
        } catch (AppConfig.InvalidConfigException e) {
            System.exit(CommandFailure.report(e.getMessage()));
        }
        // The jar's logback.xml picks its appender by this system property, so it sees the value checked here: an
        // empty LOG_FORMAT is the default, as every empty setting is, where Logback's ${LOG_FORMAT:-plain} would
        // take it as the name of an appender and log nothing.
        String logFormat = settings.apply("LOG_FORMAT");
        System.setProperty(
                "LOG_FORMAT", logFormat == null || logFormat.isEmpty() ? AppConfig.DEFAULT_LOG_FORMAT : logFormat);
        int exit = args.length == 0 ? serve() : commandLine().execute(args);
        if (exit != ServeCommand.KEEP_RUNNING) {
            System.exit(exit);
        }
    }

    /** The command line, with a setting that cannot be used reported in one line and exit code 1. */
    static CommandLine commandLine() {
        return new CommandLine(new Main()).setExecutionExceptionHandler((error, command, parsed) -> failed(error));
    }

    /**
     * {@code serve} for a command line without arguments, as {@link #commandLine()} would run it (through {@link
     * #call()}), without building picocli's model of the commands when there is nothing to parse. picocli's classes
     * are Java 5 class files, which the JVM's class-data archive and AOT cache cannot hold, so every start of the
     * launcher loaded and verified them all from the jar (decision 0007). {@code CommandLineIT} holds the two ways to
     * the same output and exit codes.
     */
    static int serve() {
        try {
            return new Main().call();
        } catch (RuntimeException e) {
            return failed(e);
        }
    }

    /**
     * A command that failed: a setting that cannot be used in one line, anything else with its stack trace, as
     * picocli reports it; exit code 1.
     */
    private static int failed(Exception error) {
        if (error instanceof AppConfig.InvalidConfigException) {
            return CommandFailure.report(error.getMessage());
        }
        error.printStackTrace();
        return CommandFailure.EXIT_CODE;
    }

    @Override
    public Integer call() {
        return new ServeCommand().call();
    }

    /** The version from the jar's manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = Main.class.getPackage().getImplementationVersion();
            return new String[] {"community-bot-api " + (version == null ? "(development build)" : version)};
        }
    }
}
