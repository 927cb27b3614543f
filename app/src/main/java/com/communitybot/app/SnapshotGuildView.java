package com.communitybot.app;

import com.communitybot.app.json.FieldNames;
import com.communitybot.app.json.JsonPath;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import com.communitybot.discord.members.GuildMembers;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live view read from a guild snapshot file (contract 3), for running without Discord. The file is
 * checked for changes every {@value #POLL_MILLIS} ms and re-read when it changes; a change that cannot be
 * read leaves the last good view in place and is logged once.
 */
public final class SnapshotGuildView implements GuildView, AutoCloseable {

    static final long POLL_MILLIS = 500;
    private static final Logger LOG = LoggerFactory.getLogger(SnapshotGuildView.class);
    private static final String MUST_BE_STRING = "must be a string";
    /**
     * Without Jackson's duplicate detection: {@link FieldNames} refuses a repeated field name as it does, at a
     * fraction of its cost for a million members.
     */
    private static final JsonFactory JSON = new JsonFactory();

    /** A malformed snapshot file; the message names what is wrong and where. */
    public static final class InvalidSnapshotException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** Whether the message already names the file. */
        private final boolean whole;

        InvalidSnapshotException(String message) {
            this(message, false);
        }

        InvalidSnapshotException(String message, boolean whole) {
            super(message);
            this.whole = whole;
        }
    }

    /** A guild's roles, and its members in the compact index the Discord view uses too. */
    private record GuildData(List<Role> roles, GuildMembers members) {}

    /** What identifies one version of the file, so an unchanged file is not parsed again. */
    private record Version(Object fileKey, long modified, long size) {}

    private final Path file;
    private final ScheduledExecutorService poller;
    private volatile Map<GuildId, GuildData> guilds;
    private Version version;
    private Version failedVersion;

    private SnapshotGuildView(Path file) {
        this.file = file;
        this.version = version(file);
        this.guilds = read(file);
        this.poller = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "guild-snapshot-watcher");
            thread.setDaemon(true);
            return thread;
        });
        poller.scheduleWithFixedDelay(this::reloadIfChanged, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * Reads {@code file} and keeps watching it.
     *
     * @throws InvalidSnapshotException when the file is missing or malformed
     */
    public static SnapshotGuildView watch(Path file) {
        return new SnapshotGuildView(file);
    }

    /** The number of guilds in the current view. */
    public int guildCount() {
        return guilds.size();
    }

    @Override
    public boolean contains(GuildId guild) {
        return guilds.containsKey(guild);
    }

    @Override
    public Optional<List<Role>> roles(GuildId guild) {
        return Optional.ofNullable(guilds.get(guild)).map(GuildData::roles);
    }

    @Override
    public Optional<Member> member(GuildId guild, UserId user) {
        GuildData data = guilds.get(guild);
        return data == null ? Optional.empty() : data.members().member(user);
    }

    /** The members of the snapshot read when this is called; a re-read file replaces them by new ones. */
    @Override
    public Optional<Members> members(GuildId guild) {
        return Optional.ofNullable(guilds.get(guild)).map(GuildData::members);
    }

    @Override
    public void close() {
        poller.shutdownNow();
    }

    private void reloadIfChanged() {
        try {
            Version current = version(file);
            if (current.equals(version) || current.equals(failedVersion)) {
                return;
            }
            try {
                Map<GuildId, GuildData> fresh = read(file);
                guilds = fresh;
                version = current;
                failedVersion = null;
                LOG.info("Guild snapshot {} reloaded: {} guilds", file, fresh.size());
            } catch (InvalidSnapshotException e) {
                failedVersion = current;
                LOG.warn("{}; keeping the last good view", e.getMessage());
            }
        } catch (InvalidSnapshotException e) {
            if (failedVersion == null) {
                LOG.warn("{}; keeping the last good view", e.getMessage());
                failedVersion = new Version(null, -1, -1);
            }
        } catch (RuntimeException e) {
            LOG.warn("Guild snapshot {} could not be checked for changes: {}", file, e.toString());
        }
    }

    private static Version version(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return new Version(
                    attributes.fileKey(), attributes.lastModifiedTime().toMillis(), attributes.size());
        } catch (IOException e) {
            throw new InvalidSnapshotException("Guild snapshot " + file + " cannot be read: " + e);
        }
    }

    private static Map<GuildId, GuildData> read(Path file) {
        // Streamed, not read whole first: a million members' file is larger than the heap a million members' view
        // needs (BENCHMARKS.md, "Member view").
        try (InputStream in = Files.newInputStream(file);
                JsonParser parser = JSON.createParser(in)) {
            try {
                return snapshot(parser);
            } catch (JsonProcessingException e) {
                throw new InvalidSnapshotException(
                        "Guild snapshot " + file + " is " + JsonPath.notValidJson(e, parser), true);
            }
        } catch (IOException e) {
            throw new InvalidSnapshotException("Guild snapshot " + file + " cannot be read: " + e);
        } catch (InvalidSnapshotException e) {
            throw e.whole ? e : new InvalidSnapshotException("Guild snapshot " + file + ": " + e.getMessage());
        }
    }

    /**
     * Reads the file as a token stream, like the data file, so that every fault is named by the parser's own
     * path ({@link JsonPath}); unknown fields are skipped whatever they hold.
     */
    private static Map<GuildId, GuildData> snapshot(JsonParser parser) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new InvalidSnapshotException("must be a JSON object with a \"guilds\" array");
        }
        Map<GuildId, GuildData> guilds = new HashMap<>();
        boolean listed = false;
        FieldNames others = null;
        for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
            if (key.equals("guilds")) {
                FieldNames.value(parser, listed, key);
                if (parser.currentToken() != JsonToken.START_ARRAY) {
                    throw fault(parser, "must be an array");
                }
                eachObject(parser, () -> guild(parser, guilds));
                listed = true;
            } else {
                others = FieldNames.skipValue(others, parser, key);
            }
        }
        if (!listed) {
            throw new InvalidSnapshotException(
                    JsonPath.field(parser.getParsingContext(), "guilds") + ": must be an array");
        }
        JsonToken trailing = parser.nextToken();
        if (trailing != null) {
            throw new JsonParseException(
                    parser,
                    "Trailing token (of type " + trailing + ") found after the snapshot's object",
                    parser.currentTokenLocation());
        }
        return Map.copyOf(guilds);
    }

    private static void guild(JsonParser parser, Map<GuildId, GuildData> guilds) throws IOException {
        Long id = null;
        String idAt = null;
        List<Role> roles = new ArrayList<>();
        GuildMembers indexed = null;
        List<MemberEntry> early = new ArrayList<>();
        boolean rolesRead = false;
        boolean membersRead = false;
        FieldNames others = null;
        for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
            switch (key) {
                case "guild_id" -> {
                    id = id(FieldNames.value(parser, id != null, key));
                    idAt = JsonPath.of(parser.getParsingContext());
                }
                case "roles" -> {
                    eachObject(FieldNames.value(parser, rolesRead, key), () -> roles.add(role(parser)));
                    rolesRead = true;
                }
                case "members" -> {
                    FieldNames.value(parser, membersRead, key);
                    // Indexed as read when the guild's id came first, as it does in the contract's example;
                    // kept aside until the id comes otherwise.
                    GuildMembers into = id == null ? null : new GuildMembers(id);
                    eachObject(parser, () -> {
                        MemberEntry member = member(parser);
                        if (into == null) {
                            early.add(member);
                        } else {
                            into.put(member.userId(), member.name(), member.avatar());
                        }
                    });
                    indexed = into;
                    membersRead = true;
                }
                default -> others = FieldNames.skipValue(others, parser, key);
            }
        }
        GuildId guild = new GuildId(required(parser, id, "guild_id", MUST_BE_STRING));
        if (indexed == null) {
            indexed = new GuildMembers(guild.value(), early.size());
            for (MemberEntry member : early) {
                indexed.put(member.userId(), member.name(), member.avatar());
            }
        }
        indexed.trim();
        if (guilds.put(guild, new GuildData(List.copyOf(roles), indexed)) != null) {
            throw new InvalidSnapshotException(idAt + ": guild " + guild + " is listed twice");
        }
    }

    private static Role role(JsonParser parser) throws IOException {
        Long id = null;
        String name = null;
        Long color = null;
        Long position = null;
        FieldNames others = null;
        for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
            switch (key) {
                case "role_id" -> id = id(FieldNames.value(parser, id != null, key));
                case "role_name" -> name = text(FieldNames.value(parser, name != null, key));
                case "color" -> color = integer(FieldNames.value(parser, color != null, key), Role.MAX_COLOR);
                case "position" ->
                    position = integer(FieldNames.value(parser, position != null, key), Role.MAX_POSITION);
                default -> others = FieldNames.skipValue(others, parser, key);
            }
        }
        return new Role(
                new RoleId(required(parser, id, "role_id", MUST_BE_STRING)),
                required(parser, name, "role_name", MUST_BE_STRING),
                required(parser, color, "color", range(Role.MAX_COLOR)),
                (int) (long) required(parser, position, "position", range(Role.MAX_POSITION)));
    }

    /** A member as the file lists it; a later entry of the same user replaces an earlier one. */
    private record MemberEntry(long userId, String name, String avatar) {}

    private static MemberEntry member(JsonParser parser) throws IOException {
        Long id = null;
        String name = null;
        String avatar = null;
        FieldNames others = null;
        for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
            switch (key) {
                case "user_id" -> id = id(FieldNames.value(parser, id != null, key));
                case "username" -> name = text(FieldNames.value(parser, name != null, key));
                case "avatar" -> avatar = text(FieldNames.value(parser, avatar != null, key));
                default -> others = FieldNames.skipValue(others, parser, key);
            }
        }
        return new MemberEntry(
                required(parser, id, "user_id", MUST_BE_STRING),
                required(parser, name, "username", MUST_BE_STRING),
                required(parser, avatar, "avatar", MUST_BE_STRING));
    }

    private interface Element {
        void read() throws IOException;
    }

    /** Reads each element of the array at the current token, each of which must be an object; null is empty. */
    private static void eachObject(JsonParser parser, Element element) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_NULL) {
            return;
        }
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw fault(parser, "must be an array");
        }
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                throw fault(parser, "must be an object");
            }
            element.read();
        }
    }

    private static String text(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            throw fault(parser, MUST_BE_STRING);
        }
        return parser.getText();
    }

    private static long id(JsonParser parser) throws IOException {
        return U64.tryParse(text(parser))
                .orElseThrow(() -> fault(parser, "must be the decimal string of an unsigned 64-bit integer"))
                .bits();
    }

    private static long integer(JsonParser parser, long max) throws IOException {
        Optional<U64> value =
                parser.currentToken() == JsonToken.VALUE_NUMBER_INT ? U64.tryParse(parser.getText()) : Optional.empty();
        if (value.isEmpty() || Long.compareUnsigned(value.get().bits(), max) > 0) {
            throw fault(parser, range(max));
        }
        return value.get().bits();
    }

    private static String range(long max) {
        return "must be an integer from 0 to " + max;
    }

    /** {@code value}, read from a field of the object the parser has just closed, which must not be missing. */
    private static <T> T required(JsonParser parser, T value, String field, String message) {
        if (value == null) {
            throw new InvalidSnapshotException(JsonPath.field(parser.getParsingContext(), field) + ": " + message);
        }
        return value;
    }

    private static InvalidSnapshotException fault(JsonParser parser, String message) {
        return new InvalidSnapshotException(JsonPath.of(parser.getParsingContext()) + ": " + message);
    }

    @Override
    public String toString() {
        return "guild snapshot " + file;
    }
}
