package com.communitybot.app.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;

/**
 * Where a streaming JSON reader is, in the one notation of the file messages ({@code levels[3]},
 * {@code guilds[0].roles[1].color}), taken from Jackson's read context, the chain that
 * {@link JsonStreamContext#pathAsPointer()} walks, so no reader keeps its location by hand.
 */
public final class JsonPath {

    private JsonPath() {}

    /** The path of the value the context is at: names joined by dots, indexes in brackets; empty at the root. */
    public static String of(JsonStreamContext context) {
        StringBuilder path = new StringBuilder();
        append(path, context);
        return path.toString();
    }

    /** The path of {@code field} in the object {@code context} is in, or has just closed (a missing field). */
    public static String field(JsonStreamContext context, String field) {
        String object = of(context);
        return object.isEmpty() ? field : object + "." + field;
    }

    /**
     * What {@code parser} said about text that is not JSON, with its line and column. A limit of Jackson's
     * {@code StreamReadConstraints} (nesting depth, number length, string length) is reported without a
     * location, so the parser's own place stands in for it.
     */
    public static String notValidJson(JsonProcessingException e, JsonParser parser) {
        JsonLocation location = e.getLocation() != null ? e.getLocation() : parser.currentLocation();
        return "not valid JSON: " + e.getOriginalMessage() + " (line " + location.getLineNr() + ", column "
                + location.getColumnNr() + ")";
    }

    private static void append(StringBuilder path, JsonStreamContext context) {
        if (context == null || context.inRoot()) {
            return;
        }
        append(path, context.getParent());
        if (context.inArray() && context.hasCurrentIndex()) {
            path.append('[').append(context.getCurrentIndex()).append(']');
        } else if (context.inObject() && context.hasCurrentName()) {
            path.append(path.length() == 0 ? "" : ".").append(context.getCurrentName());
        }
    }
}
