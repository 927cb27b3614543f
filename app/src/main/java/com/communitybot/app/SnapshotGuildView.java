package com.communitybot.app;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
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
    private static final ObjectReader JSON = new ObjectMapper().reader()
            .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

    /** A malformed snapshot file; the message names what is wrong and where. */
    public static final class InvalidSnapshotException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InvalidSnapshotException(String message) {
            super(message);
        }
    }

    private record GuildData(List<Role> roles, Map<UserId, Member> members) {
    }

    /** What identifies one version of the file, so an unchanged file is not parsed again. */
    private record Version(Object fileKey, long modified, long size) {
    }

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
        return Optional.ofNullable(guilds.get(guild)).map(g -> g.members().get(user));
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
            return new Version(attributes.fileKey(), attributes.lastModifiedTime().toMillis(), attributes.size());
        } catch (IOException e) {
            throw new InvalidSnapshotException("Guild snapshot " + file + " cannot be read: " + e);
        }
    }

    private static Map<GuildId, GuildData> read(Path file) {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readAllBytes(file));
        } catch (JsonProcessingException e) {
            throw new InvalidSnapshotException("Guild snapshot " + file + " is not valid JSON: " + e.getOriginalMessage()
                    + " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
        } catch (IOException e) {
            throw new InvalidSnapshotException("Guild snapshot " + file + " cannot be read: " + e);
        }
        try {
            return parse(root);
        } catch (InvalidSnapshotException e) {
            throw new InvalidSnapshotException("Guild snapshot " + file + ": " + e.getMessage());
        }
    }

    static Map<GuildId, GuildData> parse(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new InvalidSnapshotException("must be a JSON object with a \"guilds\" array");
        }
        JsonNode guildList = root.get("guilds");
        if (guildList == null || !guildList.isArray()) {
            throw new InvalidSnapshotException("guilds: must be an array");
        }
        Map<GuildId, GuildData> guilds = new HashMap<>();
        for (int g = 0; g < guildList.size(); g++) {
            String where = "guilds[" + g + "]";
            JsonNode guild = object(guildList.get(g), where);
            GuildId id = new GuildId(id(guild, "guild_id", where));
            List<Role> roles = new ArrayList<>();
            JsonNode roleList = array(guild, "roles", where);
            for (int r = 0; r < roleList.size(); r++) {
                String at = where + ".roles[" + r + "]";
                JsonNode role = object(roleList.get(r), at);
                roles.add(new Role(new RoleId(id(role, "role_id", at)), text(role, "role_name", at),
                        integer(role, "color", at, Role.MAX_COLOR), (int) integer(role, "position", at, Role.MAX_POSITION)));
            }
            Map<UserId, Member> members = new HashMap<>();
            JsonNode memberList = array(guild, "members", where);
            for (int m = 0; m < memberList.size(); m++) {
                String at = where + ".members[" + m + "]";
                JsonNode member = object(memberList.get(m), at);
                UserId user = new UserId(id(member, "user_id", at));
                members.put(user, new Member(user, text(member, "username", at), text(member, "avatar", at)));
            }
            if (guilds.put(id, new GuildData(List.copyOf(roles), Map.copyOf(members))) != null) {
                throw new InvalidSnapshotException(where + ".guild_id: guild " + id + " is listed twice");
            }
        }
        return Map.copyOf(guilds);
    }

    private static JsonNode object(JsonNode node, String where) {
        if (node == null || !node.isObject()) {
            throw new InvalidSnapshotException(where + ": must be an object");
        }
        return node;
    }

    private static JsonNode array(JsonNode parent, String field, String where) {
        JsonNode node = parent.get(field);
        if (node == null || node.isNull()) {
            return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
        }
        if (!node.isArray()) {
            throw new InvalidSnapshotException(where + "." + field + ": must be an array");
        }
        return node;
    }

    private static String text(JsonNode parent, String field, String where) {
        JsonNode node = parent.get(field);
        if (node == null || !node.isTextual()) {
            throw new InvalidSnapshotException(where + "." + field + ": must be a string");
        }
        return node.textValue();
    }

    private static long id(JsonNode parent, String field, String where) {
        return com.communitybot.core.model.U64.tryParse(text(parent, field, where))
                .orElseThrow(() -> new InvalidSnapshotException(where + "." + field
                        + ": must be the decimal string of an unsigned 64-bit integer"))
                .bits();
    }

    private static long integer(JsonNode parent, String field, String where, long max) {
        JsonNode node = parent.get(field);
        if (node == null || !node.isIntegralNumber() || node.bigIntegerValue().signum() < 0
                || node.bigIntegerValue().compareTo(java.math.BigInteger.valueOf(max)) > 0) {
            throw new InvalidSnapshotException(where + "." + field + ": must be an integer from 0 to " + max);
        }
        return node.longValue();
    }

    @Override
    public String toString() {
        return "guild snapshot " + file;
    }
}
