import java.sql.*; import java.util.*; import java.nio.file.*; import java.util.concurrent.atomic.*;
/**
 * How an H2 file grows when the level records are appended in key order (what the new-file import does), then the
 * leaderboard index is made on the filled table, then the file is compacted: N records, a commit every C, the URL
 * options appended (";COMPRESS=TRUE;RETENTION_TIME=0"). Prints the peak of the .mv.db (sampled every 20 ms), its
 * size before the index, after it, and after SHUTDOWN COMPACT.
 *
 *   java -cp ~/.m2/repository/com/h2database/h2/2.3.232/h2-2.3.232.jar bench/H2AppendGrowth.java 50000 20000 ";COMPRESS=TRUE"
 */
public class H2AppendGrowth {
  public static void main(String[] a) throws Exception {
    int n = Integer.parseInt(a[0]); int commitEvery = Integer.parseInt(a[1]); String opts = a.length > 2 ? a[2] : "";
    Path dir = Files.createTempDirectory("h2a"); String file = dir + "/db";
    String url = "jdbc:h2:file:" + file + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE" + opts;
    Connection c = DriverManager.getConnection(url, "sa", "");
    Statement s = c.createStatement();
    s.execute("CREATE TABLE level_record (id VARCHAR NOT NULL, xp NUMERIC(20,0) NOT NULL, level NUMERIC(20,0) NOT NULL, guild_id VARCHAR GENERATED ALWAYS AS (CASE WHEN POSITION(':' IN id) > 0 THEN SUBSTRING(id FROM 1 FOR POSITION(':' IN id) - 1) END), CONSTRAINT pk PRIMARY KEY (id))");
    Random r = new Random(1);
    Path mv = Paths.get(file + ".mv.db"); AtomicLong peak = new AtomicLong(); AtomicBoolean run = new AtomicBoolean(true);
    Thread t = new Thread(() -> { while (run.get()) { try { peak.accumulateAndGet(Files.size(mv), Math::max); Thread.sleep(20);} catch (Exception e) {} } }); t.start();
    long t0 = System.nanoTime();
    c.setAutoCommit(false);
    PreparedStatement p = c.prepareStatement("INSERT INTO level_record (id, xp, level) VALUES (?, ?, ?)");
    for (int i = 0; i < n; i++) { p.setString(1, "100000000000000001:" + (300000000000000000L + i)); long xp = r.nextInt(10_000_000); p.setBigDecimal(2, java.math.BigDecimal.valueOf(xp)); p.setBigDecimal(3, java.math.BigDecimal.valueOf(xp/10000)); p.addBatch(); if (i % 1000 == 999) p.executeBatch(); if (i % commitEvery == commitEvery - 1) c.commit(); }
    p.executeBatch(); c.commit();
    long t1 = System.nanoTime();
    long beforeIdx = Files.size(mv);
    s.execute("CREATE INDEX lb ON level_record (guild_id, level DESC, xp DESC, id)");
    long t2 = System.nanoTime();
    run.set(false); t.join();
    long after = Files.size(mv); c.close();
    long closed = Files.size(mv);
    Connection c2 = DriverManager.getConnection(url, "sa", ""); c2.createStatement().execute("SHUTDOWN COMPACT");
    long compact = Files.size(mv);
    try (var files = Files.list(dir)) { for (Path f : files.toList()) Files.delete(f); }
    Files.delete(dir);
    System.out.printf("n=%d commit=%d opts=%s load=%.1fs idx=%.1fs peak=%dMB beforeIdx=%dMB after=%dMB closed=%dMB compact=%dMB peak/compact=%.1f%n", n, commitEvery, opts, (t1-t0)/1e9, (t2-t1)/1e9, peak.get()>>20, beforeIdx>>20, after>>20, closed>>20, compact>>20, (double)peak.get()/compact);
  }
}
