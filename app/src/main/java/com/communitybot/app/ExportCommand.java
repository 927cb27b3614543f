package com.communitybot.app;

import com.communitybot.app.datafile.DataFileCounts;
import com.communitybot.app.datafile.DataFileExport;
import com.communitybot.core.port.StoreTransfer;
import io.micronaut.context.ApplicationContext;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * Writes the whole store as a data file (contract 4). It writes a temporary file beside the target and
 * moves it into place at the end, so a failed export never leaves a half-written file behind.
 */
@Command(name = "export", mixinStandardHelpOptions = true, description = "Write the whole store to a data file.")
final class ExportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "The data file to write (replaced if it exists).")
    Path file;

    @Override
    public Integer call() {
        AppConfig config = AppConfig.fromEnvironment();
        Path target = file.toAbsolutePath();
        ApplicationContext context;
        try {
            context = StoreContext.start(config);
        } catch (RuntimeException e) {
            return CommandFailure.report("export: the store cannot be opened: " + CommandFailure.rootMessage(e));
        }
        Path temporary = null;
        try (context) {
            temporary = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".part");
            DataFileCounts counts;
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temporary), 1 << 16)) {
                counts = new DataFileExport(context.getBean(StoreTransfer.class)).exportTo(out);
            }
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            System.out.println("Exported " + counts + " to " + file);
            return 0;
        } catch (IOException | UncheckedIOException e) {
            return CommandFailure.report("export: " + file + " cannot be written: " + CommandFailure.rootMessage(e));
        } catch (RuntimeException e) {
            return CommandFailure.report("export: the store failed: " + CommandFailure.rootMessage(e));
        } finally {
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException ignored) {
                    // the move succeeded, or the failure above is what the operator needs to see
                }
            }
        }
    }
}
