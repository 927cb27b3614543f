package com.communitybot.app.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class JsonPathTest {

    private static JsonParser parser(String json) throws IOException {
        return new JsonFactory().createParser(json);
    }

    private static void advanceTo(JsonParser parser, JsonToken token, int times) throws IOException {
        for (int seen = 0; seen < times; ) {
            JsonToken next = parser.nextToken();
            assertThat(next).as("the JSON ends before " + token).isNotNull();
            if (next == token) {
                seen++;
            }
        }
    }

    @Test
    void aValueDeepInside_isNamedByFieldsAndIndexes() throws IOException {
        try (JsonParser parser = parser("{\"guilds\": [{}, {\"roles\": [{\"color\": 5}]}]}")) {
            advanceTo(parser, JsonToken.VALUE_NUMBER_INT, 1);

            assertThat(JsonPath.of(parser.getParsingContext())).isEqualTo("guilds[1].roles[0].color");
        }
    }

    @Test
    void anObjectJustClosed_isItsElement_soAMissingFieldIsNamedInIt() throws IOException {
        try (JsonParser parser = parser("{\"levels\": [{\"id\": \"1:1\"}]}")) {
            advanceTo(parser, JsonToken.END_OBJECT, 1);

            assertThat(JsonPath.of(parser.getParsingContext())).isEqualTo("levels[0]");
            assertThat(JsonPath.field(parser.getParsingContext(), "xp")).isEqualTo("levels[0].xp");
        }
    }

    @Test
    void aStructuredValue_isNamedByItsField_andAnArrayBeforeItsFirstElementByItsName() throws IOException {
        try (JsonParser parser = parser("{\"levels\": [[]]}")) {
            advanceTo(parser, JsonToken.START_ARRAY, 1);
            assertThat(JsonPath.of(parser.getParsingContext())).isEqualTo("levels");

            advanceTo(parser, JsonToken.START_ARRAY, 1);
            assertThat(JsonPath.of(parser.getParsingContext())).isEqualTo("levels[0]");
        }
    }

    @Test
    void theRoot_isEmpty_andAFieldOfItIsJustItsName() throws IOException {
        try (JsonParser parser = parser("{}")) {
            advanceTo(parser, JsonToken.END_OBJECT, 1);

            assertThat(JsonPath.of(parser.getParsingContext())).isEmpty();
            assertThat(JsonPath.field(parser.getParsingContext(), "guilds")).isEqualTo("guilds");
        }
    }
}
