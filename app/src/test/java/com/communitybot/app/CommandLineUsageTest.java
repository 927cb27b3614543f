package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The command line's usage rules, on {@link Main#commandLine()} in this JVM: every help, and every wrong subcommand
 * or option, which the command line refuses before any store is opened or any setting read. {@code CommandLineIT}
 * and {@code ImportFromOtherBotsIT} run one of each through the built jar, to show that the jar exits with these
 * codes and prints to these streams.
 */
class CommandLineUsageTest {

    private static JarProcess.Result run(String args) {
        return CommandInThisJvm.run(Map.of(), args.split(" "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"--help", "serve --help", "import --help", "export --help"})
    void helpPrintsUsage_andExitsZero(String args) {
        JarProcess.Result result = run(args);

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("Usage:");
        assertThat(result.err()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"--help        | serve, import, export", "import --help | --from, --replace, --curve, --guild"})
    void helpNamesWhatItOffers(String args, String names) {
        assertThat(run(args.strip()).out()).contains(names.strip().split(", "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bogus", "--bogus", "import", "export", "serve --bogus", "import a b"})
    void aWrongSubcommandOrOption_exitsTwoWithUsage(String args) {
        JarProcess.Result result = run(args);

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("Usage:");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "import --from amari --guild 1 f                 | expected one of mee6, polaris, lurkr, xpd",
                "import --from xpd --guild -1 f                  | a guild id is an unsigned 64-bit",
                "import --from xpd f                             | --from needs --guild",
                "import --from xpd --guild 1 f g                 | --from xpd reads one file",
                "import --from mee6 --guild 1 --curve linear f   | --curve goes with",
                "import --from xpd --guild 1 --curve polaris f   | expected one of mee6, linear",
                "import --guild 1 f                              | --guild, --replace and --curve go with --from"
            })
    void wrongImportOptions_exitTwoWithUsage_andAClearLine(String args, String line) {
        JarProcess.Result result = run(args.strip());

        assertThat(result.exitCode()).as(args).isEqualTo(2);
        assertThat(result.err()).as(args).contains(line.strip(), "Usage:");
    }
}
