import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.InputStream;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;

/**
 * The ledger's benchmarks (issue 30; run by bench/ledger.sh): the pieces that need JDBC or many HTTP requests with
 * their bodies checked. Run on the service jar's class path, which brings the JDBC drivers, Jackson and the H2
 * triggers (a bot writing an H2 file runs the service's trigger classes in its own process):
 *
 * <pre>
 * java -cp app/target/community-bot-api.jar bench/LedgerBench.java COMMAND [--option value ...]
 *   fill          --url U [--user U] --guild G --members M --events E --from T --to T [--truncate] [--expected F]
 *   bot           --url U [--user U] --guild G --records N --rate R (0: flat out) (--updates U | --until-file F)
 *                 [--trigger on|off] [--xp-base X] [--seed S] [--trace F]
 *   patch         --base URL --key K --guild G --records N --concurrency C --seconds S [--warmup S]
 *                 [--mode many|one] [--user U] [--rate R] [--trace F] [--until-file F]
 *   check-window  BODY EXPECTED [--page L]
 *   history       --base URL --key K --guild G --members M --events-per-member K --pages P --limit L
 *                 [--chains C] [--member-samples S] [--member-limit L]
 *   sweep-probe   --base URL --key K --guild G --first-id A --last-id B --points P --interval-ms MS --done-file F
 *   stats         TRACE FROM_MS TO_MS
 * </pre>
 *
 * Each command prints key=value lines (the script turns them into tables) and exits 1 when a check failed.
 *
 * <p><b>fill</b> writes E events of the guild into {@code xp_log} with SQL alone (INSERT ... SELECT, one statement per
 * event round), consistent with the level records as they stand: the first M records of the guild in id order get
 * K = E/M events each, whose chain ends at the record (the last event's after is the record's level and xp, each
 * event's before is the previous one's after). Event n (0-based, round j = n / M of record rn = n % M + 1) has id
 * {@code base + n + 1} and a time spread evenly from {@code --from} to {@code --to}, so ids follow time as the
 * service's own events do. Per record, step = 1 + xp mod 97: xp climbs by step per event when the record's xp is at
 * least K * step, else it falls by step (negative gains exist too); the level climbs by one per event down to 0.
 * The expected file gets the whole window leaderboard (ledger L3) of a window holding all the events, as the SHA-256
 * of its lines {@code user_id TAB level TAB xp TAB rank TAB level_gained TAB xp_gained}, and of its first page.
 */
public class LedgerBench {

