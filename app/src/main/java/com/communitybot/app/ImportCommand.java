package com.communitybot.app;

import com.communitybot.app.datafile.DataFileCounts;
import com.communitybot.app.datafile.DataFileImport;
import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.port.StoreTransfer;
import io.micronaut.context.ApplicationContext;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** Loads a data file (contract 4) into the store, all of it or, on any error, nothing. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = "Load a data file into the store in one transaction (upsert by key).")
final class ImportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "The data file to read.")
    Path file;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(file)) {
            return CommandFailure.report("import: " + file + " is not a readable file");
        }
        AppConfig config = AppConfig.fromEnvironment();
        ApplicationContext context;
        try {
            context = StoreContext.start(config);
        } catch (RuntimeException e) {
            return CommandFailure.report("import: the store cannot be opened: " + CommandFailure.rootMessage(e));
        }
        try (context;
                InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            DataFileCounts counts = new DataFileImport(context.getBean(StoreTransfer.class)).importFrom(in);
            System.out.println("Imported " + counts + " from " + file);
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
}
