package com.communitybot.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.model.U64;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;

/**
 * Coverage-guided fuzzing of spec 2.3's reader and of the unsigned 64-bit rule every id goes through. In an
 * ordinary build each method replays the inputs committed under {@code TrackLevelRoleParserFuzzTestInputs/};
 * {@code JAZZER_FUZZ=1} fuzzes one of them (docs/testing.md).
 */
@Tag("fuzz")
class TrackLevelRoleParserFuzzTest {

    private static final BigInteger U64_MAX = new BigInteger("18446744073709551615");

    /**
     * Any text is either a list of roles, which writes back to itself, or refused with the parser's own
     * {@link InvalidInputException}: never another exception, a stack overflow or an out-of-memory.
     */
    @FuzzTest(maxDuration = "5m")
    void parseList(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        List<TrackLevelRole> roles;
        try {
            roles = TrackLevelRoleParser.parseList(text);
        } catch (InvalidInputException refused) {
            assertThat(refused.getMessage()).isNotBlank();
            return;
        }
        assertThat(TrackLevelRoleParser.parseList(TrackLevelRoleParser.formatList(roles)))
                .isEqualTo(roles);
        roles.forEach(role -> assertThat(role.roleId()).isNotNull());
    }

    /** {@link U64#tryParse} agrees with {@link BigInteger} on every text: an optional '+', then decimal digits. */
    @FuzzTest(maxDuration = "2m")
    void u64(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        Optional<U64> parsed = U64.tryParse(text);
        Optional<BigInteger> expected = Optional.of(text)
                .filter(t -> t.matches("\\+?[0-9]+"))
                .map(BigInteger::new)
                .filter(value -> value.compareTo(U64_MAX) <= 0);
        assertThat(parsed.map(U64::toBigInteger)).isEqualTo(expected);
    }
}
