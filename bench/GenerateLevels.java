import java.io.BufferedWriter;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Writes a data file (contract section 4) with COUNT level records in one guild, for the leaderboard
 * benchmark (bench/leaderboard.sh), and optionally what the leaderboard of that guild must then be.
 *
 * <pre>
 * java bench/GenerateLevels.java OUT COUNT [--expected FILE] [--snapshot FILE] [--members M] [--roles R]
 * </pre>
 *
 * The records are {@code 100000000000000001:<user>} with a random level (0-99) and xp (0-999999), user
 * {@code 300000000000000000 + i} for record i (1-based), except:
 * <ul>
 *   <li>records with {@code i % 10} equal to 0 or 1 copy the level and xp of record i-1, so groups of three
 *       records tie on level and xp and their order comes from the record id alone;</li>
 *   <li>records with {@code i % 997 == 0} get a user part that is not a positive integer (the empty string
 *       once, then in turn {@code abc<i>}, {@code -<i>}, {@code <i>x}, {@code 1.<i>}, {@code 0x<hex i>} and
 *       zeros {@code 0}, {@code 00}, ...; no two alike): spec 4.2 rule 4 leaves them out of the leaderboard,
 *       and the ranks after them keep their gap.</li>
 * </ul>
 * {@code --expected FILE} writes key=value lines: the number of ranked entries, the SHA-256 of the lines
 * {@code user_id TAB level TAB xp TAB rank LF} of the whole expected leaderboard in order, and an
 * order-independent fingerprint of the set of ranked users (the sum, modulo 2^128, of the first 16 bytes of
 * SHA-256 of each user id), which stays the same while a writer changes levels and xp.
 * {@code --snapshot FILE} writes a guild snapshot (contract section 3) of that guild with M members (default
 * 300) spread over the records, so the leaderboard looks their names up, plus five members without a record,
 * and R roles (default 1: {@code @everyone} alone; the others with names that need escaping now and then).
 * Avatars are Discord CDN URLs as a bot's view gives them: a third Discord's default avatars, the others a user's
 * own (a tenth of those animated).
 */
public class GenerateLevels {

    static final String GUILD = "100000000000000001";
    static final long USER_BASE = 300000000000000000L;
    static final int SKIP_EVERY = 997;
    static final int TIE_EVERY = 10;

