package com.communitybot.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.model.U64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TrackLevelRoleParserTest {

    private static TrackLevelRole role(String id, long level) {
        return new TrackLevelRole(id, U64.ofNonNegative(level));
    }

    private static List<TrackLevelRole> parse(String json) {
        return TrackLevelRoleParser.parseList(json);
    }

    @Test
    void objectFormWithAStringRoleId() {
        assertThat(parse("[{\"role_id\": \"123\", \"level\": 5}]")).containsExactly(role("123", 5));
    }

    @Test
    void roleIdStringIsKeptAsWritten() {
        assertThat(parse("[{\"role_id\": \" 007x\", \"level\": 0}]")).containsExactly(role(" 007x", 0));
    }

    @Test
    void roleIdIntegerBecomesItsDecimalString() {
        assertThat(parse("[{\"role_id\": 18446744073709551615, \"level\": 18446744073709551615}]"))
                .containsExactly(new TrackLevelRole("18446744073709551615", U64.MAX));
    }

    @Test
    void bareIntegerIsTheLegacyFormAtLevelZero() {
        assertThat(parse("[200000000000000002, 0, 18446744073709551615]"))
                .containsExactly(
                        role("200000000000000002", 0),
                        role("0", 0),
                        new TrackLevelRole("18446744073709551615", U64.ZERO));
    }

    @Test
    void unknownKeysAreIgnored_evenNestedOnes() {
        assertThat(parse(
                        "[{\"x\": {\"role_id\": true}, \"role_id\": \"1\", \"y\": [1, 2], \"level\": 2, \"z\": null}]"))
                .containsExactly(role("1", 2));
    }

    @Test
    void orderIsKeptAsWritten() {
        assertThat(parse("[{\"role_id\":\"b\",\"level\":9}, 5, {\"role_id\":\"a\",\"level\":1}]"))
                .containsExactly(role("b", 9), role("5", 0), role("a", 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"true", "null", "1.5", "-1", "[\"1\"]", "{}", "18446744073709551616", "1e3"})
    void roleIdOfAnyOtherKind_isRefusedWithTheSpecsMessage(String roleId) {
        assertThatThrownBy(() -> parse("[{\"role_id\": " + roleId + ", \"level\": 1}]"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("role_id must be string or number");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"5\"", "-1", "1.0", "18446744073709551616", "null", "true", "[]", "{}"})
    void levelOutsideU64_isRefused(String level) {
        assertThatThrownBy(() -> parse("[{\"role_id\": \"1\", \"level\": " + level + "}]"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("level must be an integer from 0 to 18446744073709551615");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"level\": 1}                 | a track level role needs role_id",
                "{\"role_id\": \"1\"}             | a track level role needs level",
                "\"123\"                        | a track level role must be an object or a non-negative integer",
                "-5                             | a track level role given as a bare integer must be from 0 to 18446744073709551615",
                "18446744073709551616           | a track level role given as a bare integer must be from 0 to 18446744073709551615",
                "1.5                            | a track level role must be an object or a non-negative integer",
                "[1]                            | a track level role must be an object or a non-negative integer",
                "null                           | a track level role must be an object or a non-negative integer"
            })
    void otherBreachesOfTheRules_sayWhatIsWrong(String element, String message) {
        assertThatThrownBy(() -> parse("[" + element + "]"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(message);
    }

    @Test
    void repeatedRoleIdOrLevelKey_isRefused() {
        assertThatThrownBy(() -> parse("[{\"role_id\": \"1\", \"role_id\": \"2\", \"level\": 1}]"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("role_id");
        assertThatThrownBy(() -> parse("[{\"role_id\": \"1\", \"level\": 1, \"level\": 1}]"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("level");
    }

    @Test
    void repeatedRoleIdKey_isRefusedByTheParserItself_withoutStrictJsonReading() throws Exception {
        var parser = new com.fasterxml.jackson.core.JsonFactory()
                .createParser("{\"role_id\": \"1\", \"role_id\": \"2\", \"level\": 1}");
        parser.nextToken();

        assertThatThrownBy(() -> TrackLevelRoleParser.read(parser))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("repeated key role_id in a track level role");
    }

    @Test
    void notAnArray_isRefused() {
        assertThatThrownBy(() -> parse("{\"role_id\": \"1\", \"level\": 1}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("roles must be an array of track level roles");
    }

    @Test
    void brokenJson_isRefused() {
        assertThatThrownBy(() -> parse("[{\"role_id\": \"1\""))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("track level roles are not valid JSON");
    }

    @Test
    void outputIsAlwaysTheObjectForm_andReadsBackTheSame() {
        List<TrackLevelRole> roles =
                parse("[5, {\"role_id\": 7, \"level\": 18446744073709551615}, {\"role_id\":\"\\u00e9\",\"level\":1}]");

        String json = TrackLevelRoleParser.formatList(roles);

        assertThat(json)
                .isEqualTo(
                        "[{\"role_id\":\"5\",\"level\":0},{\"role_id\":\"7\",\"level\":18446744073709551615},{\"role_id\":\"\u00e9\",\"level\":1}]");
        assertThat(parse(json)).isEqualTo(roles);
    }
}