    static final ObjectMapper JSON = new ObjectMapper();
    static final long USER_BASE = 300000000000000000L;
    static final int SKIP_EVERY = 997; // GenerateLevels: records i % 997 == 0 are not users
    static final Pattern U64 = Pattern.compile("[1-9][0-9]{0,19}");
    static final BigInteger U64_MAX = new BigInteger("18446744073709551615");

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: see the comment at the top of bench/LedgerBench.java");
            System.exit(2);
        }
        Map<String, String> o = options(args, 1);
        boolean ok = switch (args[0]) {
            case "fill" -> fill(o);
            case "bot" -> bot(o);
            case "patch" -> patch(o);
            case "check-window" -> checkWindow(args[1], args[2], o);
            case "history" -> history(o);
            case "sweep-probe" -> sweepProbe(o);
            case "stats" -> stats(args[1], Long.parseLong(args[2]), Long.parseLong(args[3]));
            default -> throw new IllegalArgumentException("unknown command " + args[0]);
        };
        System.exit(ok ? 0 : 1);
    }

    static Map<String, String> options(String[] args, int from) {
        Map<String, String> o = new HashMap<>();
        for (int i = from; i < args.length; i++) {
            if (!args[i].startsWith("--")) {
                continue;
            }
            String name = args[i].substring(2);
            if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                o.put(name, args[++i]);
            } else {
                o.put(name, "true");
            }
        }
        return o;
    }

    static String need(Map<String, String> o, String name) {
        String v = o.get(name);
        if (v == null) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return v;
    }

    // ----------------------------------------------------------------------------------------------------------
    // JDBC

    static boolean isH2(String url) {
        return url.startsWith("jdbc:h2:");
    }

    /** A connection as the service would open it: an H2 URL gets the service's own required options. */
    static Connection connect(Map<String, String> o) throws Exception {
        String url = need(o, "url");
        if (isH2(url)) {
            Class<?> urls = Class.forName("com.communitybot.persistence.StoreUrls");
            url = (String) urls.getMethod("withRequiredOptions", String.class).invoke(null, url);
            return DriverManager.getConnection(url, o.getOrDefault("user", "sa"), o.getOrDefault("password", ""));
        }
        return DriverManager.getConnection(url, o.getOrDefault("user", "postgres"), o.getOrDefault("password", ""));
    }

    static long scalar(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    // ----------------------------------------------------------------------------------------------------------
    // fill

    static boolean fill(Map<String, String> o) throws Exception {
        String guild = need(o, "guild");
        long members = Long.parseLong(need(o, "members"));
        long events = Long.parseLong(need(o, "events"));
        if (events % members != 0) {
            throw new IllegalArgumentException("--events must be a multiple of --members");
        }
        long k = events / members;
        Instant from = Instant.parse(need(o, "from"));
        Instant to = Instant.parse(need(o, "to"));
        double msPerEvent = (double) (to.toEpochMilli() - from.toEpochMilli()) / events;
        boolean h2 = isH2(need(o, "url"));
        long t0 = System.nanoTime();
        try (Connection c = connect(o)) {
            c.setAutoCommit(true);
            if (o.containsKey("truncate")) {
                exec(c, h2 ? "TRUNCATE TABLE xp_log" : "TRUNCATE xp_log");
            }
            long base = scalar(c, "SELECT COALESCE(MAX(id), 0) FROM xp_log");
            exec(c, "DROP TABLE IF EXISTS ledger_bench_active");
            exec(c, "CREATE TABLE ledger_bench_active (rn BIGINT PRIMARY KEY, id VARCHAR NOT NULL,"
                    + " guild_id VARCHAR NOT NULL, level NUMERIC(20, 0) NOT NULL, xp NUMERIC(20, 0) NOT NULL)");
            // The first M records of the guild in id order, numbered: read in order and written in batches
            // (one plan on both databases, whatever their window functions cost).
            try (PreparedStatement select = c.prepareStatement(
                            "SELECT id, guild_id, level, xp FROM level_record WHERE guild_id = ? ORDER BY id LIMIT "
                                    + members);
                    PreparedStatement insert = c.prepareStatement(
                            "INSERT INTO ledger_bench_active (rn, id, guild_id, level, xp) VALUES (?, ?, ?, ?, ?)")) {
                c.setAutoCommit(false);
                select.setFetchSize(10_000);
                select.setString(1, guild);
                long rn = 0;
                try (ResultSet r = select.executeQuery()) {
                    while (r.next()) {
                        insert.setLong(1, ++rn);
                        insert.setString(2, r.getString(1));
                        insert.setString(3, r.getString(2));
                        insert.setBigDecimal(4, r.getBigDecimal(3));
                        insert.setBigDecimal(5, r.getBigDecimal(4));
                        insert.addBatch();
                        if (rn % 10_000 == 0) {
                            insert.executeBatch();
                        }
                    }
                }
                insert.executeBatch();
                c.commit();
                c.setAutoCommit(true);
                if (rn != members) {
                    System.out.println("fill_error=the guild has " + rn + " records, fewer than --members " + members);
                    return false;
                }
            }
            System.out.printf("fill_active_s=%.1f%n", (System.nanoTime() - t0) / 1e9);
            String step = "(1 + MOD(xp, 97))";
            String climbs = "xp >= " + k + " * " + step;
            for (long j = 0; j < k; j++) {
                long tj = System.nanoTime();
                String n = "(" + (j * members) + " + rn - 1)";
                String sql = "INSERT INTO xp_log (id, guild_id, user_id, level_before, xp_before, level_after, xp_after,"
                        + " source, reason, logged_at) SELECT " + base + " + " + n + " + 1, guild_id,"
                        + " SUBSTRING(id FROM CHAR_LENGTH(guild_id) + 2),"
                        + " GREATEST(level - " + (k - j) + ", 0),"
                        + " CASE WHEN " + climbs + " THEN xp - " + (k - j) + " * " + step + " ELSE xp + " + (k - j)
                        + " * " + step + " END,"
                        + " GREATEST(level - " + (k - 1 - j) + ", 0),"
                        + " CASE WHEN " + climbs + " THEN xp - " + (k - 1 - j) + " * " + step + " ELSE xp + "
                        + (k - 1 - j) + " * " + step + " END,"
                        + " 'store', NULL,"
                        + " CAST('" + from + "' AS TIMESTAMP WITH TIME ZONE) + CAST(FLOOR(" + n + " * "
                        + BigDecimal.valueOf(msPerEvent).toPlainString() + ") AS BIGINT) * INTERVAL '0.001' SECOND"
                        + " FROM ledger_bench_active ORDER BY rn";
                try (Statement s = c.createStatement()) {
                    int rows = s.executeUpdate(sql);
                    if (rows != members) {
                        System.out.println("fill_error=round " + j + " wrote " + rows + " events, not " + members);
                        return false;
                    }
                }
                System.err.printf("   fill round %d/%d: %.1f s%n", j + 1, k, (System.nanoTime() - tj) / 1e9);
            }
            long last = base + events;
            exec(c, "ALTER TABLE xp_log ALTER COLUMN id RESTART WITH " + (last + 1));
            System.out.printf("fill_insert_s=%.1f%n", (System.nanoTime() - t0) / 1e9);
            if (o.containsKey("expected")) {
                expectedWindow(c, guild, k, Path.of(o.get("expected")), Integer.parseInt(o.getOrDefault("page", "100")),
                        base + 1, last);
            }
            exec(c, "DROP TABLE ledger_bench_active");
            if (!h2) {
                long tv = System.nanoTime();
                exec(c, "VACUUM ANALYZE xp_log");
                System.out.printf("fill_vacuum_analyze_s=%.1f%n", (System.nanoTime() - tv) / 1e9);
            }
            System.out.printf("fill_events=%d%nfill_members=%d%nfill_per_member=%d%nfill_first_id=%d%nfill_last_id=%d%n",
                    events, members, k, base + 1, last);
            System.out.printf("fill_s=%.1f%n", (System.nanoTime() - t0) / 1e9);
        }
        return true;
    }

    /** One entry of a window leaderboard as the checks compare it. */
    record Gain(String recordId, String user, BigInteger level, BigInteger xp, BigInteger levelGained,
            BigInteger xpGained) {}

    /** The window leaderboard of a window holding all of the fill's events, from the records the fill started from. */
    static void expectedWindow(Connection c, String guild, long k, Path file, int page, long firstId, long lastId)
            throws Exception {
        List<Gain> gains = new ArrayList<>();
        BigInteger bk = BigInteger.valueOf(k);
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT id, level, xp FROM ledger_bench_active ORDER BY rn")) {
            while (r.next()) {
                String id = r.getString(1);
                BigInteger level = r.getBigDecimal(2).toBigIntegerExact();
                BigInteger xp = r.getBigDecimal(3).toBigIntegerExact();
                BigInteger step = BigInteger.ONE.add(xp.mod(BigInteger.valueOf(97)));
                BigInteger all = bk.multiply(step);
                BigInteger xpGained = xp.compareTo(all) >= 0 ? all : all.negate();
                BigInteger levelGained = level.min(bk);
                int lg = levelGained.signum();
                if (lg > 0 || lg == 0 && xpGained.signum() > 0) {
                    gains.add(new Gain(id, id.substring(guild.length() + 1), level, xp, levelGained, xpGained));
                }
            }
        }
        gains.sort((a, b) -> {
            int x = b.levelGained.compareTo(a.levelGained);
            if (x != 0) return x;
            x = b.xpGained.compareTo(a.xpGained);
            if (x != 0) return x;
            return Arrays.compareUnsigned(a.recordId.getBytes(StandardCharsets.UTF_8),
                    b.recordId.getBytes(StandardCharsets.UTF_8));
        });
        MessageDigest whole = MessageDigest.getInstance("SHA-256");
        MessageDigest first = MessageDigest.getInstance("SHA-256");
        long entries = 0;
        long pageEntries = 0;
        for (int i = 0; i < gains.size(); i++) {
            Gain g = gains.get(i);
            if (!isUser(g.user)) {
                continue; // spec 4.2: not a user, left out, its rank kept
            }
            byte[] line = line(g.user, g.level, g.xp, i + 1, g.levelGained, g.xpGained);
            whole.update(line);
            entries++;
            if (pageEntries < page) {
                first.update(line);
                pageEntries++;
            }
        }
        Files.writeString(file, "window_gainers=" + gains.size() + "\nwindow_entries=" + entries + "\nwindow_sha="
                + HexFormat.of().formatHex(whole.digest()) + "\npage=" + page + "\npage_entries=" + pageEntries
                + "\npage_sha=" + HexFormat.of().formatHex(first.digest()) + "\nper_member=" + k + "\nfirst_id="
                + firstId + "\nlast_id=" + lastId + "\n");
        System.out.println("expected_window_entries=" + entries);
    }

    static boolean isUser(String user) {
        return U64.matcher(user).matches() && new BigInteger(user).compareTo(U64_MAX) <= 0;
    }

    static byte[] line(String user, BigInteger level, BigInteger xp, long rank, BigInteger lg, BigInteger xg) {
        return (user + "\t" + level + "\t" + xp + "\t" + rank + "\t" + lg + "\t" + xg + "\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    // ----------------------------------------------------------------------------------------------------------
    // check-window

    static final Set<String> WINDOW_FIELDS =
            Set.of("user_id", "username", "avatar", "level", "xp", "rank", "level_gained", "xp_gained");

    /** Reads a window leaderboard body as a stream and compares it with the fill's expected leaderboard. */
    static boolean checkWindow(String body, String expectedFile, Map<String, String> o) throws Exception {
        Map<String, String> expected = new HashMap<>();
        for (String l : Files.readAllLines(Path.of(expectedFile))) {
            int eq = l.indexOf('=');
            if (eq > 0) expected.put(l.substring(0, eq), l.substring(eq + 1));
        }
        boolean page = o.containsKey("page");
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        long entries = 0;
        String failure = null;
        try (InputStream in = Files.newInputStream(Path.of(body));
                JsonParser p = new JsonFactory().createParser(in)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                failure = "not a JSON array";
            } else {
                while (failure == null && p.nextToken() == JsonToken.START_OBJECT) {
                    Map<String, String> e = new LinkedHashMap<>();
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String name = p.currentName();
                        JsonToken t = p.nextToken();
                        if (e.put(name, p.getText()) != null) failure = "field " + name + " twice";
                        boolean number = t == JsonToken.VALUE_NUMBER_INT;
                        boolean text = t == JsonToken.VALUE_STRING;
                        if ((name.equals("user_id") || name.equals("username") || name.equals("avatar")) != text
                                || !text && !number) {
                            failure = "field " + name + " of the wrong type in entry " + (entries + 1);
                        }
                    }
                    if (failure == null && !e.keySet().equals(WINDOW_FIELDS)) {
                        failure = "entry " + (entries + 1) + " has the fields " + e.keySet();
                    }
                    if (failure != null) break;
                    sha.update(line(e.get("user_id"), new BigInteger(e.get("level")), new BigInteger(e.get("xp")),
                            Long.parseLong(e.get("rank")), new BigInteger(e.get("level_gained")),
                            new BigInteger(e.get("xp_gained"))));
                    entries++;
                }
                if (failure == null && p.currentToken() != JsonToken.END_ARRAY) failure = "the array does not end";
                if (failure == null && p.nextToken() != null) failure = "something after the array";
            }
        } catch (Exception e) {
            failure = "unreadable: " + e;
        }
        String got = HexFormat.of().formatHex(sha.digest());
        if (failure == null) {
            String want = expected.get(page ? "page_sha" : "window_sha");
            String count = expected.get(page ? "page_entries" : "window_entries");
            if (!String.valueOf(entries).equals(count)) failure = entries + " entries, expected " + count;
            else if (!got.equals(want)) failure = "entries differ from the expected (sha " + got + ", expected " + want + ")";
        }
        System.out.println((failure == null ? "ok" : "FAIL") + " entries=" + entries + " linesha=" + got
                + (failure == null ? "" : ": " + failure));
        return failure == null;
    }

    // ----------------------------------------------------------------------------------------------------------
    // percentiles

    static double pct(long[] sortedNanos, double q) {
        if (sortedNanos.length == 0) return Double.NaN;
        int i = (int) Math.ceil(q / 100.0 * sortedNanos.length) - 1;
        return sortedNanos[Math.max(0, Math.min(i, sortedNanos.length - 1))] / 1e6;
    }

    static String summary(String prefix, long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        double sum = 0;
        for (long v : s) sum += v;
        return String.format("%s_n=%d%n%s_p50_ms=%.2f%n%s_p99_ms=%.2f%n%s_max_ms=%.2f%n%s_mean_ms=%.3f%n", prefix,
                s.length, prefix, pct(s, 50), prefix, pct(s, 99), prefix, s.length == 0 ? Double.NaN : s[s.length - 1] / 1e6,
                prefix, s.length == 0 ? Double.NaN : sum / s.length / 1e6);
    }

    static void pace(long target) {
        long now;
        while ((now = System.nanoTime()) < target) {
            long left = target - now;
            if (left > 200_000) LockSupport.parkNanos(left - 100_000);
            else Thread.onSpinWait();
        }
    }

    // ----------------------------------------------------------------------------------------------------------
    // bot

    /**
     * The bot writing level records as docs/store.md says a bot writes them: one connection, autocommit, one upsert
     * per update (PostgreSQL's INSERT ... ON CONFLICT, H2's MERGE), xp and level bound as decimals, paced at R a
     * second (open loop: an update starts at its slot, or at once when the one before ran late). Each update sets a
     * random existing member's xp to a value no record has had, so each one changes the record and is logged.
     */
    /**
     * The XP log's triggers of level_record on PostgreSQL (V5 to V7 name them all xp_log_...): without the log, none
     * of them runs, not even the one that notes the guilds a transaction writes.
     */
    static List<String> logTriggers(Connection c) throws SQLException {
        List<String> names = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rows = s.executeQuery("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal"
                        + " AND tgrelid = 'level_record'::regclass AND tgname LIKE 'xp\\_log\\_%' ORDER BY tgname")) {
            while (rows.next()) names.add(rows.getString(1));
        }
        if (names.isEmpty()) throw new IllegalStateException("no XP log trigger on level_record");
        return names;
    }

    static boolean bot(Map<String, String> o) throws Exception {
        String guild = need(o, "guild");
        int records = Integer.parseInt(need(o, "records"));
        double rate = Double.parseDouble(need(o, "rate"));
        long updates = Long.parseLong(o.getOrDefault("updates", String.valueOf(Long.MAX_VALUE)));
        Path untilFile = o.containsKey("until-file") ? Path.of(o.get("until-file")) : null;
        String trigger = o.getOrDefault("trigger", "on");
        long xpBase = Long.parseLong(o.getOrDefault("xp-base", "2000000"));
        SplittableRandom random = new SplittableRandom(Long.parseLong(o.getOrDefault("seed", "1")));
        boolean h2 = isH2(need(o, "url"));
        PrintWriter trace = o.containsKey("trace")
                ? new PrintWriter(Files.newBufferedWriter(Path.of(o.get("trace")))) : null;
        long[] lat = new long[1 << 16];
        int n = 0;
        long maxLag = 0;
        boolean ok = true;
        try (Connection c = connect(o)) {
            c.setAutoCommit(true);
            if (trigger.equals("off")) {
                if (h2) {
                    exec(c, "DROP TRIGGER xp_log_keeper");
                } else {
                    for (String t : logTriggers(c)) {
                        exec(c, "ALTER TABLE level_record DISABLE TRIGGER " + t);
                    }
                }
            }
            try {
                long before = scalar(c, "SELECT COALESCE(MAX(id), 0) FROM xp_log");
                String sql = h2 ? "MERGE INTO level_record (id, xp, level) KEY (id) VALUES (?, ?, ?)"
                        : "INSERT INTO level_record (id, xp, level) VALUES (?, ?, ?)"
                                + " ON CONFLICT (id) DO UPDATE SET xp = EXCLUDED.xp, level = EXCLUDED.level";
                long start = System.nanoTime();
                long end = start;
                long interval = rate > 0 ? (long) (1e9 / rate) : 0;
                try (PreparedStatement upsert = c.prepareStatement(sql)) {
                    for (long i = 0; i < updates; i++) {
                        if (untilFile != null && (i & 255) == 0 && Files.exists(untilFile)) break;
                        int r;
                        do {
                            r = 1 + random.nextInt(records);
                        } while (r % SKIP_EVERY == 0);
                        long xp = xpBase + i;
                        upsert.setString(1, guild + ":" + (USER_BASE + r));
                        upsert.setBigDecimal(2, BigDecimal.valueOf(xp));
                        upsert.setBigDecimal(3, BigDecimal.valueOf(xp / 10_000));
                        long slot = start + i * interval;
                        if (interval > 0) pace(slot);
                        long t1 = System.nanoTime();
                        upsert.executeUpdate();
                        long t2 = System.nanoTime();
                        end = t2;
                        if (n == lat.length) lat = Arrays.copyOf(lat, n * 2);
                        lat[n++] = t2 - t1;
                        if (interval > 0) maxLag = Math.max(maxLag, t1 - slot);
                        if (trace != null) {
                            trace.println((System.currentTimeMillis() - (System.nanoTime() - t1) / 1_000_000) + " "
                                    + (t2 - t1) / 1000);
                        }
                    }
                }
                long after = scalar(c, "SELECT COALESCE(MAX(id), 0) FROM xp_log");
                long logged = after - before;
                long expected = trigger.equals("off") ? 0 : n;
                double secs = (end - start) / 1e9;
                double busy = 0;
                for (int i = 0; i < n; i++) busy += lat[i];
                System.out.print(summary("bot", Arrays.copyOf(lat, n)));
                System.out.printf("bot_total_s=%.2f%nbot_busy_s=%.2f%nbot_rate=%.0f%nbot_max_lag_ms=%.1f%n"
                        + "bot_events_logged=%d%nbot_events_expected=%d%n", secs, busy / 1e9, n / secs,
                        maxLag / 1e6, logged, expected);
                if (logged != expected) {
                    System.out.println("bot_error=the XP log got " + logged + " events for " + n + " updates, expected "
                            + expected);
                    ok = false;
                }
            } finally {
                if (trigger.equals("off")) {
                    if (h2) {
                        exec(c, "CREATE TRIGGER xp_log_keeper AFTER INSERT, UPDATE, DELETE ON level_record FOR EACH ROW"
                                + " CALL 'com.communitybot.persistence.h2.H2XpLogTrigger'");
                    } else {
                        for (String t : logTriggers(c)) {
                            exec(c, "ALTER TABLE level_record ENABLE TRIGGER " + t);
                        }
                    }
                }
            }
        } finally {
            if (trace != null) trace.close();
        }
        return ok;
    }

    // ----------------------------------------------------------------------------------------------------------
    // HTTP

    static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    static HttpResponse<String> send(HttpClient client, HttpRequest request) throws Exception {
        return client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    static HttpRequest.Builder request(String url, String key) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).header("X-API-Key", key);
    }

    /** A record object of L1: exactly user_id, level and xp. */
    static String recordFailure(JsonNode n, String user) {
        if (n == null || !n.isObject() || n.size() != 3) return "not a record object";
        if (!n.path("user_id").isTextual() || !n.get("user_id").asText().equals(user)) return "user_id is not " + user;
        if (!n.path("level").isIntegralNumber() || !n.path("xp").isIntegralNumber()) return "level or xp not integers";
        return null;
    }

    // ----------------------------------------------------------------------------------------------------------
    // patch

    /**
     * PATCH {"xp_delta": 1} against the running service. many: C clients, client t on the members whose number is t
     * modulo C, so each member's answers come in order: every answer after a member's first must be its xp plus one,
     * its level unchanged. one: every client on one member: the xp values answered must be distinct, and the member's
     * xp at the end its xp before plus every PATCH made (atomic writes, ledger L1). With --rate, the clients share
     * that many requests a second (open loop, each slot taken by the next free client), with --trace the start
     * (epoch ms) and latency (us) of each.
     */
    static boolean patch(Map<String, String> o) throws Exception {
        String base = need(o, "base");
        String key = need(o, "key");
        String guild = need(o, "guild");
        int records = Integer.parseInt(need(o, "records"));
        int conc = Integer.parseInt(need(o, "concurrency"));
        double seconds = Double.parseDouble(o.getOrDefault("seconds", "10"));
        double warmup = Double.parseDouble(o.getOrDefault("warmup", "0"));
        boolean one = o.getOrDefault("mode", "many").equals("one");
        double rate = Double.parseDouble(o.getOrDefault("rate", "0"));
        Path untilFile = o.containsKey("until-file") ? Path.of(o.get("until-file")) : null;
        String oneUser = o.getOrDefault("user", String.valueOf(USER_BASE + 2));
        HttpClient client = client();
        BigInteger startXp = BigInteger.ZERO;
        if (one) {
            HttpResponse<String> r = send(client, request(base + "/api/" + guild + "/levels/" + oneUser, key).GET().build());
            if (r.statusCode() == 200) startXp = new BigInteger(JSON.readTree(r.body()).get("xp").asText());
        }
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        Set<BigInteger> seenXp = ConcurrentHashMap.newKeySet();
        AtomicLong made = new AtomicLong();
        AtomicLong duplicates = new AtomicLong();
        AtomicLong slots = new AtomicLong();
        long t0 = System.nanoTime();
        long measureFrom = t0 + (long) (warmup * 1e9);
        long stopAt = measureFrom + (long) (seconds * 1e9);
        long interval = rate > 0 ? (long) (1e9 / rate) : 0;
        List<long[]> perThread = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        PrintWriter trace = o.containsKey("trace")
                ? new PrintWriter(Files.newBufferedWriter(Path.of(o.get("trace")))) : null;
        AtomicLong measuredEnd = new AtomicLong();
        for (int t = 0; t < conc; t++) {
            final int thread = t;
            long[][] holder = {new long[1 << 14]};
            int[] count = {0};
            Thread th = new Thread(() -> {
                SplittableRandom random = new SplittableRandom(thread * 7919L + 1);
                Map<String, BigInteger[]> last = new HashMap<>();
                while (true) {
                    long now = System.nanoTime();
                    if (now >= stopAt) break;
                    if (untilFile != null && Files.exists(untilFile)) break;
                    if (interval > 0) {
                        long slot = t0 + slots.getAndIncrement() * interval;
                        if (slot >= stopAt) break;
                        pace(slot);
                    }
                    String user;
                    if (one) {
                        user = oneUser;
                    } else {
                        int r;
                        do {
                            r = 1 + random.nextInt(records);
                            r = r - (r % conc) + thread;
                        } while (r < 1 || r > records || r % SKIP_EVERY == 0);
                        user = String.valueOf(USER_BASE + r);
                    }
                    HttpRequest req = request(base + "/api/" + guild + "/levels/" + user, key)
                            .header("Content-Type", "application/json")
                            .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"xp_delta\":1}")).build();
                    long a = System.nanoTime();
                    String failure = null;
                    try {
                        HttpResponse<String> resp = send(client, req);
                        long b = System.nanoTime();
                        made.incrementAndGet();
                        if (resp.statusCode() != 200) {
                            failure = "status " + resp.statusCode() + ": " + resp.body();
                        } else {
                            JsonNode n = JSON.readTree(resp.body());
                            failure = recordFailure(n, user);
                            if (failure == null) {
                                BigInteger level = new BigInteger(n.get("level").asText());
                                BigInteger xp = new BigInteger(n.get("xp").asText());
                                if (one) {
                                    if (!seenXp.add(xp)) duplicates.incrementAndGet();
                                } else {
                                    BigInteger[] prev = last.put(user, new BigInteger[] {level, xp});
                                    if (prev != null && (!prev[0].equals(level) || !prev[1].add(BigInteger.ONE).equals(xp))) {
                                        failure = "member " + user + " went from level " + prev[0] + " xp " + prev[1]
                                                + " to level " + level + " xp " + xp + " by one PATCH of xp_delta 1";
                                    }
                                }
                            }
                        }
                        if (a >= measureFrom && b <= stopAt + 60_000_000_000L) {
                            if (count[0] == holder[0].length) holder[0] = Arrays.copyOf(holder[0], count[0] * 2);
                            holder[0][count[0]++] = b - a;
                            measuredEnd.accumulateAndGet(b, Math::max);
                        }
                        if (trace != null) {
                            synchronized (trace) {
                                trace.println((System.currentTimeMillis() - (System.nanoTime() - a) / 1_000_000) + " "
                                        + (b - a) / 1000);
                            }
                        }
                    } catch (Exception e) {
                        failure = "request failed: " + e;
                    }
                    if (failure != null && failures.size() < 1000) failures.add(failure);
                }
                synchronized (perThread) {
                    perThread.add(Arrays.copyOf(holder[0], count[0]));
                }
            });
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) th.join();
        if (trace != null) trace.close();
        long total = 0;
        for (long[] a : perThread) total += a.length;
        long[] all = new long[(int) total];
        int at = 0;
        for (long[] a : perThread) {
            System.arraycopy(a, 0, all, at, a.length);
            at += a.length;
        }
        double measured = (Math.max(measuredEnd.get(), measureFrom) - measureFrom) / 1e9;
        if (one) {
            HttpResponse<String> r = send(client, request(base + "/api/" + guild + "/levels/" + oneUser, key).GET().build());
            BigInteger endXp = new BigInteger(JSON.readTree(r.body()).get("xp").asText());
            BigInteger want = startXp.add(BigInteger.valueOf(made.get()));
            System.out.println("patch_one_xp_before=" + startXp + "\npatch_one_xp_after=" + endXp);
            if (!endXp.equals(want)) failures.add("the member's xp is " + endXp + " after " + made.get()
                    + " PATCHes of +1 from " + startXp + ", expected " + want);
            if (duplicates.get() > 0) failures.add(duplicates.get() + " answers repeated an xp another answer had");
        }
        System.out.print(summary("patch", all));
        System.out.printf("patch_requests_total=%d%npatch_rps=%.0f%npatch_failures=%d%n", made.get(),
                all.length / Math.max(measured, 1e-9), failures.size());
        failures.stream().limit(5).forEach(f -> System.out.println("patch_failure=" + f));
        return failures.isEmpty();
    }

    // ----------------------------------------------------------------------------------------------------------
    // history

    static final Set<String> EVENT_FIELDS = Set.of("event_id", "user_id", "level_before", "xp_before", "level_after",
            "xp_after", "source", "reason", "at");

    static String eventFailure(JsonNode e) {
        if (!e.isObject()) return "an event is not an object";
        Set<String> names = new java.util.HashSet<>();
        e.fieldNames().forEachRemaining(names::add);
        if (!names.equals(EVENT_FIELDS)) return "an event has the fields " + names;
        if (!e.get("event_id").isTextual() || !e.get("user_id").isTextual()) return "event_id or user_id not strings";
        if (!e.get("at").isTextual() || !e.get("at").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z")) {
            return "at is not RFC 3339 UTC with milliseconds: " + e.get("at");
        }
        return null;
    }

    /**
     * Pages of the guild's log (GET /api/G/xp_log) in C chains of P/C pages, each following X-Next-Cursor, the first
     * from the newest event and the others from random cursors across the fill's ids; then S members' histories
     * (GET /api/G/levels/U/history) page after page to their end. Every page: 200, a JSON array of events with
     * exactly the fields of L2, ids falling, as many events as the limit while more follow, X-Next-Cursor the last
     * id and Link naming it; a member's pages give the member's events only, each event's before equal to the older
     * event's after, K events in all.
     */
    static boolean history(Map<String, String> o) throws Exception {
        String base = need(o, "base");
        String key = need(o, "key");
        String guild = need(o, "guild");
        long members = Long.parseLong(need(o, "members"));
        long perMember = Long.parseLong(need(o, "events-per-member"));
        long firstId = Long.parseLong(need(o, "first-id"));
        long lastId = Long.parseLong(need(o, "last-id"));
        int pages = Integer.parseInt(need(o, "pages"));
        int limit = Integer.parseInt(need(o, "limit"));
        int chains = Integer.parseInt(o.getOrDefault("chains", "10"));
        int samples = Integer.parseInt(o.getOrDefault("member-samples", "200"));
        int memberLimit = Integer.parseInt(o.getOrDefault("member-limit", "3"));
        HttpClient client = client();
        SplittableRandom random = new SplittableRandom(42);
        List<String> failures = new ArrayList<>();
        long[] guildLat = new long[pages];
        int g = 0;
        // Warm-up: a few pages not counted.
        for (int i = 0; i < 20; i++) send(client, request(base + "/api/" + guild + "/xp_log?limit=" + limit, key).GET().build());
        for (int chain = 0; chain < chains && failures.isEmpty(); chain++) {
            String after = chain == 0 ? null : String.valueOf(firstId + 1 + (long) (random.nextDouble() * (lastId - firstId)));
            long previous = after == null ? Long.MAX_VALUE : Long.parseLong(after);
            for (int i = 0; i < pages / chains && failures.isEmpty(); i++) {
                String url = base + "/api/" + guild + "/xp_log?limit=" + limit + (after == null ? "" : "&after=" + after);
                long a = System.nanoTime();
                HttpResponse<String> r = send(client, request(url, key).GET().build());
                guildLat[g++] = System.nanoTime() - a;
                if (r.statusCode() != 200) {
                    failures.add(url + ": status " + r.statusCode() + " " + r.body());
                    break;
                }
                JsonNode page = JSON.readTree(r.body());
                if (!page.isArray()) {
                    failures.add(url + ": not an array");
                    break;
                }
                for (JsonNode e : page) {
                    String f = eventFailure(e);
                    long id = Long.parseLong(e.get("event_id").asText());
                    if (f == null && id >= previous) f = "event " + id + " after " + previous + " (ids must fall)";
                    if (f != null) {
                        failures.add(url + ": " + f);
                        break;
                    }
                    previous = id;
                }
                String next = r.headers().firstValue("X-Next-Cursor").orElse(null);
                if (next == null) {
                    break; // the end of the log
                }
                if (page.size() != limit) failures.add(url + ": " + page.size() + " events and a next page");
                if (!next.equals(String.valueOf(previous))) failures.add(url + ": X-Next-Cursor " + next + " is not the last id " + previous);
                String link = r.headers().firstValue("Link").orElse("");
                if (!link.contains("after=" + next) || !link.contains("rel=\"next\"")) failures.add(url + ": Link " + link);
                after = next;
            }
        }
        System.out.print(summary("guild_page", Arrays.copyOf(guildLat, g)));
        long[] memberLat = new long[1 << 12];
        int m = 0;
        for (int s = 0; s < samples && failures.isEmpty(); s++) {
            long r0;
            do {
                r0 = 1 + random.nextLong(Math.max(1, members * 9 / 10));
            } while (r0 % SKIP_EVERY == 0);
            String user = String.valueOf(USER_BASE + r0);
            String after = null;
            List<JsonNode> events = new ArrayList<>();
            for (int i = 0; i < 10_000; i++) {
                String url = base + "/api/" + guild + "/levels/" + user + "/history?limit=" + memberLimit
                        + (after == null ? "" : "&after=" + after);
                long a = System.nanoTime();
                HttpResponse<String> r = send(client, request(url, key).GET().build());
                if (m == memberLat.length) memberLat = Arrays.copyOf(memberLat, m * 2);
                memberLat[m++] = System.nanoTime() - a;
                if (r.statusCode() != 200) {
                    failures.add(url + ": status " + r.statusCode() + " " + r.body());
                    break;
                }
                JsonNode page = JSON.readTree(r.body());
                for (JsonNode e : page) {
                    String f = eventFailure(e);
                    if (f == null && !e.get("user_id").asText().equals(user)) f = "an event of " + e.get("user_id");
                    if (f != null) {
                        failures.add(url + ": " + f);
                        break;
                    }
                    events.add(e);
                }
                after = r.headers().firstValue("X-Next-Cursor").orElse(null);
                if (after == null) break;
                if (page.size() != memberLimit) failures.add(url + ": " + page.size() + " events and a next page");
            }
            if (events.size() != perMember) failures.add("member " + user + ": " + events.size() + " events, expected " + perMember);
            for (int i = 0; i + 1 < events.size(); i++) {
                JsonNode newer = events.get(i);
                JsonNode older = events.get(i + 1);
                if (Long.parseLong(newer.get("event_id").asText()) <= Long.parseLong(older.get("event_id").asText())
                        || !newer.get("level_before").equals(older.get("level_after"))
                        || !newer.get("xp_before").equals(older.get("xp_after"))) {
                    failures.add("member " + user + ": events " + older.get("event_id") + " and " + newer.get("event_id")
                            + " do not chain");
                    break;
                }
            }
        }
        System.out.print(summary("member_page", Arrays.copyOf(memberLat, m)));
        System.out.println("history_failures=" + failures.size());
        failures.stream().limit(5).forEach(f -> System.out.println("history_failure=" + f));
        return failures.isEmpty();
    }

    // ----------------------------------------------------------------------------------------------------------
    // sweep-probe

    /**
     * Watches the retention sweep through the API alone (for H2, where nothing else may open the store): every
     * interval, for P cursors spread over the old events' ids, whether the log still holds an event below it (GET
     * xp_log?limit=1&after=X: a keyset read). The sweep deletes oldest first, so the time each probe turns empty
     * traces its progress. Prints "epoch_ms points_empty" lines; stops when all are empty or the done file exists.
     */
    static boolean sweepProbe(Map<String, String> o) throws Exception {
        String base = need(o, "base");
        String key = need(o, "key");
        String guild = need(o, "guild");
        long first = Long.parseLong(need(o, "first-id"));
        long last = Long.parseLong(need(o, "last-id"));
        int points = Integer.parseInt(o.getOrDefault("points", "10"));
        long interval = Long.parseLong(o.getOrDefault("interval-ms", "1000"));
        Path done = Path.of(need(o, "done-file"));
        HttpClient client = client();
        long[] cursor = new long[points];
        for (int i = 0; i < points; i++) cursor[i] = first + 1 + (last - first) * i / Math.max(1, points - 1);
        boolean[] empty = new boolean[points];
        int emptied = 0;
        while (emptied < points && !Files.exists(done)) {
            long a = System.currentTimeMillis();
            for (int i = 0; i < points; i++) {
                if (empty[i]) continue;
                HttpResponse<String> r = send(client, request(base + "/api/" + guild + "/xp_log?limit=1&after=" + cursor[i], key)
                        .GET().build());
                if (r.statusCode() != 200) {
                    System.out.println("probe_error=status " + r.statusCode() + " " + r.body());
                    continue;
                }
                JsonNode page = JSON.readTree(r.body());
                if (page.size() == 0 || Long.parseLong(page.get(0).get("event_id").asText()) < first) {
                    empty[i] = true;
                    emptied++;
                }
            }
            System.out.println(System.currentTimeMillis() + " " + emptied);
            System.out.flush();
            long sleep = interval - (System.currentTimeMillis() - a);
            if (sleep > 0) Thread.sleep(sleep);
        }
        return true;
    }

    // ----------------------------------------------------------------------------------------------------------
    // stats

    /** p50/p99/max of the latencies (us) of a trace whose start (epoch ms) lies in [from, to). */
    static boolean stats(String file, long from, long to) throws Exception {
        long[] v = new long[1 << 16];
        int n = 0;
        for (String l : Files.readAllLines(Path.of(file))) {
            String[] f = l.split(" ");
            long at = Long.parseLong(f[0]);
            if (at >= from && at < to) {
                if (n == v.length) v = Arrays.copyOf(v, n * 2);
                v[n++] = Long.parseLong(f[1]) * 1000;
            }
        }
        long[] s = Arrays.copyOf(v, n);
        long over = Arrays.stream(s).filter(x -> x > 100_000_000L).count();
        System.out.print(summary("span", s));
        System.out.println("span_over_100ms=" + over);
        return true;
    }
}
