package com.communitybot.core.model;

import com.communitybot.core.error.InvalidInputException;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;

/**
 * A PATCH of one member's record (ledger L1): signed changes of xp and level, each from -{@value #MAX_TEXT} to
 * {@value #MAX_TEXT}, and the one rule of how they apply. A record that does not exist starts from level 0, xp 0;
 * a result below 0 becomes 0; a result above the largest unsigned 64-bit value is refused, xp first, and the
 * store then changes nothing.
 *
 * @param xp    the change of xp
 * @param level the change of level
 */
public record LevelDelta(BigInteger xp, BigInteger level) {

    private static final String MAX_TEXT = "18446744073709551615";
    private static final BigInteger MAX = new BigInteger(MAX_TEXT);

    public LevelDelta {
        Objects.requireNonNull(xp, "xp");
        Objects.requireNonNull(level, "level");
        requireInRange("xp_delta", xp);
        requireInRange("level_delta", level);
    }

    private static void requireInRange(String field, BigInteger delta) {
        if (delta.abs().compareTo(MAX) > 0) {
            throw new InvalidInputException(
                    "Invalid " + field + ": must be an integer from -" + MAX_TEXT + " to " + MAX_TEXT);
        }
    }

    /**
     * The level and xp after this change of {@code current} (empty: no record yet).
     *
     * @throws InvalidInputException a result would exceed the largest unsigned 64-bit value
     */
    public LevelXp applyTo(Optional<LevelXp> current) {
        LevelXp from = current.orElse(LevelXp.ZERO);
        U64 newXp = apply("xp_delta", from.xp(), xp);
        U64 newLevel = apply("level_delta", from.level(), level);
        return new LevelXp(newLevel, newXp);
    }

    private static U64 apply(String field, U64 value, BigInteger delta) {
        BigInteger result = value.toBigInteger().add(delta);
        if (result.signum() < 0) {
            return U64.ZERO;
        }
        return U64.of(result)
                .orElseThrow(
                        () -> new InvalidInputException("Invalid " + field + ": the result would exceed " + MAX_TEXT));
    }
}
