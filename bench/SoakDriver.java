import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The load of the soak test (bench/soak.sh): every endpoint of the spec and the two additions, in the
 * proportions of a dashboard, with writes, and whole-leaderboard reads of the big guild in parallel.
 *
 * <pre>
 * java bench/SoakDriver.java --url http://127.0.0.1:PORT --key KEY --guild G --records N --seconds S
 *     [--workers W] [--rate R] [--whole C] [--whole-pause MS] [--timeout S] [--report FILE]
 * </pre>
 *
 * W workers (default 6) share a target of R operations a second (default 150); each operation is drawn by
 * weight from the mix below, and some are sequences (a track's create, replace, duplicate create, delete
 * and second delete), so writes always meet the state they expect. C more threads (default 2) read the
 * whole leaderboard of guild G in a loop, with a pause of MS milliseconds (default 1000) after each.
 *
 * Every request says which status it expects: the spec's success status, or the error it provokes on
 * purpose (a duplicate's 409, an unknown member's 404, a request without the key's 401). A status other than
 * the expected one is counted as unexpected; an exception of the client (connection refused or reset, a
 * timeout) as a socket error. Each minute one line goes to stdout; at the end a table per endpoint
 * (requests, statuses, unexpected, socket errors, p50/p99/max in ms), the whole leaderboard's body sizes and
 * distinct SHA-256s (no level record is written, so it must stay one body), and a verdict. Exit status 0
 * when there was no 5xx, no socket error and no unexpected status, 1 otherwise, 2 on bad usage.
 */
public class SoakDriver {

    static final long USER_BASE = 300000000000000000L;
    static final int SKIP_EVERY = 997; // GenerateLevels: records i % 997 == 0 are not users
    static final String ABSENT_GUILD = "100000000000000999"; // not in the snapshot

    final URI base;
    final String key;
    final String guild;
    final int records;
    final Duration timeout;
    final HttpClient client;
    final Map<String, Endpoint> endpoints = new ConcurrentHashMap<>();
    final AtomicBoolean running = new AtomicBoolean(true);
    final Set<String> wholeShas = ConcurrentHashMap.newKeySet();
    final Set<Long> wholeSizes = ConcurrentHashMap.newKeySet();
    final AtomicLong sequence = new AtomicLong();

    /** One endpoint's counts; latencies in microseconds, kept whole for exact percentiles. */
    static final class Endpoint {
        final String name;
        final Map<Integer, AtomicLong> statuses = new ConcurrentHashMap<>();
        final AtomicLong unexpected = new AtomicLong();
        final AtomicLong socketErrors = new AtomicLong();
        final List<String> samples = new ArrayList<>();
        long[] micros = new long[1024];
        int count;

        Endpoint(String name) {
            this.name = name;
        }

        synchronized void record(long us) {
            if (count == micros.length) {
                micros = java.util.Arrays.copyOf(micros, count * 2);
            }
            micros[count++] = us;
        }

        synchronized void sample(String what) {
            if (samples.size() < 5) {
                samples.add(what);
            }
        }
    }

    SoakDriver(URI base, String key, String guild, int records, Duration timeout) {
        this.base = base;
        this.key = key;
        this.guild = guild;
        this.records = records;
        this.timeout = timeout;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    record Result(int status, byte[] body, HttpHeaders headers) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /**
     * One request: its time, status and whether the status is one of those expected. Returns null on a
     * socket error (counted), else the response.
     */
    Result call(String endpoint, String method, String path, String body, boolean withKey, int... expected) {
        Endpoint e = endpoints.computeIfAbsent(endpoint, Endpoint::new);
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(timeout);
        if (withKey) {
            b.header("X-API-Key", key);
        }
        if (body != null) {
            b.header("Content-Type", "application/json");
            b.method(method, HttpRequest.BodyPublishers.ofString(body));
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        long t0 = System.nanoTime();
        HttpResponse<byte[]> r;
        try {
            r = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException ex) {
            e.record((System.nanoTime() - t0) / 1000);
            e.socketErrors.incrementAndGet();
            e.sample("socket error: " + ex);
            return null;
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return null;
        }
        e.record((System.nanoTime() - t0) / 1000);
        e.statuses.computeIfAbsent(r.statusCode(), s -> new AtomicLong()).incrementAndGet();
        boolean ok = false;
        for (int s : expected) {
            ok |= s == r.statusCode();
        }
        if (!ok) {
            e.unexpected.incrementAndGet();
            String text = new String(r.body(), 0, Math.min(200, r.body().length), StandardCharsets.UTF_8);
            e.sample(method + " " + path + " -> " + r.statusCode() + " " + text);
        }
        return new Result(r.statusCode(), r.body(), r.headers());
    }

    /** A body check that failed although the status was the expected one. */
    void wrongBody(String endpoint, String what) {
        Endpoint e = endpoints.computeIfAbsent(endpoint, Endpoint::new);
        e.unexpected.incrementAndGet();
        e.sample(what);
    }

    String user(SplittableRandom random) {
        int i;
        do {
            i = 1 + random.nextInt(records);
        } while (i % SKIP_EVERY == 0);
        return Long.toString(USER_BASE + i);
    }

    String g(String rest) {
        return "/api/" + guild + rest;
    }

    // --- the operations --------------------------------------------------------------------------------

    interface Op {
        void run(SplittableRandom random, Worker w);
    }

    /** A worker's own state: a cursor it follows page by page. */
    static final class Worker {
        String cursor;
        int pages;
    }

    void isBotThere(SplittableRandom r, Worker w) {
        call("POST /api/is_bot_there", "POST", "/api/is_bot_there",
                "{\"guild_ids\":[\"" + guild + "\",\"" + ABSENT_GUILD + "\",\"x\"]}", true, 200);
    }

    void isBetaServer(SplittableRandom r, Worker w) {
        call("POST /api/is_beta_server", "POST", "/api/is_beta_server",
                "{\"guild_ids\":[\"" + guild + "\",\"" + (800000 + r.nextInt(1000)) + "\"]}", true, 200);
    }

    void roles(SplittableRandom r, Worker w) {
        call("GET /api/{g}/roles", "GET", g("/roles"), null, true, 200);
    }

    void tracks(SplittableRandom r, Worker w) {
        call("GET /api/{g}/level/track", "GET", g("/level/track"), null, true, 200);
    }

    void bridges(SplittableRandom r, Worker w) {
        call("GET /api/{g}/level_bridger", "GET", g("/level_bridger"), null, true, 200);
    }

    void betaList(SplittableRandom r, Worker w) {
        call("GET /api/beta_testing", "GET", "/api/beta_testing", null, true, 200);
    }

    void member(SplittableRandom r, Worker w) {
        String u = user(r);
        Result res = call("GET /api/{g}/leaderboard/{user}", "GET", g("/leaderboard/" + u), null, true, 200);
        if (res != null && res.status == 200 && !res.text().contains("\"user_id\":\"" + u + "\"")) {
            wrongBody("GET /api/{g}/leaderboard/{user}", "entry of " + u + " is " + res.text());
        }
    }

    void memberUnknown(SplittableRandom r, Worker w) {
        // A user with no record: 404 User not ranked, provoked.
        call("GET /api/{g}/leaderboard/{user} (no record, 404)", "GET",
                g("/leaderboard/" + (USER_BASE + records + 1 + r.nextInt(1000))), null, true, 404);
    }

    void page(SplittableRandom r, Worker w) {
        boolean next = w.cursor != null && w.pages < 20;
        String path = next ? g("/leaderboard?limit=100&after=" + w.cursor) : g("/leaderboard?limit=100");
        String name = next ? "GET /api/{g}/leaderboard?limit=100&after=" : "GET /api/{g}/leaderboard?limit=100";
        Result res = call(name, "GET", path, null, true, 200);
        if (res == null || res.status != 200) {
            w.cursor = null;
            return;
        }
        if (!res.text().startsWith("[{") || !res.text().endsWith("}]")) {
            wrongBody(name, "page is not a non-empty array: " + res.text().substring(0, Math.min(100, res.text().length())));
        }
        w.cursor = res.headers.firstValue("X-Next-Cursor").orElse(null);
        w.pages = next ? w.pages + 1 : 1;
    }

    void trackLifecycle(SplittableRandom r, Worker w) {
        String name = "soak-" + sequence.incrementAndGet();
        String roles = "[{\"role_id\":\"200000000000000001\",\"level\":" + r.nextInt(50) + "},200000000000000002]";
        String body = "{\"track_name\":\"" + name + "\",\"roles\":" + roles + "}";
        call("POST /api/{g}/level/track", "POST", g("/level/track"), body, true, 201);
        call("PATCH /api/{g}/level/track", "PATCH", g("/level/track"),
                "{\"track_name\":\"" + name + "\",\"roles\":[{\"role_id\":\"200000000000000003\",\"level\":7}]}", true, 200);
        call("POST /api/{g}/level/track (duplicate, 409)", "POST", g("/level/track"), body, true, 409);
        call("DELETE /api/{g}/level/track", "DELETE", g("/level/track"), "{\"track_name\":\"" + name + "\"}", true, 200);
        call("DELETE /api/{g}/level/track (gone, 404)", "DELETE", g("/level/track"),
                "{\"track_name\":\"" + name + "\"}", true, 404);
    }

    void bridgeLifecycle(SplittableRandom r, Worker w) {
        String in = "soak-in-" + sequence.incrementAndGet();
        String body = "{\"in_role_id\":\"" + in + "\",\"out_role_id\":\"" + (200000000000000000L + r.nextInt(1000)) + "\"}";
        call("POST /api/{g}/level_bridger", "POST", g("/level_bridger"), body, true, 201);
        call("POST /api/{g}/level_bridger (duplicate, 409)", "POST", g("/level_bridger"), body, true, 409);
        call("POST /api/{g}/level_bridger (bad out_role_id, 400)", "POST", g("/level_bridger"),
                "{\"in_role_id\":\"" + in + "-new\",\"out_role_id\":\"abc\"}", true, 400);
        call("PUT /api/{g}/level_bridger", "PUT", g("/level_bridger"),
                "{\"in_role_id\":\"" + in + "\",\"out_role_id\":\"+007\"}", true, 200);
        call("DELETE /api/{g}/level_bridger", "DELETE", g("/level_bridger"), "{\"in_role_id\":\"" + in + "\"}", true, 200);
        call("DELETE /api/{g}/level_bridger (gone, 404)", "DELETE", g("/level_bridger"),
                "{\"in_role_id\":\"" + in + "\"}", true, 404);
    }

    void betaLifecycle(SplittableRandom r, Worker w) {
        String id = Long.toString(900000000000000000L + sequence.incrementAndGet());
        String body = "{\"guild_id\":\"" + id + "\"}";
        call("POST /api/beta_testing", "POST", "/api/beta_testing", body, true, 201);
        call("POST /api/beta_testing (duplicate, 409)", "POST", "/api/beta_testing", body, true, 409);
        Result res = call("POST /api/is_beta_server", "POST", "/api/is_beta_server",
                "{\"guild_ids\":[\"" + id + "\"]}", true, 200);
        if (res != null && res.status == 200 && !res.text().contains("true")) {
            wrongBody("POST /api/is_beta_server", id + " added but is_beta_server says " + res.text());
        }
        call("DELETE /api/beta_testing/{id}", "DELETE", "/api/beta_testing/" + id, null, true, 200);
        call("DELETE /api/beta_testing/{id}", "DELETE", "/api/beta_testing/" + id, null, true, 200);
    }

    void absentGuild(SplittableRandom r, Worker w) {
        call("GET /api/{absent}/roles (not in guild, 404)", "GET", "/api/" + ABSENT_GUILD + "/roles", null, true, 404);
    }

    void noKey(SplittableRandom r, Worker w) {
        call("GET /api/{g}/roles (no key, 401)", "GET", g("/roles"), null, false, 401);
    }

    /** The mix: weight of each operation (a sequence counts once, whatever its requests). */
    Map<Op, Integer> mix() {
        Map<Op, Integer> m = new LinkedHashMap<>();
        m.put(this::isBotThere, 14);
        m.put(this::roles, 10);
        m.put(this::tracks, 10);
        m.put(this::bridges, 8);
        m.put(this::betaList, 4);
        m.put(this::isBetaServer, 8);
        m.put(this::member, 14);
        m.put(this::memberUnknown, 1);
        m.put(this::page, 12);
        m.put(this::trackLifecycle, 3);
        m.put(this::bridgeLifecycle, 3);
        m.put(this::betaLifecycle, 2);
        m.put(this::absentGuild, 1);
        m.put(this::noKey, 1);
        return m;
    }

    void whole() {
        String name = "GET /api/{g}/leaderboard (whole)";
        Result res = call(name, "GET", g("/leaderboard"), null, true, 200);
        if (res != null && res.status == 200) {
            wholeSizes.add((long) res.body.length);
            try {
                wholeShas.add(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(res.body)));
            } catch (NoSuchAlgorithmException ex) {
                throw new IllegalStateException(ex);
            }
            if (res.body.length < 2 || res.body[0] != '[' || res.body[res.body.length - 1] != ']') {
                wrongBody(name, "the body is not one JSON array (" + res.body.length + " bytes)");
            }
        }
    }

    // --- main ------------------------------------------------------------------------------------------

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new TreeMap<>();
        for (int a = 0; a < args.length; a += 2) {
            if (!args[a].startsWith("--") || a + 1 >= args.length) {
                System.err.println("SoakDriver: options are --name value pairs; see the class comment");
                System.exit(2);
            }
            o.put(args[a].substring(2), args[a + 1]);
        }
        for (String required : List.of("url", "key", "guild", "records", "seconds")) {
            if (!o.containsKey(required)) {
                System.err.println("SoakDriver: --" + required + " is required");
                System.exit(2);
            }
        }
        int workers = Integer.parseInt(o.getOrDefault("workers", "6"));
        double rate = Double.parseDouble(o.getOrDefault("rate", "150"));
        int wholeThreads = Integer.parseInt(o.getOrDefault("whole", "2"));
        long wholePause = Long.parseLong(o.getOrDefault("whole-pause", "1000"));
        long seconds = Long.parseLong(o.get("seconds"));
        SoakDriver d = new SoakDriver(URI.create(o.get("url")), o.get("key"), o.get("guild"),
                Integer.parseInt(o.get("records")), Duration.ofSeconds(Long.parseLong(o.getOrDefault("timeout", "120"))));
        int exit = d.run(workers, rate, wholeThreads, wholePause, seconds, System.out);
        if (o.containsKey("report")) {
            d.report(new PrintStream(Files.newOutputStream(Path.of(o.get("report"))), true, StandardCharsets.UTF_8));
        }
        System.exit(exit);
    }

    int run(int workers, double rate, int wholeThreads, long wholePause, long seconds, PrintStream out)
            throws InterruptedException {
        Map<Op, Integer> mix = mix();
        List<Op> ops = new ArrayList<>(mix.keySet());
        int[] cumulative = new int[ops.size()];
        int total = 0;
        for (int i = 0; i < ops.size(); i++) {
            total += mix.get(ops.get(i));
            cumulative[i] = total;
        }
        int weightSum = total;
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        long periodNanos = (long) (workers * 1e9 / rate); // each worker's share of the target rate
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < workers; t++) {
            SplittableRandom random = new SplittableRandom(1000 + t);
            Thread th = new Thread(() -> {
                Worker w = new Worker();
                long next = System.nanoTime();
                while (running.get() && System.nanoTime() < end) {
                    int pick = random.nextInt(weightSum);
                    int i = 0;
                    while (cumulative[i] <= pick) {
                        i++;
                    }
                    ops.get(i).run(random, w);
                    next += periodNanos;
                    long now = System.nanoTime();
                    if (next > now) {
                        sleepNanos(next - now);
                    } else if (now - next > 1_000_000_000L) {
                        next = now; // more than a second behind: no burst to catch up
                    }
                }
            }, "worker-" + t);
            threads.add(th);
        }
        for (int t = 0; t < wholeThreads; t++) {
            Thread th = new Thread(() -> {
                while (running.get() && System.nanoTime() < end) {
                    whole();
                    sleepNanos(wholePause * 1_000_000L);
                }
            }, "whole-" + t);
            threads.add(th);
        }
        threads.forEach(Thread::start);
        long minute = 0;
        long lastRequests = 0;
        while (System.nanoTime() < end) {
            long nextMinute = start + (minute + 1) * 60_000_000_000L;
            sleepNanos(Math.min(nextMinute, end) - System.nanoTime());
            if (System.nanoTime() >= nextMinute) {
                minute++;
                long requests = 0, fivexx = 0, socket = 0, unexpected = 0;
                for (Endpoint e : endpoints.values()) {
                    for (var s : e.statuses.entrySet()) {
                        requests += s.getValue().get();
                        if (s.getKey() >= 500) {
                            fivexx += s.getValue().get();
                        }
                    }
                    socket += e.socketErrors.get();
                    requests += e.socketErrors.get();
                    unexpected += e.unexpected.get();
                }
                out.printf("minute %d requests %d total %d 5xx %d socket_errors %d unexpected %d%n",
                        minute, requests - lastRequests, requests, fivexx, socket, unexpected);
                lastRequests = requests;
            }
        }
        running.set(false);
        for (Thread th : threads) {
            th.join();
        }
        return report(out);
    }

    static void sleepNanos(long nanos) {
        if (nanos <= 0) {
            return;
        }
        try {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    int report(PrintStream out) {
        long fivexx = 0, socket = 0, unexpected = 0;
        out.println();
        out.printf("%-58s %8s %-28s %6s %6s %8s %8s %8s%n",
                "endpoint", "requests", "statuses", "unexp", "sockerr", "p50 ms", "p99 ms", "max ms");
        for (Endpoint e : new TreeMap<>(endpoints).values()) {
            long[] v;
            synchronized (e) {
                v = java.util.Arrays.copyOf(e.micros, e.count);
            }
            java.util.Arrays.sort(v);
            StringBuilder st = new StringBuilder();
            for (var s : new TreeMap<>(e.statuses).entrySet()) {
                st.append(st.length() == 0 ? "" : " ").append(s.getKey()).append('x').append(s.getValue().get());
                if (s.getKey() >= 500) {
                    fivexx += s.getValue().get();
                }
            }
            socket += e.socketErrors.get();
            unexpected += e.unexpected.get();
            out.printf("%-58s %8d %-28s %6d %6d %8.1f %8.1f %8.1f%n", e.name, v.length, st, e.unexpected.get(),
                    e.socketErrors.get(), pct(v, 50), pct(v, 99), v.length == 0 ? 0 : v[v.length - 1] / 1000.0);
            for (String s : e.samples) {
                out.println("    " + s);
            }
        }
        out.printf("whole leaderboard: %d distinct body size(s) %s, %d distinct sha256%n",
                wholeSizes.size(), wholeSizes, wholeShas.size());
        boolean ok = fivexx == 0 && socket == 0 && unexpected == 0 && wholeShas.size() <= 1;
        out.printf("driver verdict: %s (5xx %d, socket errors %d, unexpected statuses or bodies %d, distinct whole bodies %d)%n",
                ok ? "PASS" : "FAIL", fivexx, socket, unexpected, wholeShas.size());
        return ok ? 0 : 1;
    }

    /** Nearest-rank percentile, in ms. */
    static double pct(long[] sorted, int q) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(sorted.length * q / 100.0);
        return sorted[Math.max(0, rank - 1)] / 1000.0;
    }
}
