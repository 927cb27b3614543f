package com.communitybot.core.json;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.model.U64;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes track level roles by the input rules of spec 2.3, for request bodies, stored data and
 * data files alike.
 *
 * <ol>
 *   <li>An object with {@code role_id} and {@code level}, both required.</li>
 *   <li>{@code role_id} is a string, or a non-negative integer (of at most 64 bits) that becomes its
 *       decimal string; anything else is {@value #ROLE_ID_TYPE}.</li>
 *   <li>A repeated {@code role_id} or {@code level} key is an error; unknown keys are ignored.</li>
 *   <li>A bare non-negative integer is the legacy form: that role at level 0.</li>
 *   <li>Output is always the object form with {@code role_id} as a string.</li>
 * </ol>
 * {@code level} is an integer from 0 to 18446744073709551615.
 */
public final class TrackLevelRoleParser {

    static final String ROLE_ID_TYPE = "role_id must be string or number";
    static final String LEVEL_RANGE = "level must be an integer from 0 to 18446744073709551615";
    static final String LEGACY_RANGE =
            "a track level role given as a bare integer must be from 0 to 18446744073709551615";
    static final String WRONG_SHAPE = "a track level role must be an object or a non-negative integer";
    static final String ROLES_NOT_ARRAY = "roles must be an array of track level roles";

    private static final String ROLE_ID = "role_id";
    private static final String LEVEL = "level";
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private TrackLevelRoleParser() {}

    /**
     * Reads the track level role at the parser's current token and leaves the parser on that value's
     * last token.
     *
     * @throws InvalidInputException when the value breaks a rule
     * @throws IOException           when the JSON itself cannot be read
     */
    public static TrackLevelRole read(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_NUMBER_INT) {
            U64 roleId = U64.tryParse(parser.getText()).orElseThrow(() -> new InvalidInputException(LEGACY_RANGE));
            return new TrackLevelRole(roleId.toString(), U64.ZERO);
        }
        if (token != JsonToken.START_OBJECT) {
            parser.skipChildren();
            throw new InvalidInputException(WRONG_SHAPE);
        }
        String roleId = null;
        U64 level = null;
        for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
            JsonToken value = parser.nextToken();
            if (ROLE_ID.equals(key)) {
                if (roleId != null) {
                    throw repeated(ROLE_ID);
                }
                roleId = roleId(parser, value);
            } else if (LEVEL.equals(key)) {
                if (level != null) {
                    throw repeated(LEVEL);
                }
                level = level(parser, value);
            } else {
                parser.skipChildren();
            }
        }
        if (roleId == null) {
            throw new InvalidInputException("a track level role needs role_id");
        }
        if (level == null) {
            throw new InvalidInputException("a track level role needs level");
        }
        return new TrackLevelRole(roleId, level);
    }

    /**
     * Reads an array of track level roles at the parser's current token. A role that breaks a rule is
     * refused with its message unchanged, so a client sees the spec's text.
     */
    public static List<TrackLevelRole> readList(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            parser.skipChildren();
            throw new InvalidInputException(ROLES_NOT_ARRAY);
        }
        List<TrackLevelRole> roles = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            roles.add(read(parser));
        }
        return roles;
    }

    /** Reads a whole JSON text that is an array of track level roles, as stored. */
    public static List<TrackLevelRole> parseList(String json) {
        try (JsonParser parser = JSON.createParser(json)) {
            parser.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            parser.nextToken();
            List<TrackLevelRole> roles = readList(parser);
            if (parser.nextToken() != null) {
                throw new InvalidInputException("unexpected content after the track level roles");
            }
            return roles;
        } catch (JsonProcessingException e) {
            throw new InvalidInputException("track level roles are not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes one role in the output form (rule 5). */
    public static void write(JsonGenerator generator, TrackLevelRole role) throws IOException {
        generator.writeStartObject();
        generator.writeStringField(ROLE_ID, role.roleId());
        generator.writeFieldName(LEVEL);
        generator.writeNumber(role.level().toBigInteger());
        generator.writeEndObject();
    }

    /** The JSON text of {@code roles} in the output form, as stored. */
    public static String formatList(List<TrackLevelRole> roles) {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = JSON.createGenerator(out)) {
            generator.writeStartArray();
            for (TrackLevelRole role : roles) {
                write(generator, role);
            }
            generator.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static String roleId(JsonParser parser, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        if (value == JsonToken.VALUE_NUMBER_INT) {
            return U64.tryParse(parser.getText())
                    .map(U64::toString)
                    .orElseThrow(() -> new InvalidInputException(ROLE_ID_TYPE));
        }
        parser.skipChildren();
        throw new InvalidInputException(ROLE_ID_TYPE);
    }

    private static U64 level(JsonParser parser, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_NUMBER_INT) {
            return U64.tryParse(parser.getText()).orElseThrow(() -> new InvalidInputException(LEVEL_RANGE));
        }
        parser.skipChildren();
        throw new InvalidInputException(LEVEL_RANGE);
    }

    private static InvalidInputException repeated(String key) {
        return new InvalidInputException("repeated key " + key + " in a track level role");
    }
}
