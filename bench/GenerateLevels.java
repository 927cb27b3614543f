import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/** Writes a data file with COUNT level records in one guild, for the leaderboard benchmark. */
public class GenerateLevels {
    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        int count = Integer.parseInt(args[1]);
        SplittableRandom random = new SplittableRandom(42);
        try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            w.write("{\"levels\": [\n");
            for (int i = 1; i <= count; i++) {
                long level = random.nextInt(100);
                long xp = random.nextLong(1_000_000);
                w.write("{\"id\": \"100000000000000001:" + (300000000000000000L + i) + "\", \"xp\": " + xp
                        + ", \"level\": " + level + "}" + (i < count ? ",\n" : "\n"));
            }
            w.write("]}\n");
        }
    }
}
