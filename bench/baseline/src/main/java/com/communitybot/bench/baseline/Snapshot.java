package com.communitybot.bench.baseline;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A guild snapshot file (contract 3) read once at start into plain maps: guild id to its roles, in the file's
 * order, and to a hash map of its members by user id, a later entry of a user replacing an earlier one, as the
 * service's view does. Unknown fields are skipped. Unlike the service, the file is not watched for changes and
 * a fault is named only roughly: this is a yardstick for well-formed files.
 */
final class Snapshot {

    record Role(long id, String name, long color, long position) {}

    record Member(String name, String avatar) {}

    record Guild(List<Role> roles, Map<Long, Member> members) {}

    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private Snapshot() {}

    static Map<Long, Guild> read(Path file) throws IOException {
        Map<Long, Guild> guilds = new HashMap<>();
        try (InputStream in = Files.newInputStream(file);
                JsonParser parser = JSON.createParser(in)) {
            expect(parser, parser.nextToken(), JsonToken.START_OBJECT, "the file");
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                JsonToken value = parser.nextToken();
                if (!key.equals("guilds")) {
                    parser.skipChildren();
                    continue;
                }
                expect(parser, value, JsonToken.START_ARRAY, "guilds");
                while (parser.nextToken() == JsonToken.START_OBJECT) {
                    guild(parser, guilds);
                }
            }
        }
        return guilds;
    }

    private static void guild(JsonParser parser, Map<Long, Guild> guilds) throws IOException {
        Long id = null;
        List<Role> roles = new ArrayList<>();
        Map<Long, Member> members = new HashMap<>();
        for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
            JsonToken value = parser.nextToken();
            switch (key) {
                case "guild_id" -> id = id(parser);
                case "roles" -> {
                    expect(parser, value, JsonToken.START_ARRAY, "roles");
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        roles.add(role(parser));
                    }
                }
                case "members" -> {
                    expect(parser, value, JsonToken.START_ARRAY, "members");
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        member(parser, members);
                    }
                }
                default -> parser.skipChildren();
            }
        }
        if (id == null) {
            throw new IOException("a guild without guild_id at " + parser.currentLocation());
        }
        if (guilds.put(id, new Guild(List.copyOf(roles), members)) != null) {
            throw new IOException("guild " + Long.toUnsignedString(id) + " is listed twice");
        }
    }

    private static Role role(JsonParser parser) throws IOException {
        Long id = null;
        String name = null;
        Long color = null;
        Long position = null;
        for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
            parser.nextToken();
            switch (key) {
                case "role_id" -> id = id(parser);
                case "role_name" -> name = parser.getValueAsString();
                case "color" -> color = parser.getLongValue();
                case "position" -> position = parser.getLongValue();
                default -> parser.skipChildren();
            }
        }
        if (id == null || name == null || color == null || position == null) {
            throw new IOException(
                    "a role without role_id, role_name, color or position at " + parser.currentLocation());
        }
        return new Role(id, name, color, position);
    }

    private static void member(JsonParser parser, Map<Long, Member> members) throws IOException {
        Long id = null;
        String name = null;
        String avatar = null;
        for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
            parser.nextToken();
            switch (key) {
                case "user_id" -> id = id(parser);
                case "username" -> name = parser.getValueAsString();
                case "avatar" -> avatar = parser.getValueAsString();
                default -> parser.skipChildren();
            }
        }
        if (id == null || name == null || avatar == null) {
            throw new IOException("a member without user_id, username or avatar at " + parser.currentLocation());
        }
        members.put(id, new Member(name, avatar));
    }

    private static long id(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            throw new IOException("an id that is not a string at " + parser.currentLocation());
        }
        try {
            return Baseline.parseU64(parser.getText(), 0);
        } catch (NumberFormatException e) {
            throw new IOException("an id that is not an unsigned 64-bit integer at " + parser.currentLocation());
        }
    }

    private static void expect(JsonParser parser, JsonToken found, JsonToken wanted, String what) throws IOException {
        if (found != wanted) {
            throw new IOException(what + " must be " + wanted + " at " + parser.currentLocation());
        }
    }
}
