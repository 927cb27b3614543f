import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * The other way the live streams could learn of new events (issue 31): PostgreSQL's LISTEN/NOTIFY, beside the
 * polling the service does (bench/notify.sh runs this on a store the service's jar has migrated; docs/store.md
 * "The live streams poll the log" says why the service polls).
 *
 * <p>Rounds alternate two phases of the same writes: "poll", the store as the service makes it (nothing to
 * notify), and "notify", with a trigger on {@code xp_log} that calls {@code pg_notify} for every event, and a
 * listener on a connection of its own. W writers, standing in for the bot, upsert level records over G guilds at
 * R a second in all for T seconds each phase, one autocommitted statement each. Printed per phase: each write's
 * time (its statement and commit, so what the bot pays for the notification), and for "notify" the time from the
 * write's start to the listener holding the notification (a lower bound for a stream: the events still have to
 * be read). Every notification must arrive once; exit 1 if not.
 *
 * <pre>java -cp community-bot-api.jar bench/NotifyBench.java --jdbc URL [--rate R] [--seconds T] [--rounds N]
 *        [--writers W] [--guilds G]</pre>
 */
public class NotifyBench {

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            o.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        String jdbc = o.get("jdbc");
        int rate = Integer.parseInt(o.getOrDefault("rate", "1000"));
        int seconds = Integer.parseInt(o.getOrDefault("seconds", "20"));
        int rounds = Integer.parseInt(o.getOrDefault("rounds", "2"));
        int writers = Integer.parseInt(o.getOrDefault("writers", "1"));
        int guilds = Integer.parseInt(o.getOrDefault("guilds", "1000"));
        boolean ok = true;
        long user = 0;
        try (Connection admin = DriverManager.getConnection(jdbc)) {
            for (int round = 0; round < rounds; round++) {
                for (boolean notify : new boolean[] {round % 2 == 1, round % 2 == 0}) {
                    notifyTrigger(admin, notify);
                    Listener listener = notify ? new Listener(jdbc) : null;
                    long start = user;
                    long[] writes = write(jdbc, rate, seconds, writers, guilds, start);
                    user += writes.length;
                    String line = String.format(
                            "round=%d phase=%s writes=%d write_mean_ms=%.3f write_p50_ms=%.3f write_p99_ms=%.3f",
                            round + 1,
                            notify ? "notify" : "poll",
                            writes.length,
                            Arrays.stream(writes).average().orElse(0) / 1000.0,
                            at(writes, 50) / 1000.0,
                            at(writes, 99) / 1000.0);
                    if (listener != null) {
                        long[] delivered = listener.stop(writes.length);
                        ok &= delivered.length == writes.length && listener.distinct() == writes.length;
                        line += String.format(
                                " notified=%d distinct=%d delivery_p50_ms=%.1f delivery_p99_ms=%.1f delivery_max_ms=%.1f",
                                delivered.length,
                                listener.distinct(),
                                at(delivered, 50) / 1000.0,
                                at(delivered, 99) / 1000.0,
                                at(delivered, 100) / 1000.0);
                    }
                    System.out.println(line);
                }
            }
            notifyTrigger(admin, false);
        }
        System.out.println("ok=" + (ok ? 1 : 0));
        System.exit(ok ? 0 : 1);
    }

    /** Adds or drops the trigger that notifies each event published to {@code xp_log}, with its write time. */
    static void notifyTrigger(Connection admin, boolean on) throws SQLException {
        try (Statement s = admin.createStatement()) {
            s.execute("DROP TRIGGER IF EXISTS bench_xp_log_notify ON xp_log");
            if (on) {
                s.execute("CREATE OR REPLACE FUNCTION bench_xp_log_notify() RETURNS trigger LANGUAGE plpgsql AS $$"
                        + " BEGIN PERFORM pg_notify('xp_log', NEW.guild_id || ' ' || NEW.id || ' ' || NEW.xp_after);"
                        + " RETURN NULL; END $$");
                s.execute("CREATE TRIGGER bench_xp_log_notify AFTER INSERT ON xp_log FOR EACH ROW"
                        + " EXECUTE FUNCTION bench_xp_log_notify()");
            }
        }
    }

    /** Each write's time in microseconds; every record's xp is its write's start in microseconds. */
    static long[] write(String jdbc, int rate, int seconds, int writers, int guilds, long firstUser)
            throws Exception {
        long total = (long) rate * seconds;
        long[] times = new long[(int) total];
        List<Thread> threads = new ArrayList<>();
        List<Exception> failures = new ArrayList<>();
        long start = System.nanoTime() + 100_000_000L;
        for (int w = 0; w < writers; w++) {
            int writer = w;
            Thread t = new Thread(() -> {
                try (Connection bot = DriverManager.getConnection(jdbc);
                        PreparedStatement upsert = bot.prepareStatement(
                                "INSERT INTO level_record (id, xp, level) VALUES (?, ?, 0)"
                                        + " ON CONFLICT (id) DO UPDATE SET xp = EXCLUDED.xp")) {
                    for (long n = writer; n < total; n += writers) {
                        long due = start + n * 1_000_000_000L / rate;
                        long wait = due - System.nanoTime();
                        if (wait > 0) {
                            TimeUnit.NANOSECONDS.sleep(wait);
                        }
                        upsert.setString(1, (200000000000000000L + n % guilds) + ":" + (1000 + firstUser + n));
                        long before = System.nanoTime();
                        upsert.setLong(2, micros());
                        upsert.executeUpdate();
                        times[(int) n] = (System.nanoTime() - before) / 1000;
                    }
                } catch (Exception e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            });
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        return times;
    }

    /** Microseconds on the wall clock, shared by the writers and the listener (one machine). */
    static long micros() {
        return System.currentTimeMillis() * 1000 + (System.nanoTime() / 1000) % 1000;
    }

    static long at(long[] values, int percentile) {
        if (values.length == 0) {
            return 0;
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.min(sorted.length - 1, (long) sorted.length * percentile / 100)];
    }

    /** LISTEN on a connection of its own, as an instance of the service would. */
    static final class Listener {
        private final List<Long> latencies = new ArrayList<>();
        private final java.util.Set<String> ids = new java.util.HashSet<>();
        private final AtomicBoolean stop = new AtomicBoolean();
        private final Thread thread;

        Listener(String jdbc) throws SQLException {
            Connection connection = DriverManager.getConnection(jdbc);
            try (Statement s = connection.createStatement()) {
                s.execute("LISTEN xp_log");
            }
            PGConnection pg = connection.unwrap(PGConnection.class);
            thread = new Thread(() -> {
                try (connection) {
                    while (!stop.get()) {
                        PGNotification[] got = pg.getNotifications(200);
                        if (got == null) {
                            continue;
                        }
                        long now = micros();
                        synchronized (this) {
                            for (PGNotification n : got) {
                                String[] parts = n.getParameter().split(" ");
                                ids.add(parts[1]);
                                latencies.add(now - Long.parseLong(parts[2]));
                            }
                        }
                    }
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            thread.start();
        }

        /** Waits up to 5 s for {@code expected} notifications, then stops; their delivery times. */
        long[] stop(int expected) throws InterruptedException {
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (System.nanoTime() < deadline) {
                synchronized (this) {
                    if (latencies.size() >= expected) {
                        break;
                    }
                }
                Thread.sleep(50);
            }
            stop.set(true);
            thread.join();
            synchronized (this) {
                return latencies.stream().mapToLong(Long::longValue).toArray();
            }
        }

        synchronized int distinct() {
            return ids.size();
        }
    }
}
