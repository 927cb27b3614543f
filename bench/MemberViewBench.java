import com.communitybot.discord.fake.FakeDiscord;
import com.communitybot.discord.fake.FakeGuild;
import com.communitybot.discord.fake.FakeMember;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The member-view benchmark's driver (bench/member-view.sh runs it): starts the fake Discord of the tests with a
 * given number of guilds and members, runs the built jar against it (the real JDA client over loopback), waits
 * until every guild is present, checks that the first, middle and last member are named in the leaderboard at that
 * moment, then reads the service's heap after full GCs (jcmd) and its RSS. The same run with no guild gives the
 * base that is subtracted.
 *
 * <p>Members: every one with a global name, a tenth with a nickname, a third with an avatar (a tenth of those
 * animated); ids from 300000000000000000 up, distinct across guilds.
 */
public final class MemberViewBench {

    private static final String KEY = "bench-key";
    private static final long FIRST_GUILD = 100_000_000_000_000_000L;
    private static final long FIRST_USER = 300_000_000_000_000_000L;
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public static void main(String[] args) throws Exception {
        String jar = null;
        String heap = "3g";
        int members = 200_000;
        int guilds = 1;
        boolean baseOnly = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--jar" -> jar = args[++i];
                case "--heap" -> heap = args[++i];
                case "--members" -> members = Integer.parseInt(args[++i]);
                case "--guilds" -> guilds = Integer.parseInt(args[++i]);
                case "--base" -> baseOnly = true;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (baseOnly) {
            members = 0;
            guilds = 0;
        }
        Result result = run(Path.of(jar), heap, members, guilds);
        // One line, key=value, for the script to read.
        System.out.println("RESULT members=" + members + " guilds=" + guilds + " ready_ms=" + result.readyMillis
                + " listening_ms=" + result.listeningMillis
                + " heap_used_bytes=" + result.heapUsed + " rss_kib=" + result.rssKib + " hwm_kib=" + result.hwmKib
                + " named=" + result.named);
    }

    record Result(long readyMillis, long listeningMillis, long heapUsed, long rssKib, long hwmKib, String named) {}

    static long guildId(int index) {
        return FIRST_GUILD + ((long) index << 22);
    }

    static FakeMember member(long userId, int i) {
        FakeMember member = FakeMember.of(userId, "user" + i).withGlobalName("Global Name " + i);
        if (i % 10 == 3) {
            member = member.withNickname("Nick " + i);
        }
        if (i % 3 == 1) {
            String hash = String.format("%016x%016x", userId * 0x9E3779B97F4A7C15L, (long) i * 0xC2B2AE3D27D4EB4FL);
            member = member.withAvatar(i % 30 == 1 ? "a_" + hash : hash);
        }
        return member;
    }

