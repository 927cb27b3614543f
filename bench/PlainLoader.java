import com.communitybot.persistence.StoreUrls;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;

/**
 * The yardstick of bench/import.sh: loads the level records of a data file (contract section 4, the
 * "levels" array only) into a store whose schema the jar has already created, with plain JDBC: one
 * upsert per record (H2 MERGE ... KEY (id), PostgreSQL INSERT ... ON CONFLICT (id) DO UPDATE) in JDBC
 * batches, all in one transaction, committed at the end. No checks, no guild sizes, no trigger handling:
 * what a hand-written loader does. Runs on the jar's class path (H2, the PostgreSQL driver, Jackson):
 *
 * <pre>
 * java -cp app/target/community-bot-api.jar bench/PlainLoader.java JDBC_URL USER FILE [BATCH [notrigger]]
 * </pre>
 *
 * {@code notrigger} drops the store's guild-size triggers first, so the loader writes the bare table as a loader
 * of a schema without them would (the yardstick of issue 13, whose 17 s plain loader ran before they existed);
 * the store's guild sizes are then wrong, which a benchmark's throw-away store does not mind.
 *
 * USER "-" is the default user: "sa" on H2, as the service (Micronaut) uses. An H2 URL gets the service's required options (StoreUrls).
 */
public class PlainLoader {
    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: PlainLoader JDBC_URL USER|- FILE [BATCH [notrigger]]");
            System.exit(2);
        }
        boolean h2 = args[0].startsWith("jdbc:h2:");
        String url = h2 ? StoreUrls.withRequiredOptions(args[0]) : args[0];
        String user = args[1].equals("-") ? (h2 ? "sa" : "") : args[1];
        int batch = args.length > 3 ? Integer.parseInt(args[3]) : 1000;
        String sql = h2
                ? "MERGE INTO level_record (id, xp, level) KEY (id) VALUES (?, ?, ?)"
                : "INSERT INTO level_record (id, xp, level) VALUES (?, ?, ?)"
                        + " ON CONFLICT (id) DO UPDATE SET xp = EXCLUDED.xp, level = EXCLUDED.level";
        long t0 = System.nanoTime();
        long n = 0;
        try (Connection c = DriverManager.getConnection(url, user, "");
                JsonParser p = new JsonFactory().createParser(Path.of(args[2]).toFile())) {
            if (args.length > 4 && args[4].equals("notrigger")) {
                try (java.sql.Statement drop = c.createStatement()) {
                    for (String trigger : h2
                            ? new String[] {"level_guild_size_keeper"}
                            : new String[] {"level_guild_size_insert", "level_guild_size_delete",
                                "level_guild_size_update", "level_guild_size_truncate"}) {
                        drop.execute(h2 ? "DROP TRIGGER IF EXISTS " + trigger
                                : "DROP TRIGGER IF EXISTS " + trigger + " ON level_record");
                    }
                }
            }
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                int pending = 0;
                boolean inLevels = false;
                String id = null;
                BigDecimal xp = null, level = null;
                for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                    if (t == JsonToken.FIELD_NAME && p.getParsingContext().getParent().inRoot()) {
                        inLevels = p.getCurrentName().equals("levels");
                        if (!inLevels) {
                            p.nextToken();
                            p.skipChildren();
                        }
                    } else if (inLevels && t == JsonToken.FIELD_NAME) {
                        String name = p.getCurrentName();
                        p.nextToken();
                        switch (name) {
                            case "id" -> id = p.getText();
                            case "xp" -> xp = p.getDecimalValue();
                            case "level" -> level = p.getDecimalValue();
                            default -> p.skipChildren();
                        }
                    } else if (inLevels && t == JsonToken.END_OBJECT && id != null) {
                        ps.setString(1, id);
                        ps.setBigDecimal(2, xp);
                        ps.setBigDecimal(3, level);
                        ps.addBatch();
                        id = null;
                        n++;
                        if (++pending == batch) {
                            ps.executeBatch();
                            pending = 0;
                        }
                    }
                }
                if (pending > 0) {
                    ps.executeBatch();
                }
            }
            c.commit();
        }
        System.out.printf("plain loader: %d records in %.1f s%n", n, (System.nanoTime() - t0) / 1e9);
    }
}
