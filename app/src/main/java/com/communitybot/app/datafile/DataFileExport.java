package com.communitybot.app.datafile;

import com.communitybot.core.json.TrackLevelRoleParser;
import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.GuildSettings;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.port.StoreTransfer;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.format.DateTimeFormatter;
import java.util.Iterator;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Writes the whole store as a data file (contract 4), streaming each kind of record in the store's stable
 * order, so export, import into an empty store and export again give the same bytes.
 */
public final class DataFileExport {

    private static final JsonFactory JSON = new JsonFactory();

    private final StoreTransfer store;

    public DataFileExport(StoreTransfer store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    /** Writes the data file to {@code out}, which it leaves open. */
    public DataFileCounts exportTo(OutputStream out) {
        long[] counts = new long[5];
        try (JsonGenerator json = JSON.createGenerator(out, JsonEncoding.UTF8)
                .configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false)) {
            DefaultPrettyPrinter pretty = new DefaultPrettyPrinter()
                    .withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"))
                    .withObjectIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));
            json.setPrettyPrinter(pretty);
            json.writeStartObject();
            json.writeArrayFieldStart("levels");
            try (Stream<LevelRecord> levels = store.levels()) {
                for (Iterator<LevelRecord> it = levels.iterator(); it.hasNext(); counts[0]++) {
                    writeLevel(json, it.next());
                }
            }
            json.writeEndArray();
            json.writeArrayFieldStart("guild_settings");
            try (Stream<GuildSettings> settings = store.guildSettings()) {
                for (Iterator<GuildSettings> it = settings.iterator(); it.hasNext(); counts[1]++) {
                    GuildSettings guild = it.next();
                    writeGuild(json, guild);
                    counts[2] += guild.tracks().size();
                    counts[3] += guild.bridges().size();
                }
            }
            json.writeEndArray();
            json.writeArrayFieldStart("beta_servers");
            try (Stream<BetaServer> beta = store.betaServers()) {
                for (Iterator<BetaServer> it = beta.iterator(); it.hasNext(); counts[4]++) {
                    writeBeta(json, it.next());
                }
            }
            json.writeEndArray();
            json.writeEndObject();
            json.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new DataFileCounts(counts[0], counts[1], counts[2], counts[3], counts[4]);
    }

    private static void writeLevel(JsonGenerator json, LevelRecord record) throws IOException {
        json.writeStartObject();
        json.writeStringField("id", record.id());
        json.writeFieldName("xp");
        json.writeNumber(record.xp().toString());
        json.writeFieldName("level");
        json.writeNumber(record.level().toString());
        json.writeEndObject();
    }

    private static void writeGuild(JsonGenerator json, GuildSettings guild) throws IOException {
        json.writeStartObject();
        json.writeStringField("guild_id", guild.guild().toString());
        json.writeObjectFieldStart("level_role_stack");
        for (LevelTrack track : guild.tracks()) {
            json.writeArrayFieldStart(track.name());
            for (TrackLevelRole role : track.roles()) {
                TrackLevelRoleParser.write(json, role);
            }
            json.writeEndArray();
        }
        json.writeEndObject();
        json.writeObjectFieldStart("level_up_role_mapper");
        for (LevelBridge bridge : guild.bridges()) {
            json.writeFieldName(bridge.inRoleId());
            json.writeNumber(bridge.outRoleId().toString());
        }
        json.writeEndObject();
        json.writeEndObject();
    }

    private static void writeBeta(JsonGenerator json, BetaServer server) throws IOException {
        json.writeStartObject();
        json.writeStringField("guild_id", server.guildId());
        json.writeStringField("added_at", DateTimeFormatter.ISO_INSTANT.format(server.addedAt()));
        json.writeStringField("added_by", server.addedBy());
        json.writeEndObject();
    }
}
