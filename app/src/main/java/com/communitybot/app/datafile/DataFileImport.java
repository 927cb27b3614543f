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
                    String where = where(parser.getParsingContext());
                    InvalidInputException invalid = new InvalidInputException(JsonPath.notValidJson(e));
                    throw where.isEmpty() ? invalid : invalid.at(where);
                }
                counts.set(reader.counts());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return counts.get();
    }

    /** Where broken JSON is: the record being read, or just read, in the list it is in; empty outside the lists. */
    private static String where(JsonStreamContext context) {
        for (JsonStreamContext c = context; c != null; c = c.getParent()) {
            if (c.getCurrentValue() instanceof Entry entry) {
                return entry.where();
            }
        }
        return "";
    }

    /**
     * The record being read, an element of one of the file's lists: where it is, from the parser's context,
     * and the key that names it once that is read. It is the current value of its list's context until the
     * next one starts, so that broken JSON inside it, or just after it, names it too.
     */
    private static final class Entry {
        private final String at;
        private String key = "";

        Entry(JsonParser parser) {
            JsonStreamContext list = parser.getParsingContext().getParent();
            this.at = JsonPath.of(list);
            list.setCurrentValue(this);
        }

        void namedBy(String field, String value) {
            key = " (" + field + " \"" + value + "\")";
        }

        String where() {
            return at + key;
        }

        InvalidInputException fault(String message) {
            return new InvalidInputException(message).at(where());
        }
    }

    /** Reads the file token by token, and hands each record to the batch as soon as it is read. */
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
                    case "levels" -> eachEntry(key, this::level);
                    case "guild_settings" -> eachEntry(key, this::guildSettings);
                    case "beta_servers" -> eachEntry(key, this::betaServer);
                    default -> throw new InvalidInputException("unknown top-level key \"" + key
                            + "\": a data file has levels, guild_settings and beta_servers");
                }
            }
            if (parser.nextToken() != null) {
                throw new InvalidInputException("unexpected content after the data file's object");
            }
        }

        private interface EntryReader {
            void read(Entry entry) throws IOException;
        }

        private void eachEntry(String list, EntryReader reader) throws IOException {
            if (parser.currentToken() == JsonToken.VALUE_NULL) {
                return;
            }
            if (parser.currentToken() != JsonToken.START_ARRAY) {
                throw new InvalidInputException(list + " must be an array");
            }
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                if (parser.currentToken() != JsonToken.START_OBJECT) {
                    throw new InvalidInputException("must be an object").at(JsonPath.of(parser.getParsingContext()));
                }
                reader.read(new Entry(parser));
            }
        }

        private void level(Entry entry) throws IOException {
            String id = null;
            U64 xp = null;
            U64 level = null;
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                switch (key) {
                    case "id" -> {
                        id = string(entry);
                        entry.namedBy("id", id);
                    }
                    case "xp" -> xp = u64(entry);
                    case "level" -> level = u64(entry);
                    default -> parser.skipChildren();
                }
            }
            batch.putLevel(new LevelRecord(required(entry, id, "id"), required(entry, xp, "xp"),
                    required(entry, level, "level")));
            levels++;
        }

        private void guildSettings(Entry entry) throws IOException {
            GuildId guild = null;
            // The guild id may come after the settings, so they are checked first and written once it is known.
            List<LevelTrack> guildTracks = new ArrayList<>();
            List<LevelBridge> guildBridges = new ArrayList<>();
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                switch (key) {
                    case "guild_id" -> {
                        String text = string(entry);
                        guild = GuildId.parse(text)
                                .orElseThrow(() -> entry.fault("guild_id must be an unsigned 64-bit integer"));
                        entry.namedBy("guild_id", text);
                    }
                    case "level_role_stack" -> eachMember(entry, name -> guildTracks.add(track(entry, name)));
                    case "level_up_role_mapper" -> eachMember(entry, in -> guildBridges.add(bridge(entry, in)));
                    default -> parser.skipChildren();
                }
            }
            GuildId id = required(entry, guild, "guild_id");
            guildTracks.forEach(track -> batch.putTrack(id, track));
            guildBridges.forEach(bridge -> batch.putBridge(id, bridge));
            guilds++;
            tracks += guildTracks.size();
            bridges += guildBridges.size();
        }

        private LevelTrack track(Entry entry, String name) throws IOException {
            try {
                return new LevelTrack(name, TrackLevelRoleParser.readList(parser));
            } catch (InvalidInputException e) {
                throw e.at(entry.where() + ".level_role_stack[\"" + name + "\"]");
            }
        }

        private LevelBridge bridge(Entry entry, String in) throws IOException {
            JsonToken token = parser.currentToken();
            if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_STRING) {
                var out = U64.tryParse(parser.getText());
                if (out.isPresent()) {
                    return new LevelBridge(in, new RoleId(out.get().bits()));
                }
            }
            parser.skipChildren();
            throw entry.fault("level_up_role_mapper[\"" + in + "\"] must be an unsigned 64-bit integer");
        }

        private interface MemberReader {
            void read(String key) throws IOException;
        }

        private void eachMember(Entry entry, MemberReader member) throws IOException {
            if (parser.currentToken() == JsonToken.VALUE_NULL) {
                return;
            }
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                String field = parser.currentName();
                parser.skipChildren();
                throw entry.fault(field + " must be an object");
            }
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                member.read(key);
            }
        }

        private void betaServer(Entry entry) throws IOException {
            String guildId = null;
            Instant addedAt = null;
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                switch (key) {
                    case "guild_id" -> {
                        guildId = string(entry);
                        entry.namedBy("guild_id", guildId);
                    }
                    case "added_at" -> addedAt = timestamp(entry, string(entry));
                    case "added_by" -> string(entry);
                    default -> parser.skipChildren();
                }
            }
            batch.putBetaServer(new BetaServer(required(entry, guildId, "guild_id"), required(entry, addedAt, "added_at")));
            betaServers++;
        }

        private static Instant timestamp(Entry entry, String text) {
            try {
                return OffsetDateTime.parse(text).toInstant();
            } catch (DateTimeParseException e) {
                throw entry.fault("added_at must be an RFC 3339 timestamp, such as 2026-01-01T00:00:00Z");
            }
        }

        /** The string at the current token, which is the value of a field. */
        private String string(Entry entry) throws IOException {
            if (parser.currentToken() != JsonToken.VALUE_STRING) {
                String field = parser.currentName();
                parser.skipChildren();
                throw entry.fault(field + " must be a string");
            }
            return parser.getText();
        }

        /** The unsigned 64-bit integer at the current token, which is the value of a field. */
        private U64 u64(Entry entry) throws IOException {
            if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT) {
                var parsed = U64.tryParse(parser.getText());
                if (parsed.isPresent()) {
                    return parsed.get();
                }
            }
            String field = parser.currentName();
            parser.skipChildren();
            throw entry.fault(field + U64_RANGE);
        }

        private static <T> T required(Entry entry, T value, String field) {
            if (value == null) {
                throw entry.fault(field + " is required");
            }
            return value;
        }
    }
}