    static Result run(Path jar, String heap, int members, int guilds) throws Exception {
        Path dir = Files.createTempDirectory("member-view-bench");
        try (FakeDiscord discord = FakeDiscord.start()) {
            int perGuild = guilds == 0 ? 0 : members / guilds;
            List<long[]> checks = new ArrayList<>();
            int user = 0;
            for (int g = 0; g < guilds; g++) {
                FakeGuild.Builder guild = FakeGuild.builder(guildId(g));
                long first = FIRST_USER + user;
                for (int m = 0; m < perGuild; m++, user++) {
                    guild.member(member(FIRST_USER + user, user));
                }
                // A large guild's GUILD_CREATE holds a few members, the rest come in chunks; a small one holds all.
                if (perGuild > 250) {
                    guild.membersInGuildCreate(100);
                }
                discord.addGuild(guild.build());
                if (perGuild > 0 && (g == 0 || g == guilds - 1)) {
                    checks.add(new long[] {guildId(g), first, first + perGuild / 2, first + perGuild - 1});
                }
            }
            String db = "jdbc:h2:file:" + dir.resolve("db").toAbsolutePath();
            Path data = dir.resolve("levels.json");
            Files.writeString(data, levels(checks));
            exec(jar, db, List.of("import", data.toString()), heap);

            int port = freePort();
            ProcessBuilder serve = java(jar, db, heap, List.of());
            serve.environment().put("PORT", Integer.toString(port));
            serve.environment().put("DISCORD_TOKEN", discord.token());
            serve.environment().put("DISCORD_API_URL", discord.baseUrl().toString());
            serve.redirectOutput(dir.resolve("service.log").toFile());
            serve.redirectErrorStream(true);
            Instant start = Instant.now();
            Process service = serve.start();
            try {
                URI base = URI.create("http://127.0.0.1:" + port);
                String ids = "{\"guild_ids\": [" + java.util.stream.IntStream.range(0, guilds)
                        .mapToObj(g -> "\"" + Long.toUnsignedString(guildId(g)) + "\"")
                        .collect(Collectors.joining(",")) + "]}";
                String allTrue = "{\"results\":["
                        + java.util.stream.IntStream.range(0, guilds)
                                .mapToObj(g -> "true")
                                .collect(Collectors.joining(",")) + "]}";
                long readyMillis = -1;
                long listeningMillis = -1;
                String named = "-";
                Instant deadline = start.plus(Duration.ofMinutes(10));
                while (Instant.now().isBefore(deadline)) {
                    if (!service.isAlive()) {
                        throw new IllegalStateException("service exited " + service.exitValue() + "; log: "
                                + dir.resolve("service.log"));
                    }
                    String body = post(base, "/api/is_bot_there", ids);
                    if (body != null && listeningMillis < 0) {
                        listeningMillis = Duration.between(start, Instant.now()).toMillis();
                    }
                    if (guilds == 0 ? discord.identifiedShards().contains(0) && body != null : allTrue.equals(body)) {
                        readyMillis = Duration.between(start, Instant.now()).toMillis();
                        named = named(base, checks);
                        break;
                    }
                    Thread.sleep(100);
                }
                if (readyMillis < 0) {
                    throw new IllegalStateException("not ready within 10 minutes; log: " + dir.resolve("service.log"));
                }
                Thread.sleep(2_000); // the base: let start-up settle as long as a scenario does at least
                long heapUsed = heapAfterFullGc(service.pid());
                long[] memory = rss(service.pid());
                return new Result(readyMillis, listeningMillis, heapUsed, memory[0], memory[1], named);
            } finally {
                service.destroy();
                if (!service.waitFor(30, TimeUnit.SECONDS)) {
                    service.destroyForcibly();
                }
            }
        } finally {
            // The service's log of the last run stays, for a run that needs explaining.
            Path log = dir.resolve("service.log");
            if (Files.exists(log)) {
                Files.copy(log, Path.of(System.getProperty("java.io.tmpdir"), "member-view-service.log"),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            deleteAll(dir);
        }
    }

    /** The data file: a level record for the first, middle and last member of the checked guilds. */
    static String levels(List<long[]> checks) {
        List<String> records = new ArrayList<>();
        for (long[] check : checks) {
            for (int i = 1; i < check.length; i++) {
                records.add("{\"id\": \"" + Long.toUnsignedString(check[0]) + ":" + check[i] + "\", \"xp\": "
                        + (10 * i) + ", \"level\": " + i + "}");
            }
        }
        return "{\"levels\": [" + String.join(",", records) + "]}";
    }

    /** "ok" when every checked member has its name in the leaderboard, else what was missing. */
    static String named(URI base, List<long[]> checks) throws Exception {
        List<String> missing = new ArrayList<>();
        for (long[] check : checks) {
            String body = get(base, "/api/" + Long.toUnsignedString(check[0]) + "/leaderboard");
            for (int i = 1; i < check.length; i++) {
                long userId = check[i];
                int index = (int) (userId - FIRST_USER);
                String expected = member(userId, index).nickname() != null
                        ? member(userId, index).nickname()
                        : member(userId, index).globalName();
                if (body == null || !body.contains("\"user_id\":\"" + userId + "\",\"username\":\"" + expected + "\"")) {
                    missing.add(Long.toString(userId));
                }
            }
        }
        return checks.isEmpty() ? "-" : missing.isEmpty() ? "ok" : "missing:" + String.join(",", missing);
    }

    static long heapAfterFullGc(long pid) throws Exception {
        for (int i = 0; i < 3; i++) {
            jcmd(pid, "GC.run");
        }
        String info = jcmd(pid, "GC.heap_info");
        Matcher used = Pattern.compile("heap\\s+total \\d+K, used (\\d+)K").matcher(info);
        if (!used.find()) {
            throw new IllegalStateException("no heap use in: " + info);
        }
        return Long.parseLong(used.group(1)) * 1024;
    }

    static long[] rss(long pid) throws IOException {
        long rss = -1;
        long hwm = -1;
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                rss = Long.parseLong(line.replaceAll("\\D", ""));
            } else if (line.startsWith("VmHWM:")) {
                hwm = Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        return new long[] {rss, hwm};
    }

    static String jcmd(long pid, String command) throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command)
                .redirectErrorStream(true)
                .start();
        String out = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IllegalStateException("jcmd " + command + " failed: " + out);
        }
        return out;
    }

    static ProcessBuilder java(Path jar, String db, String heap, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heap);
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("BOT_API_KEY", KEY);
        builder.environment().put("DATABASE_URL", db);
        builder.environment().remove("GUILD_SNAPSHOT");
        return builder;
    }

    static void exec(Path jar, String db, List<String> args, String heap) throws Exception {
        Process process = java(jar, db, heap, args).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IllegalStateException(args + " failed: " + out);
        }
    }

    static String post(URI base, String path, String body) {
        try {
            HttpResponse<String> response = HTTP.send(
                    HttpRequest.newBuilder(base.resolve(path))
                            .header("X-API-Key", KEY)
                            .header("Content-Type", "application/json")
                            .timeout(Duration.ofSeconds(30))
                            .POST(HttpRequest.BodyPublishers.ofString(body))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? response.body() : null;
        } catch (IOException | InterruptedException e) {
            return null; // not listening yet
        }
    }

    static String get(URI base, String path) throws Exception {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(base.resolve(path))
                        .header("X-API-Key", KEY)
                        .timeout(Duration.ofSeconds(60))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        return response.statusCode() == 200 ? response.body() : null;
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    static void deleteAll(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
