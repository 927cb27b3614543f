package com.communitybot.app.movein;

import com.communitybot.app.json.JsonPath;
import com.communitybot.app.movein.PeerFormat.Fields;
import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.core.usecase.LevelCurve;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Loads another bot's export into the level records of one guild (docs/moving-in.md): one transaction, all
 * or nothing, and a file with any error imports nothing, with a message that names the file and the record
 * at fault. Files are read as token streams, a record at a time, and written in chunks, so a guild of a
 * million members needs no more memory than the set of its user ids.
 */
public final class PeerImport {

    /** Records checked against the store and written at a time. */
    static final int CHUNK = 1000;

    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static final String U64_RANGE = " must be an integer from 0 to 18446744073709551615";

    private final StoreTransfer store;

    public PeerImport(StoreTransfer store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    /**
     * What to import where.
     *
     * @param guild   the guild whose level records the files become
     * @param format  the files' format
     * @param curve   gives the level of each record when the format carries none
     * @param replace whether the guild's existing level records are deleted first; without it, a user who
     *                already has a record in the guild fails the import
     * @param files   the files, read in this order
     */
    public record Request(GuildId guild, PeerFormat format, LevelCurve curve, boolean replace, List<Path> files) {
        public Request {
            Objects.requireNonNull(guild, "guild");
            Objects.requireNonNull(format, "format");
            Objects.requireNonNull(curve, "curve");
            files = List.copyOf(files);
        }
    }

    /**
     * Imports the request's files.
     *
     * @throws InvalidInputException when a file breaks a rule; nothing is stored then
     * @throws UncheckedIOException  when a file cannot be read; its message names the file
     */
    public PeerImportResult importFiles(Request request) {
        AtomicReference<PeerImportResult> result = new AtomicReference<>();
        store.importAtomically(batch -> {
            Writer writer = new Writer(request, batch);
            long replaced = request.replace() ? batch.deleteGuildLevels(request.guild()) : 0;
            Set<String> notCarriedOver = new LinkedHashSet<>();
            for (Path file : request.files()) {
                readFile(file, request.format(), writer, notCarriedOver);
            }
            writer.flush();
            result.set(new PeerImportResult(
                    request, writer.records, replaced, writer.levelsKeptAgainstCurve, List.copyOf(notCarriedOver)));
        });
        return result.get();
    }

    private static void readFile(Path file, PeerFormat format, Writer writer, Set<String> notCarriedOver) {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
                JsonParser parser = JSON.createParser(in)) {
            FileReader reader = new FileReader(file, parser, format, writer, notCarriedOver);
            try {
                reader.read();
            } catch (JsonProcessingException e) {
                throw reader.fault(JsonPath.notValidJson(e, parser));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** Checks each record against the import's rules and writes it, a chunk at a time. */
    private static final class Writer {
        private final Request request;
        private final StoreTransfer.ImportBatch batch;
        private final Set<Long> users = new HashSet<>();
        private final List<Pending> pending = new ArrayList<>();
        private long records;
        private long levelsKeptAgainstCurve;

        /** A record not written yet, and where it was read: {@code file: players[3] (id "1")}. */
        private record Pending(String where, UserId user, LevelRecord record) {}

        /**
         * Whether each chunk's ids must be looked up in the store: without --replace, and only when the guild
         * has records at the start (an import into a guild of none, the usual move-in, spares the lookups).
         */
        private final boolean lookUpExisting;

        Writer(Request request, StoreTransfer.ImportBatch batch) {
            this.request = request;
            this.batch = batch;
            this.lookUpExisting = !request.replace() && batch.hasLevels(request.guild());
        }

        /**
         * One record read at {@code where} (the file and the record in it); {@code level} is null when the
         * format carries none. The record may be checked against the store and written later, while another
         * file is read, so every fault names its own file.
         */
        void add(String where, String userText, U64 xp, U64 level) {
            UserId user = UserId.parse(userText)
                    .filter(id -> id.value() != 0)
                    .orElseThrow(() -> new InvalidInputException(
                                    "not a user id (a user id is a positive unsigned 64-bit decimal integer)")
                            .at(where));
            if (!users.add(user.value())) {
                throw new InvalidInputException("user " + user + " appears more than once in the import").at(where);
            }
            U64 recordLevel = level;
            if (recordLevel == null) {
                recordLevel = request.curve().levelFor(xp);
            } else if (request.format().levelOffItsCurve(xp, level)) {
                levelsKeptAgainstCurve++;
            }
            pending.add(new Pending(
                    where, user, new LevelRecord(LevelRecord.idOf(request.guild(), user), xp, recordLevel)));
            records++;
            if (pending.size() >= CHUNK) {
                flush();
            }
        }

        /** Refuses users the guild already has (without --replace), then writes the pending records. */
        void flush() {
            if (pending.isEmpty()) {
                return;
            }
            if (lookUpExisting) {
                Set<String> existing = batch.existingLevelIds(
                        pending.stream().map(p -> p.record().id()).toList());
                for (Pending p : pending) {
                    if (existing.contains(p.record().id())) {
                        throw new InvalidInputException(
                                        "guild " + request.guild() + " already has a level record for user " + p.user()
                                                + " (--replace replaces all of the guild's level records)")
                                .at(p.where());
                    }
                }
            }
            pending.forEach(p -> batch.putLevel(p.record()));
            pending.clear();
        }
    }

    /**
     * Reads one file of one format, token by token, handing each record to the writer as it is read: the parts
     * that {@link PeerFormat#read} puts together for its format.
     */
    private static final class FileReader implements PeerFormat.Reader {
        private final Path file;
        private final JsonParser parser;
        private final PeerFormat format;
        private final Writer writer;
        private final Set<String> notCarriedOver;
        /** The record being read, for messages; empty between records. */
        private String where = "";

        FileReader(Path file, JsonParser parser, PeerFormat format, Writer writer, Set<String> notCarriedOver) {
            this.file = file;
            this.parser = parser;
            this.format = format;
            this.writer = writer;
            this.notCarriedOver = notCarriedOver;
        }

        @Override
        public InvalidInputException fault(String message) {
            InvalidInputException fault = new InvalidInputException(message);
            return (where.isEmpty() ? fault : fault.at(where)).at(file.toString());
        }

        void read() throws IOException {
            format.read(this, parser.nextToken());
            if (parser.nextToken() != null) {
                throw fault("unexpected content after the file's JSON value");
            }
        }

        @Override
        public void topObject(
                JsonToken first,
                String shape,
                String records,
                Map<String, String> labels,
                Set<String> quiet,
                PeerFormat.Part readRecords)
                throws IOException {
            if (first != JsonToken.START_OBJECT) {
                throw fault(shape);
            }
            boolean found = false;
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                if (key.equals(records)) {
                    found = true;
                    readRecords.read();
                } else if (quiet.contains(key)) {
                    parser.skipChildren();
                } else if (holdsSomething()) {
                    notCarriedOver.add(labels.getOrDefault(key, key));
                }
            }
            if (!found) {
                throw fault(shape);
            }
        }

        @Override
        public void array(String list, Fields fields) throws IOException {
            if (parser.currentToken() != JsonToken.START_ARRAY) {
                throw fault(list + " must be an array");
            }
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                where = JsonPath.of(parser.getParsingContext());
                if (parser.currentToken() != JsonToken.START_OBJECT) {
                    parser.skipChildren();
                    throw fault("must be an object");
                }
                record(list + "[]", null, fields);
            }
        }

        @Override
        public void keyedRecords(String list, Fields fields) throws IOException {
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                throw fault(list + " must be an object whose keys are user ids");
            }
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                where = list + "[\"" + key + "\"]";
                if (parser.nextToken() != JsonToken.START_OBJECT) {
                    parser.skipChildren();
                    throw fault("must be an object");
                }
                record(list + "[]", key, fields);
            }
        }