    public static void main(String[] args) throws IOException, NoSuchAlgorithmException {
        if (args.length < 2) {
            System.err.println("usage: java bench/GenerateLevels.java OUT COUNT [--expected FILE] [--snapshot FILE] [--members M] [--roles R]");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        int count = Integer.parseInt(args[1]);
        Path expectedFile = null;
        Path snapshotFile = null;
        int members = 300;
        int roles = 1;
        for (int a = 2; a < args.length; a += 2) {
            if (a + 1 >= args.length) {
                throw new IllegalArgumentException("option " + args[a] + " needs a value");
            }
            switch (args[a]) {
                case "--expected" -> expectedFile = Path.of(args[a + 1]);
                case "--snapshot" -> snapshotFile = Path.of(args[a + 1]);
                case "--members" -> members = Integer.parseInt(args[a + 1]);
                case "--roles" -> roles = Integer.parseInt(args[a + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[a]);
            }
        }

        int[] levels = new int[count + 1];
        long[] xps = new long[count + 1];
        String[] users = new String[count + 1];
        SplittableRandom random = new SplittableRandom(42);
        int skipped = 0;
        try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            w.write("{\"levels\": [\n");
            for (int i = 1; i <= count; i++) {
                int level = random.nextInt(100);
                long xp = random.nextLong(1_000_000);
                if (i > 1 && (i % TIE_EVERY == 0 || i % TIE_EVERY == 1)) {
                    level = levels[i - 1];
                    xp = xps[i - 1];
                }
                String user = userPart(i);
                if (!isRanked(i)) {
                    skipped++;
                }
                levels[i] = level;
                xps[i] = xp;
                users[i] = user;
                w.write("{\"id\": \"" + GUILD + ":" + user + "\", \"xp\": " + xp
                        + ", \"level\": " + level + "}" + (i < count ? ",\n" : "\n"));
            }
            w.write("]}\n");
        }

        Map<String, String[]> snapshotMembers = new HashMap<>();
        if (snapshotFile != null) {
            snapshotMembers = writeSnapshot(snapshotFile, count, members, roles);
        }
        if (expectedFile != null) {
            writeExpected(expectedFile, count, skipped, levels, xps, users, snapshotMembers);
        }
    }

    /** The user part of record i's id; every record's is different, so every id is. */
    static String userPart(int i) {
        if (isRanked(i)) {
            return Long.toString(USER_BASE + i);
        }
        int m = i / SKIP_EVERY;
        if (m == 2) {
            return "";
        }
        return switch (m % 6) {
            case 0 -> "0".repeat(1 + m / 6); // zero: 0, 00, 000, ...
            case 1 -> "abc" + i;
            case 2 -> "-" + i;
            case 3 -> i + "x";
            case 4 -> "1." + i;
            default -> "0x" + Integer.toHexString(i);
        };
    }

    static boolean isRanked(int i) {
        return i % SKIP_EVERY != 0;
    }

    private static Map<String, String[]> writeSnapshot(Path file, int count, int members, int roles) throws IOException {
        Map<String, String[]> byUser = new HashMap<>();
        StringBuilder json = new StringBuilder("{\"guilds\": [{\"guild_id\": \"" + GUILD + "\", \"name\": \"Bench Guild\",\n")
                .append(" \"roles\": [{\"role_id\": \"" + GUILD + "\", \"role_name\": \"@everyone\", \"color\": 0, \"position\": 0}");
        for (int r = 1; r < roles; r++) {
            String name = r % 7 == 3 ? "Zo\u00eb's \"VIP\" \\ \u2603 " + r : "Level " + (5 * r);
            json.append(",\n   {\"role_id\": \"").append(200000000000000000L + r).append("\", \"role_name\": \"")
                    .append(escape(name)).append("\", \"color\": ").append((r * 2654435761L) % 16777216)
                    .append(", \"position\": ").append(r).append('}');
        }
        json.append("],\n").append(" \"members\": [\n");
        int step = Math.max(1, count / Math.max(1, members));
        boolean first = true;
        for (int j = 0; j < members + 5; j++) {
            String user;
            if (j < members) {
                int i = Math.min(count, 1 + j * step);
                if (!isRanked(i)) {
                    i = i > 1 ? i - 1 : i;
                }
                if (i < 1 || !isRanked(i)) {
                    continue;
                }
                user = userPart(i);
            } else {
                user = Long.toString(400000000000000000L + j); // a member without a level record
            }
            if (byUser.containsKey(user)) {
                continue;
            }
            String name = j % 50 == 0 ? "Zo\u00eb \"quoted\" \\ \u2603 " + j : "Member " + j;
            String avatar = avatarOf(user, j);
            byUser.put(user, new String[] {name, avatar});
            json.append(first ? "  " : ",\n  ").append("{\"user_id\": \"").append(user).append("\", \"username\": \"")
                    .append(escape(name)).append("\", \"avatar\": \"").append(escape(avatar)).append("\"}");
            first = false;
        }
        json.append("\n ]}]}\n");
        Files.writeString(file, json, StandardCharsets.UTF_8);
        return byUser;
    }

    /**
     * A member's avatar URL in the shapes Discord's CDN gives (as JDA spells them): a third of the members have
     * Discord's default avatar, the others one of their own (a 32-digit hash; a tenth of those animated).
     */
    private static String avatarOf(String user, int j) {
        if (j % 3 == 0) {
            return "https://cdn.discordapp.com/embed/avatars/" + (j % 6) + ".png";
        }
        long a = mix(j);
        long b = mix(a ^ j);
        String hash = String.format("%016x%016x", a, b);
        return j % 10 == 1
                ? "https://cdn.discordapp.com/avatars/" + user + "/a_" + hash + ".webp?animated=true"
                : "https://cdn.discordapp.com/avatars/" + user + "/" + hash + ".png";
    }

    private static long mix(long x) {
        x = (x ^ (x >>> 30)) * 0xbf58476d1ce4e5b9L;
        x = (x ^ (x >>> 27)) * 0x94d049bb133111ebL;
        return x ^ (x >>> 31);
    }

    private static void writeExpected(Path file, int count, int skipped, int[] levels, long[] xps, String[] users,
            Map<String, String[]> members) throws IOException, NoSuchAlgorithmException {
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i + 1;
        }
        // Spec 4.2: level descending, xp descending; contract 2: ties by record id ascending, byte by byte
        // (all ids share the guild prefix and are ASCII, so the user parts' String order is that order).
        Arrays.sort(order, (a, b) -> {
            if (levels[a] != levels[b]) {
                return Integer.compare(levels[b], levels[a]);
            }
            if (xps[a] != xps[b]) {
                return Long.compare(xps[b], xps[a]);
            }
            return users[a].compareTo(users[b]);
        });
        MessageDigest content = MessageDigest.getInstance("SHA-256");
        BigInteger usersFingerprint = BigInteger.ZERO;
        BigInteger modulus = BigInteger.ONE.shiftLeft(128);
        int ranked = 0;
        int membersRanked = 0;
        StringBuilder lines = new StringBuilder();
        for (int k = 0; k < count; k++) {
            int i = order[k];
            if (!isRanked(i)) {
                continue;
            }
            ranked++;
            if (members.containsKey(users[i])) {
                membersRanked++;
            }
            lines.append(users[i]).append('\t').append(levels[i]).append('\t').append(xps[i]).append('\t').append(k + 1).append('\n');
            if (lines.length() > 1 << 16) {
                content.update(lines.toString().getBytes(StandardCharsets.UTF_8));
                lines.setLength(0);
            }
            byte[] h = MessageDigest.getInstance("SHA-256").digest(users[i].getBytes(StandardCharsets.UTF_8));
            usersFingerprint = usersFingerprint.add(new BigInteger(1, Arrays.copyOf(h, 16))).mod(modulus);
        }
        content.update(lines.toString().getBytes(StandardCharsets.UTF_8));
        String expected = "guild=" + GUILD + "\n"
                + "records=" + count + "\n"
                + "ranked=" + ranked + "\n"
                + "skipped=" + skipped + "\n"
                + "skip_every=" + SKIP_EVERY + "\n"
                + "user_base=" + USER_BASE + "\n"
                + "members_ranked=" + membersRanked + "\n"
                + "content_sha256=" + hex(content.digest()) + "\n"
                + "users_fp=" + String.format("%032x", usersFingerprint) + "\n";
        Files.writeString(file, expected, StandardCharsets.UTF_8);
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) {
            sb.append(String.format("%02x", b));
        }
        return sb.toString();
    }
}
