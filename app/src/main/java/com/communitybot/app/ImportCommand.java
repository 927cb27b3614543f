package com.communitybot.app;

import com.communitybot.app.datafile.DataFileCounts;
import com.communitybot.app.datafile.DataFileImport;
import com.communitybot.app.movein.PeerFormat;
import com.communitybot.app.movein.PeerImport;
import com.communitybot.app.movein.PeerImportResult;
import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.core.usecase.LevelCurve;
import com.communitybot.persistence.h2.H2FileImport;
import io.micronaut.context.ApplicationContext;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * Loads a data file (contract 4) into the store, or with {@code --from} another bot's export into one guild's
 * level records (docs/moving-in.md); all of it or, on any error, nothing.
 */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = {
            "Load a data file into the store in one transaction (upsert by key).",
            "With --from: load another bot's export into the level records of one guild, in one transaction."
        })
final class ImportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(
            paramLabel = "FILE",
            arity = "1..*",
            description = "The data file to read; with --from mee6, one or more leaderboard pages.")
    List<Path> files;

    @Option(
            names = "--from",
            paramLabel = "FORMAT",
            converter = FormatConverter.class,
            description = "The other bot whose export FILE is: mee6, polaris, lurkr or xpd.")
    PeerFormat from;

    @Option(
            names = "--guild",
            paramLabel = "GUILD_ID",
            converter = GuildConverter.class,
            description = "With --from: the guild whose level records the export becomes.")
    GuildId guild;

    @Option(
            names = "--replace",
            description = "With --from: delete the guild's level records first; without it, a user the guild"
                    + " already has a record of fails the import.")
    boolean replace;

    /** What the data file's import stored, for its last line. */
    private String imported;

    @Option(
            names = "--curve",
            paramLabel = "CURVE",
            converter = CurveConverter.class,
            description = "With --from polaris or xpd (xp only): the curve that gives each level, mee6 (the"
                    + " default: 5L²+50L+100 xp from level L to L+1) or linear (100 xp per level).")
    LevelCurve curve;

    @Override
    public Integer call() {
        checkUsage();
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                return CommandFailure.report("import: " + file + " is not a readable file");
            }
        }
        AppConfig config = AppConfig.fromEnvironment();
        Optional<H2FileImport> h2File =
                H2FileImport.forUrl((String) config.storeProperties().get("datasources.default.url"));
        if (from == null && h2File.isPresent()) {
            // Whichever way the file goes in, a killed new-file import's leftovers go first.
            try {
                h2File.get().deleteLeftovers();
            } catch (UncheckedIOException e) {
                return CommandFailure.report("import: " + CommandFailure.rootMessage(e) + "; nothing was imported");
            }
            if (h2File.get().buildsNewFile(dataFileBytes())) {
                return importIntoNewFile(config, h2File.get());
            }
            // Otherwise in place, in one transaction in the store's file.
        }
        ApplicationContext context;
        try {
            context = StoreContext.start(config);
        } catch (RuntimeException e) {
            return CommandFailure.report("import: the store cannot be opened: " + CommandFailure.rootMessage(e));
        }
        try (context) {
            StoreTransfer store = context.getBean(StoreTransfer.class);
            return from == null ? importDataFile(store) : importFromPeer(store);
        }
    }

    /** The combinations picocli cannot check by itself; a wrong one exits 2 with usage, as any bad option. */
    private void checkUsage() {
        if (from == null) {
            if (guild != null || replace || curve != null) {
                throw usage("--guild, --replace and --curve go with --from FORMAT");
            }
            if (files.size() > 1) {
                throw usage("import reads one data file; several files go with --from mee6");
            }
            return;
        }
        if (guild == null) {
            throw usage("--from needs --guild GUILD_ID: the guild whose level records the export becomes");
        }
        if (files.size() > 1 && !from.severalFiles()) {
            throw usage("--from " + from + " reads one file; several files go with --from mee6 (its pages)");
        }
        if (curve != null && from.carriesLevel()) {
            throw usage("--curve goes with formats that carry no level (polaris, xpd); " + from
                    + " files carry each level, and it is kept");
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** The data file's size; one that cannot be read counts as big, and the import reports it as always. */
    private long dataFileBytes() {
        try {
            return Files.size(files.get(0));
        } catch (IOException | RuntimeException e) {
            return Long.MAX_VALUE;
        }
    }

    private int importDataFile(StoreTransfer store) {
        int exit = readDataFile(store);
        if (exit == 0) {
            System.out.println(imported);
        }
        return exit;
    }

    /** Imports the data file into {@code store}; on success {@link #imported} says what. */
    private int readDataFile(StoreTransfer store) {
        Path file = files.get(0);
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            DataFileCounts counts = new DataFileImport(store).importFrom(in);
            imported = "Imported " + counts + " from " + file;
            return 0;
        } catch (InvalidInputException e) {
            return CommandFailure.report("import: " + file + ": " + e.getMessage() + "; nothing was imported");
        } catch (IOException | UncheckedIOException e) {
            return CommandFailure.report(
                    "import: " + file + " cannot be read: " + CommandFailure.rootMessage(e) + "; nothing was imported");
        } catch (RuntimeException e) {
            return CommandFailure.report(
                    "import: the store failed: " + CommandFailure.rootMessage(e) + "; nothing was imported");
        }
    }

    /**
     * The data file's import into an H2 file store: built in a new file beside the store, which one atomic
     * rename puts in the store's place (docs/store.md, "Importing into the H2 file"). Until that rename the
     * store's file is only read, so any failure leaves it as it was.
     */
    private int importIntoNewFile(AppConfig config, H2FileImport h2File) {
        int exit = importIntoNewFileOpened(config, h2File);
        if (exit == 0) {
            try {
                h2File.swap();
            } catch (UncheckedIOException e) {
                exit = CommandFailure.report(
                        "import: " + e.getMessage() + ": " + CommandFailure.rootMessage(e) + "; nothing was imported");
            }
        }
        try {
            h2File.deleteLeftovers(); // after a failure the new file; after the swap, H2's trace of the new file
        } catch (UncheckedIOException e) {
            // the next import deletes it
        }
        if (exit == 0) {
            System.out.println(imported);
        }
        return exit;
    }

    /** Builds and compacts the new file; both databases are closed when it returns. */
    private int importIntoNewFileOpened(AppConfig config, H2FileImport h2File) {
        ApplicationContext current;
        try {
            current = StoreContext.start(config);
        } catch (RuntimeException e) {
            return CommandFailure.report("import: the store cannot be opened: " + CommandFailure.rootMessage(e));
        }
        try (current) {
            ApplicationContext next;
            try {
                next = StoreContext.start(config, h2File.nextUrl());
            } catch (RuntimeException e) {
                return CommandFailure.report("import: the import's new file " + h2File.nextFile() + " cannot be made: "
                        + CommandFailure.rootMessage(e) + "; nothing was imported");
            }
            try (next) {
                DataSource nextData = next.getBean(DataSource.class);
                StoreTransfer store =
                        h2File.into(current.getBean(DataSource.class), nextData, next.getBean(StoreTransfer.class));
                int exit = readDataFile(store);
                if (exit != 0) {
                    return exit;
                }
                try {
                    h2File.compact(nextData);
                } catch (RuntimeException e) {
                    return CommandFailure.report(
                            "import: the store failed: " + CommandFailure.rootMessage(e) + "; nothing was imported");
                }
                return 0;
            }
        }
    }

    private int importFromPeer(StoreTransfer store) {
        PeerImport.Request request =
                new PeerImport.Request(guild, from, curve == null ? LevelCurve.MEE6 : curve, replace, files);
        try {
            PeerImportResult result = new PeerImport(store).importFiles(request);
            result.lines().forEach(System.out::println);
            return 0;
        } catch (InvalidInputException e) {
            // The message starts with the file at fault.
            return CommandFailure.report("import: " + e.getMessage() + "; nothing was imported");
        } catch (UncheckedIOException e) {
            return CommandFailure.report("import: " + e.getMessage() + "; nothing was imported");
        } catch (RuntimeException e) {
            return CommandFailure.report(
                    "import: the store failed: " + CommandFailure.rootMessage(e) + "; nothing was imported");
        }
    }

    static final class FormatConverter implements ITypeConverter<PeerFormat> {
        @Override
        public PeerFormat convert(String value) {
            return PeerFormat.named(value)
                    .orElseThrow(() -> new TypeConversionException(
                            "expected one of " + PeerFormat.names() + " but was '" + value + "'"));
        }
    }

    static final class CurveConverter implements ITypeConverter<LevelCurve> {
        @Override
        public LevelCurve convert(String value) {
            return LevelCurve.named(value)
                    .orElseThrow(() -> new TypeConversionException("expected one of "
                            + Arrays.stream(LevelCurve.values())
                                    .map(LevelCurve::toString)
                                    .collect(Collectors.joining(", "))
                            + " but was '" + value + "'"));
        }
    }

    static final class GuildConverter implements ITypeConverter<GuildId> {
        @Override
        public GuildId convert(String value) {
            return GuildId.parse(value)
                    .orElseThrow(() -> new TypeConversionException(
                            "a guild id is an unsigned 64-bit decimal integer, not '" + value + "'"));
        }
    }
}