        /** Reads the record object the parser is at, and hands it to the writer. */
        private void record(String list, String keyId, Fields fields) throws IOException {
            String id = keyId;
            U64 xp = null;
            U64 level = null;
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                parser.nextToken();
                if (key.equals(fields.idKey())) {
                    id = string(key);
                    where = where + " (" + key + " \"" + id + "\")";
                } else if (key.equals("xp")) {
                    xp = u64(key);
                } else if (fields.level() && key.equals("level")) {
                    level = u64(key);
                } else if (key.equals(fields.guildKey())) {
                    String guild = string(key);
                    if (!GuildId.parse(guild).equals(Optional.of(writer.request.guild()))) {
                        throw fault(key + " \"" + guild + "\" is not the guild of --guild, " + writer.request.guild());
                    }
                } else if (fields.quiet().contains(key)) {
                    parser.skipChildren();
                } else if (holdsSomething()) {
                    notCarriedOver.add(fields.labels().getOrDefault(key, list + "." + key));
                }
            }
            if (id == null) {
                throw fault(fields.idKey() + " is required");
            }
            if (xp == null) {
                throw fault("xp is required");
            }
            if (fields.level() && level == null) {
                throw fault("level is required");
            }
            writer.add(file + ": " + where, id, xp, level);
            where = "";
        }

        /** Skips the value at the parser; whether it held anything (not null, false, 0, "", [] or {}). */
        private boolean holdsSomething() throws IOException {
            JsonToken token = parser.currentToken();
            if (token == JsonToken.VALUE_NULL || token == JsonToken.VALUE_FALSE) {
                return false;
            }
            if (token.isNumeric()) {
                return parser.getDecimalValue().signum() != 0;
            }
            if (token == JsonToken.VALUE_STRING) {
                return !parser.getText().isEmpty();
            }
            if (!token.isStructStart()) {
                return true;
            }
            JsonToken next = parser.nextToken();
            if (next == null || next.isStructEnd()) {
                return false;
            }
            while (next != null && !next.isStructEnd()) {
                if (next.isStructStart()) {
                    parser.skipChildren();
                }
                next = parser.nextToken();
            }
            return true;
        }

        private String string(String field) throws IOException {
            if (parser.currentToken() != JsonToken.VALUE_STRING) {
                parser.skipChildren();
                throw fault(field + " must be a string");
            }
            return parser.getText();
        }

        private U64 u64(String field) throws IOException {
            if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT) {
                var parsed = U64.tryParse(parser.getText());
                if (parsed.isPresent()) {
                    return parsed.get();
                }
            }
            parser.skipChildren();
            throw fault(field + U64_RANGE);
        }
    }
}
