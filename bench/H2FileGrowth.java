import java.sql.*; import java.util.*; import java.nio.file.*; import java.util.concurrent.atomic.*;
/**
 * How an H2 file grows while records are written, whatever the writer (issue 13 item 1): N random level records of
 * one guild into the service's table and leaderboard index, MERGE in batches of 1000, the file's size sampled
 * every 100 ms, then compacted with SHUTDOWN COMPACT. Modes (combine with '-'): plain (one transaction), sortlb
 * (rows in leaderboard order), commit (a commit every 10,000 rows), noindex (no leaderboard index), compact
 * (SHUTDOWN COMPACT every -Devery=N rows). The third argument is appended to the JDBC URL (";RETENTION_TIME=0").
 *
 *   java -cp ~/.m2/repository/com/h2database/h2/2.3.232/h2-2.3.232.jar bench/H2FileGrowth.java 100000 plain
 */
public class H2FileGrowth {
  public static void main(String[] a) throws Exception {
    int n = Integer.parseInt(a[0]); String mode = a[1]; String opts = a.length > 2 ? a[2] : "";
    Path dir = Files.createTempDirectory("h2g"); String file = dir + "/db";
    Connection c = DriverManager.getConnection("jdbc:h2:file:" + file + ";MODE=PostgreSQL" + opts, "sa", "");
    Statement s = c.createStatement();
    s.execute("CREATE TABLE level_record (id VARCHAR NOT NULL, xp NUMERIC(20,0) NOT NULL, level NUMERIC(20,0) NOT NULL, guild_id VARCHAR GENERATED ALWAYS AS (CASE WHEN POSITION(':' IN id) > 0 THEN SUBSTRING(id FROM 1 FOR POSITION(':' IN id) - 1) ELSE id END), CONSTRAINT pk PRIMARY KEY (id))");
    if (!mode.contains("noindex")) s.execute("CREATE INDEX lb ON level_record (guild_id, level DESC, xp DESC, id)");
    Random r = new Random(1);
    long[][] rows = new long[n][3];
    for (int i = 0; i < n; i++) { rows[i][0] = 300000000000000000L + r.nextInt(1 << 30) * 1000L + i; rows[i][1] = r.nextInt(10_000_000); rows[i][2] = rows[i][1] / 10000; }
    if (mode.contains("sortlb")) Arrays.sort(rows, (x, y) -> x[2] != y[2] ? Long.compare(y[2], x[2]) : x[1] != y[1] ? Long.compare(y[1], x[1]) : Long.compare(x[0], y[0]));
    Path mv = Paths.get(file + ".mv.db"); AtomicLong peak = new AtomicLong(); AtomicBoolean run = new AtomicBoolean(true);
    Thread t = new Thread(() -> { while (run.get()) { try { peak.accumulateAndGet(Files.size(mv), Math::max); Thread.sleep(100);} catch (Exception e) {} } }); t.start();
    long t0 = System.nanoTime();
    c.setAutoCommit(false);
    PreparedStatement p = c.prepareStatement("MERGE INTO level_record (id, xp, level) KEY (id) VALUES (?, ?, ?)");
    int commitEvery = mode.contains("commit") ? 10000 : Integer.MAX_VALUE;
    int compactEvery = mode.contains("compact") ? Integer.parseInt(System.getProperty("every", "50000")) : Integer.MAX_VALUE;
    for (int i = 0; i < n; i++) { p.setString(1, "100000000000000001:" + rows[i][0]); p.setBigDecimal(2, java.math.BigDecimal.valueOf(rows[i][1])); p.setBigDecimal(3, java.math.BigDecimal.valueOf(rows[i][2])); p.addBatch(); if (i % 1000 == 999) p.executeBatch(); if (i % commitEvery == commitEvery - 1) c.commit();
      if (i % compactEvery == compactEvery - 1) { p.executeBatch(); c.commit(); c.createStatement().execute("SHUTDOWN COMPACT"); c = DriverManager.getConnection("jdbc:h2:file:" + file + ";MODE=PostgreSQL" + opts, "sa", ""); c.setAutoCommit(false); p = c.prepareStatement("MERGE INTO level_record (id, xp, level) KEY (id) VALUES (?, ?, ?)"); } }
    p.executeBatch(); c.commit();
    long t1 = System.nanoTime();
    run.set(false); t.join();
    long after = Files.size(mv); c.close();
    Connection c2 = DriverManager.getConnection("jdbc:h2:file:" + file + ";MODE=PostgreSQL", "sa", ""); c2.createStatement().execute("SHUTDOWN COMPACT"); 
    long compact = Files.size(mv);
    try (var files = Files.list(dir)) { for (Path f : files.toList()) Files.delete(f); }
    Files.delete(dir);
    System.out.printf("%s n=%d opts=%s time=%.1fs peak=%dMB after=%dMB compact=%dMB peak/compact=%.1f%n", mode, n, opts, (t1-t0)/1e9, peak.get()>>20, after>>20, compact>>20, (double)peak.get()/compact);
  }
}
