package com.communitybot.app.datafile;

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
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Imports a data file (contract 4) into the store: one transaction, upserts by key, and a file with any
 * error imports nothing, with a message that names the record at fault. The file is read as a stream,
 * so its size is bounded by the store, not by memory.
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
        Reader reader = new Reader();
        store.importAtomically(batch -> {
            try (JsonParser parser = JSON.createParser(in)) {
                reader.read(parser, batch);
            } catch (JsonProcessingException e) {
                throw new InvalidInputException(reader.where() + "not valid JSON: " + e.getOriginalMessage()
                        + " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return reader.counts();
    }

    /** Reads the file token by token; {@link #where()} names the record being read. */
    private static final class Reader {
        private String where = "";
        private long levels;
        private long guilds;
        private long tracks;
        private long bridges;
        private long betaServers;

        String where() {
            return where.isEmpty() ? "" : where + ": ";
        }

        DataFileCounts counts() {
            return new DataFileCounts(levels, guilds, tracks, bridges, betaServers);
        }

        void read(JsonParser parser, StoreTransfer.ImportBatch batch) throws IOException {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new InvalidInputException("a data file must be a JSON object");
            }
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                switch (key) {
                    case "levels" -> eachElement(parser, "levels", () -> level(parser, batch));
                    case "guild_settings" -> eachElement(parser, "guild_settings", () -> guildSettings(parser, batch));
                    case "beta_servers" -> eachElement(parser, "beta_servers", () -> betaServer(parser, batch));
                    default -> throw new InvalidInputException("unknown top-level key \"" + key
                            + "\": a data file has levels, guild_settings and beta_servers");
                }
            }
            where = "";
            if (parser.nextToken() != null) {
                throw new InvalidInputException("unexpected content after the data file's object");
            }
        }

        private interface Element {
            void read() throws IOException;
        }

        private void eachElement(JsonParser parser, String list, Element element) throws IOException {
            if (parser.currentToken() == JsonToken.VALUE_NULL) {
                return;
            }
            if (parser.currentToken() != JsonToken.START_ARRAY) {
                throw new InvalidInputException(list + " must be an array");
            }
            int index = 0;
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                where = list + "[" + index + "]";
                if (parser.currentToken() != JsonToken.START_OBJECT) {
                    throw fault("must be an object");
                }
                element.read();
                index++;
            }
            where = "";
        }

        private void level(JsonParser parser, StoreTransfer.ImportBatch batch) throws IOException {
            String id = null;
            U64 xp = null;
            U64 level = null;
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                JsonToken value = parser.nextToken();
                switch (key) {
                    case "id" -> {
                        id = string(parser, value, "id");
                        where = where + " (id \"" + id + "\")";
                    }
                    case "xp" -> xp = u64(parser, value, "xp");
                    case "level" -> level = u64(parser, value, "level");
                    default -> parser.skipChildren();
                }
            }
            batch.putLevel(new LevelRecord(required(id, "id"), required(xp, "xp"), required(level, "level")));
            levels++;
        }

        private void guildSettings(JsonParser parser, StoreTransfer.ImportBatch batch) throws IOException {
            GuildId guild = null;
            String record = where;
            // The guild id may come after the settings, so they are checked first and written once it is known.
            List<LevelTrack> guildTracks = new ArrayList<>();
            List<LevelBridge> guildBridges = new ArrayList<>();
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                JsonToken value = parser.nextToken();
                switch (key) {
                    case "guild_id" -> {
                        String text = string(parser, value, "guild_id");
                        guild = GuildId.parse(text).orElseThrow(() -> fault("guild_id must be an unsigned 64-bit integer"));
                        where = record + " (guild_id \"" + text + "\")";
                    }
                    case "level_role_stack" -> eachMember(parser, value, "level_role_stack", name -> {
                        try {
                            guildTracks.add(new LevelTrack(name, TrackLevelRoleParser.readList(parser)));
                        } catch (InvalidInputException e) {
                            throw e.at(where + ".level_role_stack[\"" + name + "\"]");
                        }
                    });
                    case "level_up_role_mapper" -> eachMember(parser, value, "level_up_role_mapper", in -> {
                        U64 out = outRole(parser, in);
                        guildBridges.add(new LevelBridge(in, new RoleId(out.bits())));
                    });
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

        private U64 outRole(JsonParser parser, String in) throws IOException {
            JsonToken token = parser.currentToken();
            if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_STRING) {
                var out = U64.tryParse(parser.getText());
                if (out.isPresent()) {
                    return out.get();
                }
            }
            parser.skipChildren();
            throw fault("level_up_role_mapper[\"" + in + "\"] must be an unsigned 64-bit integer");
        }

        private interface Member {
            void read(String key) throws IOException;
        }

        private void eachMember(JsonParser parser, JsonToken value, String field, Member member)
                throws IOException {
            if (value == JsonToken.VALUE_NULL) {
                return;
            }
            if (value != JsonToken.START_OBJECT) {
                parser.skipChildren();
                throw fault(field + " must be an object");
            }
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                member.read(key);
            }
        }

        private void betaServer(JsonParser parser, StoreTransfer.ImportBatch batch) throws IOException {
            String guildId = null;
            Instant addedAt = null;
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                JsonToken value = parser.nextToken();
                switch (key) {
                    case "guild_id" -> {
                        guildId = string(parser, value, "guild_id");
                        where = where + " (guild_id \"" + guildId + "\")";
                    }
                    case "added_at" -> addedAt = timestamp(string(parser, value, "added_at"));
                    case "added_by" -> string(parser, value, "added_by");
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

        private String string(JsonParser parser, JsonToken value, String field) throws IOException {
            if (value != JsonToken.VALUE_STRING) {
                parser.skipChildren();
                throw fault(field + " must be a string");
            }
            return parser.getText();
        }

        private U64 u64(JsonParser parser, JsonToken value, String field) throws IOException {
            if (value == JsonToken.VALUE_NUMBER_INT) {
                var parsed = U64.tryParse(parser.getText());
                if (parsed.isPresent()) {
                    return parsed.get();
                }
            }
            parser.skipChildren();
            throw fault(field + " must be an integer from 0 to 18446744073709551615");
        }

        private <T> T required(T value, String field) {
            if (value == null) {
                throw fault(field + " is required");
            }
            return value;
        }

        private InvalidInputException fault(String message) {
            return new InvalidInputException(message).at(where);
        }
    }
}
