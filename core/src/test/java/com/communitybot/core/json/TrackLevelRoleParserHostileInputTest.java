package com.communitybot.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.model.U64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The hostile inputs of issue 13 at spec 2.3's reader: each is refused with the parser's own
 * {@link InvalidInputException} (or read, where it is valid JSON of the right shape), at once; never a
 * stack overflow, an out-of-memory or another exception.
 */
@Timeout(60)
class TrackLevelRoleParserHostileInputTest {

    private static String refused(String json) {
        try {
            TrackLevelRoleParser.parseList(json);
        } catch (InvalidInputException e) {
            return e.getMessage();
        }
        throw new AssertionError("read: " + json.substring(0, Math.min(200, json.length())));
    }

    @Test
    void nesting100000Deep_isRefused() {
        assertThat(refused("[" + "[".repeat(100_000) + "]".repeat(100_000) + "]"))
                .startsWith(
                        "track level roles are not valid JSON: Document nesting depth (1001) exceeds the maximum allowed (1000");
        assertThat(refused("[{\"role_id\": \"1\", \"level\": 1, \"x\": " + "[".repeat(100_000) + "]".repeat(100_000)
                        + "}]"))
                .startsWith(
                        "track level roles are not valid JSON: Document nesting depth (1001) exceeds the maximum allowed (1000");
    }

    @Test
    void aNumberOfAMillionDigits_isRefused() {
        String million = "9".repeat(1_000_000);
        assertThat(refused("[" + million + "]"))
                .startsWith("track level roles are not valid JSON: Number value length");
        assertThat(refused("[{\"role_id\": \"1\", \"level\": " + million + "}]"))
                .startsWith("track level roles are not valid JSON: Number value length");
        assertThat(refused("[{\"role_id\": \"1\", \"level\": 1, \"x\": " + million + "}]"))
                .as("skipped, but still a number too long to read")
                .startsWith("track level roles are not valid JSON: Number value length");
    }

    @Test
    void numbersOfAThousandDigits_areRangeErrors() {
        assertThat(refused("[" + "9".repeat(1000) + "]")).isEqualTo(TrackLevelRoleParser.LEGACY_RANGE);
        assertThat(refused("[" + "0".repeat(999) + "7]"))
                .as("JSON has no leading zeros")
                .startsWith("track level roles are not valid JSON: Invalid numeric value: Leading zeroes not allowed");
    }

    @Test
    void aTenMegabyteRoleId_isRead() {
        String role = "r".repeat(10_000_000);
        assertThat(TrackLevelRoleParser.parseList("[{\"role_id\": \"" + role + "\", \"level\": 1}]"))
                .singleElement()
                .satisfies(r -> assertThat(r.roleId()).hasSize(10_000_000));
    }

    @Test
    void aStringOverJacksonsLimit_isRefused() {
        assertThat(refused("[{\"role_id\": \"" + "r".repeat(20_000_001) + "\", \"level\": 1}]"))
                .startsWith("track level roles are not valid JSON: String value length");
    }

    @Test
    void nulAndSurrogateHalves_areText_orRefused() {
        assertThat(refused("[{\"role_id\": \"a\u0000b\", \"level\": 1}]"))
                .startsWith("track level roles are not valid JSON: Illegal unquoted character ((CTRL-CHAR, code 0))");
        assertThat(TrackLevelRoleParser.parseList("[{\"role_id\": \"a\\u0000b\", \"\\ud800\": 1, \"level\": 1}]"))
                .containsExactly(new TrackLevelRole("a\u0000b", U64.ofNonNegative(1)));
        assertThat(TrackLevelRoleParser.parseList(
                        "[{\"\\udfff\": {\"\\ud800\": []}, \"role_id\": \"\\ud83d\", \"level\": 2}]"))
                .containsExactly(new TrackLevelRole("\ud83d", U64.ofNonNegative(2)));
    }

    @Test
    void aByteOrderMark_isNotJson() {
        assertThat(refused("\ufeff[1]")).startsWith("track level roles are not valid JSON: Unexpected character");
    }

    @Test
    void duplicateKeys_areRefusedAtEveryDepth() {
        assertThat(refused("[{\"role_id\": \"1\", \"role_id\": \"1\", \"level\": 1}]"))
                .startsWith("track level roles are not valid JSON: Duplicate field 'role_id'");
        for (int depth : List.of(1, 2, 5, 100, 997)) {
            String value = "{\"k\": 1, \"k\": 2}";
            for (int i = 1; i < depth; i++) {
                value = i % 2 == 0 ? "{\"d\": " + value + "}" : "[" + value + "]";
            }
            assertThat(refused("[{\"role_id\": \"1\", \"level\": 1, \"x\": " + value + "}]"))
                    .as("a repeated key %d levels down", depth)
                    .startsWith("track level roles are not valid JSON: Duplicate field 'k'");
        }
    }

    @Test
    void nothingElseIsThrown() {
        assertThatThrownBy(() -> TrackLevelRoleParser.parseList("")).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> TrackLevelRoleParser.parseList("[1] [2]")).isInstanceOf(InvalidInputException.class);
    }
}
