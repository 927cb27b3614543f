import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The live XP log's benchmark (bench/stream.sh): S streams of /api/{guild}/xp_log/stream spread over the instances
 * given (one guild each, round robin over G guilds), then the bot (plain JDBC, autocommit) writes R level records a
 * second for T seconds, round robin over the guilds, each record's xp the write's time in epoch microseconds. Every
 * stream must get every event of its guild once and in order; the latency of an event is the time it is read minus
 * the time in its xp. Prints key=value lines. Usage:
 *   java -cp community-bot-api.jar StreamBench.java open --urls U1,U2 --key K --guilds G --streams S
 *        --jdbc URL --rate R --seconds T [--stalled K]
 */
public class StreamBench {

    static final Pattern XP_AFTER = Pattern.compile("\"xp_after\":\"?([0-9]+)");
    static final Pattern USER = Pattern.compile("\"user_id\":\"([0-9]+)\"");

    static final class Stream implements Flow.Subscriber<String> {
        final String guild;
        final CountDownLatch opened = new CountDownLatch(1);
        final List<Long> latencies = new ArrayList<>();
        final List<Long> users = new ArrayList<>();
        volatile boolean ended;
        Flow.Subscription subscription;

        Stream(String guild) {
            this.guild = guild;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(String line) {
            long now = System.currentTimeMillis() * 1000 + (System.nanoTime() / 1000) % 1000;
            if (line.startsWith(": keep-alive")) {
                opened.countDown();
            } else if (line.startsWith("data: ")) {
                Matcher xp = XP_AFTER.matcher(line);
                Matcher user = USER.matcher(line);
                if (xp.find() && user.find()) {
                    synchronized (this) {
                        latencies.add(now - Long.parseLong(xp.group(1)));
                        users.add(Long.parseLong(user.group(1)));
                    }
                }
            }
        }

        @Override
        public void onError(Throwable t) {
            ended = true;
            opened.countDown();
        }

        @Override
        public void onComplete() {
            ended = true;
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new HashMap<>();
        for (int i = 1; i + 1 < args.length; i += 2) {
            o.put(args[i].substring(2), args[i + 1]);
        }
        String[] urls = o.get("urls").split(",");
        String key = o.get("key");
        int guilds = Integer.parseInt(o.get("guilds"));
        int streams = Integer.parseInt(o.get("streams"));
        int rate = Integer.parseInt(o.get("rate"));
        int seconds = Integer.parseInt(o.get("seconds"));
        int stalled = Integer.parseInt(o.getOrDefault("stalled", "0"));

        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<Stream> open = new ArrayList<>();
        for (int i = 0; i < streams; i++) {
            String guild = guildId(i % guilds);
            Stream stream = new Stream(guild);
            String url = urls[i % urls.length] + "/api/" + guild + "/xp_log/stream";
            client.sendAsync(
                    HttpRequest.newBuilder(URI.create(url)).header("X-API-Key", key).build(),
                    HttpResponse.BodyHandlers.fromLineSubscriber(stream));
            open.add(stream);
        }
        long notOpen = 0;
        for (Stream stream : open) {
            if (!stream.opened.await(60, TimeUnit.SECONDS) || stream.ended) {
                notOpen++;
            }
        }
        System.out.println("streams_open=" + (streams - notOpen));
        if (notOpen > 0) {
            System.out.println("error=" + notOpen + " streams did not open");
            System.exit(1);
        }
        List<Socket> silent = new ArrayList<>();
        for (int i = 0; i < stalled; i++) {
            URI base = URI.create(urls[i % urls.length]);
            Socket socket = new Socket(base.getHost(), base.getPort());
            socket.setReceiveBufferSize(4096);
            socket.getOutputStream().write(("GET /api/" + guildId(i % guilds) + "/xp_log/stream HTTP/1.1\r\nHost: x\r\n"
                            + "X-API-Key: " + key + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            silent.add(socket);
        }
        System.out.println("ready=1");
        System.out.flush();
        // The script samples the instances now; it says go on stdin.
        STDIN.readLine();

        long written = 0;
        try (Connection bot = DriverManager.getConnection(o.get("jdbc"));
                PreparedStatement upsert = bot.prepareStatement("INSERT INTO level_record (id, xp, level) VALUES (?, ?, 0)"
                        + " ON CONFLICT (id) DO UPDATE SET xp = EXCLUDED.xp")) {
            long start = System.nanoTime();
            long total = (long) rate * seconds;
            for (long n = 0; n < total; n++) {
                long due = start + n * 1_000_000_000L / rate;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                upsert.setString(1, guildId((int) (n % guilds)) + ":" + (1000 + n));
                upsert.setLong(2, System.currentTimeMillis() * 1000 + (System.nanoTime() / 1000) % 1000);
                upsert.executeUpdate();
                written++;
            }
            System.out.printf("write_s=%.1f%n", (System.nanoTime() - start) / 1e9);
        }
        Thread.sleep(3000);
        System.out.println("written=" + written);
        // Completeness: each stream of guild g must have every write n with n % guilds == g, in order.
        long missing = 0;
        long twice = 0;
        long outOfOrder = 0;
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < open.size(); i++) {
            Stream stream = open.get(i);
            int g = i % guilds;
            List<Long> users;
            synchronized (stream) {
                users = new ArrayList<>(stream.users);
                all.addAll(stream.latencies);
            }
            long expected = written / guilds + (g < written % guilds ? 1 : 0);
            long distinct = users.stream().distinct().count();
            missing += expected - distinct;
            twice += users.size() - distinct;
            for (int k = 1; k < users.size(); k++) {
                if (users.get(k) <= users.get(k - 1)) {
                    outOfOrder++;
                }
            }
        }
        long[] sorted = all.stream().mapToLong(Long::longValue).sorted().toArray();
        System.out.println("delivered=" + sorted.length);
        System.out.println("missing=" + missing);
        System.out.println("twice=" + twice);
        System.out.println("out_of_order=" + outOfOrder);
        if (sorted.length > 0) {
            System.out.printf("latency_p50_ms=%.1f%n", sorted[sorted.length / 2] / 1000.0);
            System.out.printf("latency_p99_ms=%.1f%n", sorted[(int) Math.min(sorted.length - 1, sorted.length * 99L / 100)] / 1000.0);
            System.out.printf("latency_max_ms=%.1f%n", sorted[sorted.length - 1] / 1000.0);
        }
        long stillOpen = silent.stream().filter(s -> !s.isClosed()).count();
        System.out.println("stalled_sockets=" + stillOpen);
        System.out.println("ok=" + (missing == 0 && twice == 0 && outOfOrder == 0 ? 1 : 0));
        // The script samples the instances again, the stalled readers still connected; it says end on stdin.
        System.out.println("done=1");
        System.out.flush();
        STDIN.readLine();
        System.exit(0);
    }

    /** The script's word to go on, a line each time. */
    static final java.io.BufferedReader STDIN =
            new java.io.BufferedReader(new java.io.InputStreamReader(System.in, StandardCharsets.US_ASCII));

    static String guildId(int g) {
        return Long.toString(200000000000000000L + g);
    }
}
