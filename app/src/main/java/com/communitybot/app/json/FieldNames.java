package com.communitybot.app.json;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Refuses a field name that one JSON object repeats, as Jackson's {@code STRICT_DUPLICATE_DETECTION} does, for a reader
 * that turns that feature off because it reads millions of objects: the feature keeps a hash set for every object of
 * three fields or more, millions of sets for a snapshot of a million members, where a linear search over a record's few
 * names does the same work. Such a reader moves to the value of a field it knows with {@link #value} (a field it has
 * already read is a repeated one), and skips the others with {@link #skipValue}, which notes their names here and
 * checks every object within the value it skips.
 */
public final class FieldNames {

    /** Past this many names a hash set takes over from the linear search: an object may have millions. */
    private static final int LINEAR = 8;

    private String[] names = new String[2];
    private int count;
    private Set<String> many;

    /** Notes {@code name}, the field name the parser is at; fails when the object had it before. */
    public void add(JsonParser parser, String name) throws JsonParseException {
        if (many != null) {
            if (!many.add(name)) {
                throw duplicate(parser, name);
            }
            return;
        }
        for (int i = 0; i < count; i++) {
            if (names[i].equals(name)) {
                throw duplicate(parser, name);
            }
        }
        if (count == LINEAR) {
            many = new HashSet<>(Arrays.asList(names));
            many.add(name);
            names = null;
            return;
        }
        if (count == names.length) {
            names = Arrays.copyOf(names, count * 2);
        }
        names[count++] = name;
    }

    /**
     * Moves the parser from the field name {@code name} to its value, a field the reader knows and reads; fails
     * when the object had it before ({@code read}), with the parser's own message for a repeated name.
     */
    public static JsonParser value(JsonParser parser, boolean read, String name) throws IOException {
        if (read) {
            throw duplicate(parser, name);
        }
        parser.nextToken();
        return parser;
    }

    /**
     * Skips the value of the field {@code name}, one the reader does not know, after noting the name in {@code
     * others} (made when null: most objects have no such field); returns {@code others}.
     */
    public static FieldNames skipValue(FieldNames others, JsonParser parser, String name) throws IOException {
        FieldNames names = others == null ? new FieldNames() : others;
        names.add(parser, name);
        parser.nextToken();
        skip(parser);
        return names;
    }

    /**
     * Skips the value at the parser's current token, as {@link JsonParser#skipChildren()} does, refusing a repeated
     * field name in any object within it.
     */
    public static void skip(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.START_OBJECT) {
            FieldNames names = new FieldNames();
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                names.add(parser, key);
                parser.nextToken();
                skip(parser);
            }
        } else if (token == JsonToken.START_ARRAY) {
            // Jackson fails at an end of input within an array; null ends the loop all the same.
            for (JsonToken next = parser.nextToken();
                    next != null && next != JsonToken.END_ARRAY;
                    next = parser.nextToken()) {
                skip(parser);
            }
        }
    }

    /** Jackson's own exception and message for a repeated name, at the name. */
    private static JsonParseException duplicate(JsonParser parser, String name) {
        return new JsonParseException(parser, "Duplicate field '" + name + "'", parser.currentTokenLocation());
    }
}
