package com.communitybot.app.datafile;

import com.communitybot.app.json.JsonPath;
import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.json.TrackLevelRoleParser;
import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.StoreTransfer;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Imports a data file (contract 4) into the store: one transaction, upserts by key, and a file with any
 * error imports nothing, with a message that names the record at fault. The file is read as a token
 * stream, one record at a time, so its size is bounded by the store, not by memory.
 */
public final class DataFileImport {

    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private final StoreTransfer store;

    public DataFileImport(StoreTransfer store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    /**
     * Imports the file read from {@code in}.
     *
     * @throws InvalidInputException when the file breaks a rule; nothing is stored then
     * @throws UncheckedIOException  when the file cannot be read
     */
    public DataFileCounts importFrom(InputStream in) {
        AtomicReference<DataFileCounts> counts = new AtomicReference<>();
        store.importAtomically(batch -> {
            try (JsonParser parser = JSON.createParser(in)) {
                Reader reader = new Reader(parser, batch);
                try {
                    reader.file();
                } catch (JsonProcessingException e) {
                    throw reader.fault(JsonPath.notValidJson(e, parser));
                } catch (CharConversionException e) {
                    // Bytes that are no text in the encoding Jackson detected (UTF-8, -16 or -32): the file is
                    // at fault, not the disk, so it is refused like any other text that is not JSON.
                    throw reader.fault("not valid JSON: " + e.getMessage());
                }
                counts.set(reader.counts());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return counts.get();
    }

    /**
     * Reads the file token by token and hands each record to the batch as soon as it is read. Where a record
     * is comes from the parser's context: its list's context holds, as its current value, the record being
     * read or just read ({@code levels[1] (id "1:2")}), so a fault anywhere inside it or just after it names it.
     */
    private static final class Reader {
        private static final String U64_RANGE = " must be an integer from 0 to 18446744073709551615";

        private final JsonParser parser;
        private final StoreTransfer.ImportBatch batch;
        private long levels;
        private long guilds;
        private long tracks;
        private long bridges;
        private long betaServers;

        Reader(JsonParser parser, StoreTransfer.ImportBatch batch) {
            this.parser = parser;
            this.batch = batch;
        }

        DataFileCounts counts() {
            return new DataFileCounts(levels, guilds, tracks, bridges, betaServers);
        }

        void file() throws IOException {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new InvalidInputException("a data file must be a JSON object");
            }
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                switch (key) {
                    case "levels" -> eachRecord(key, this::level);
                    case "guild_settings" -> eachRecord(key, this::guildSettings);
                    case "beta_servers" -> eachRecord(key, this::betaServer);
                    default ->
                        throw new InvalidInputException("unknown top-level key \"" + key
                                + "\": a data file has levels, guild_settings and beta_servers");
                }
            }
            if (parser.nextToken() != null) {
                throw new InvalidInputException("unexpected content after the data file's object");
            }
        }

        private interface Part {
            void read() throws IOException;
        }

        private void eachRecord(String list, Part record) throws IOException {
            if (parser.currentToken() == JsonToken.VALUE_NULL) {
                return;
            }
            if (parser.currentToken() != JsonToken.START_ARRAY) {
                throw new InvalidInputException(list + " must be an array");
            }
            JsonStreamContext records = parser.getParsingContext();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                records.setCurrentValue(JsonPath.of(records));
                if (parser.currentToken() != JsonToken.START_OBJECT) {
                    throw fault("must be an object");
                }
                record.read();
            }
        }

        /** Adds the key that names the record being read to where it is, for the faults that follow. */
        private void namedBy(String field, String value) {
            JsonStreamContext records = parser.getParsingContext().getParent();
            records.setCurrentValue(records.getCurrentValue() + " (" + field + " \"" + value + "\")");
        }

        /** The record being read or just read; empty outside the lists. */
        private String where() {
            for (JsonStreamContext c = parser.getParsingContext(); c != null; c = c.getParent()) {
                if (c.getCurrentValue() instanceof String record) {
                    return record;
                }
            }
            return "";
        }

        /** {@code message}, prefixed with the record being read or just read, if any. */
        InvalidInputException fault(String message) {
            String where = where();
            return where.isEmpty() ? new InvalidInputException(message) : new InvalidInputException(message).at(where);
        }

        private void level() throws IOException {
            String id = null;
            U64 xp = null;
            U64 level = null;
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                switch (key) {
                    case "id" -> {
                        id = string();
                        namedBy("id", id);
                    }
                    case "xp" -> xp = u64();
                    case "level" -> level = u64();
                    default -> parser.skipChildren();
                }
            }
            batch.putLevel(new LevelRecord(required(id, "id"), required(xp, "xp"), required(level, "level")));
            levels++;
        }

        private void guildSettings() throws IOException {
            GuildId guild = null;
            // The guild id may come after the settings, so they are checked first and written once it is known.
            List<LevelTrack> guildTracks = new ArrayList<>();
            List<LevelBridge> guildBridges = new ArrayList<>();
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                switch (key) {
                    case "guild_id" -> {
                        String text = string();
                        guild = GuildId.parse(text)
                                .orElseThrow(() -> fault("guild_id must be an unsigned 64-bit integer"));
                        namedBy("guild_id", text);
                    }
                    case "level_role_stack" -> eachMember(name -> guildTracks.add(track(name)));
                    case "level_up_role_mapper" -> eachMember(in -> guildBridges.add(bridge(in)));
                    default -> parser.skipChildren();
                }
            }
            GuildId id = required(guild, "guild_id");
            guildTracks.forEach(track -> batch.putTrack(id, track));
            guildBridges.forEach(bridge -> batch.putBridge(id, bridge));
            guilds++;
            tracks += guildTracks.size();
            bridges += guildBridges.size();
        }

