package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.json.TrackLevelRoleParser;
import com.communitybot.core.model.TrackLevelRole;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a request's JSON body by the contract's 400 rules, with a message that says what is
 * wrong: the body must be one JSON object without repeated keys; required fields must be present, not
 * null and of their type; unknown fields are ignored.
 */
final class JsonRequest {

    private static final ObjectReader READER = new ObjectMapper().reader()
            .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

    private final JsonNode body;

    private JsonRequest(JsonNode body) {
        this.body = body;
    }

    /** The request body, which must be a JSON object. */
    static JsonRequest of(byte[] body) {
        if (body == null || body.length == 0) {
            throw new InvalidInputException("Request body must be a JSON object");
        }
        JsonNode node;
        try {
            node = READER.readTree(body);
        } catch (StreamReadException e) {
            throw new InvalidInputException("Request body is not valid JSON: " + e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            throw new InvalidInputException("Request body is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (node == null || !node.isObject()) {
            throw new InvalidInputException("Request body must be a JSON object");
        }
        return new JsonRequest(node);
    }

    String string(String field) {
        JsonNode value = required(field);
        if (!value.isTextual()) {
            throw new InvalidInputException(field + " must be a string");
        }
        return value.textValue();
    }

    List<String> strings(String field) {
        JsonNode value = required(field);
        if (!value.isArray()) {
            throw new InvalidInputException(field + " must be an array of strings");
        }
        List<String> strings = new ArrayList<>(value.size());
        for (JsonNode element : value) {
            if (!element.isTextual()) {
                throw new InvalidInputException(field + " must be an array of strings");
            }
            strings.add(element.textValue());
        }
        return strings;
    }

    /** An array of track level roles, read by the one parser of spec 2.3. */
    List<TrackLevelRole> trackLevelRoles(String field) {
        JsonNode value = required(field);
        try (JsonParser parser = value.traverse()) {
            parser.nextToken();
            return TrackLevelRoleParser.readList(parser);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private JsonNode required(String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            throw new InvalidInputException(field + " is required");
        }
        return value;
    }
}