        private LevelTrack track(String name) throws IOException {
            try {
                return new LevelTrack(name, TrackLevelRoleParser.readList(parser));
            } catch (InvalidInputException e) {
                throw e.at(where() + ".level_role_stack[\"" + name + "\"]");
            }
        }

        private LevelBridge bridge(String in) throws IOException {
            JsonToken token = parser.currentToken();
            if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_STRING) {
                var out = U64.tryParse(parser.getText());
                if (out.isPresent()) {
                    return new LevelBridge(in, new RoleId(out.get().bits()));
                }
            }
            parser.skipChildren();
            throw fault("level_up_role_mapper[\"" + in + "\"] must be an unsigned 64-bit integer");
        }

        private interface Member {
            void read(String key) throws IOException;
        }

        private void eachMember(Member member) throws IOException {
            if (parser.currentToken() == JsonToken.VALUE_NULL) {
                return;
            }
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                String field = parser.currentName();
                parser.skipChildren();
                throw fault(field + " must be an object");
            }
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                member.read(key);
            }
        }

        private void betaServer() throws IOException {
            String guildId = null;
            Instant addedAt = null;
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                switch (key) {
                    case "guild_id" -> {
                        guildId = string();
                        namedBy("guild_id", guildId);
                    }
                    case "added_at" -> addedAt = timestamp(string());
                    case "added_by" -> string();
                    default -> parser.skipChildren();
                }
            }
            batch.putBetaServer(new BetaServer(required(guildId, "guild_id"), required(addedAt, "added_at")));
            betaServers++;
        }

        private Instant timestamp(String text) {
            try {
                return OffsetDateTime.parse(text).toInstant();
            } catch (DateTimeParseException e) {
                throw fault("added_at must be an RFC 3339 timestamp, such as 2026-01-01T00:00:00Z");
            }
        }

        /** The string value of the field at the current token. */
        private String string() throws IOException {
            if (parser.currentToken() != JsonToken.VALUE_STRING) {
                String field = parser.currentName();
                parser.skipChildren();
                throw fault(field + " must be a string");
            }
            return parser.getText();
        }

        /** The unsigned 64-bit integer value of the field at the current token. */
        private U64 u64() throws IOException {
            if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT) {
                var parsed = U64.tryParse(parser.getText());
                if (parsed.isPresent()) {
                    return parsed.get();
                }
            }
            String field = parser.currentName();
            parser.skipChildren();
            throw fault(field + U64_RANGE);
        }

        private <T> T required(T value, String field) {
            if (value == null) {
                throw fault(field + " is required");
            }
            return value;
        }
    }
}
