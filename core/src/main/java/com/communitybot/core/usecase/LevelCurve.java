package com.communitybot.core.usecase;

import com.communitybot.core.model.U64;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;

/**
 * The level a total of xp gives, for records brought in from another bot that carry xp but no level. A
 * curve says how much total xp it takes to reach each level; the level of a total is the highest level whose
 * total it reaches. Exact over the whole unsigned 64-bit range: a level whose total would exceed
 * 18446744073709551615 is unreachable, so {@link U64#MAX} xp gives the last reachable level.
 */
public enum LevelCurve {

    /**
     * MEE6's curve, the default: going from level L to L + 1 takes 5L² + 50L + 100 xp, so level 1 takes 100 xp
     * in total, level 2 255, level 3 475.
     */
    MEE6("mee6") {
        private static final BigInteger SIX = BigInteger.valueOf(6);

        @Override
        BigInteger totalFor(BigInteger level) {
            // The sum over k < L of 5k² + 50k + 100 = 5(L-1)L(2L-1)/6 + 25(L-1)L + 100L.
            BigInteger previous = level.subtract(BigInteger.ONE);
            BigInteger squares =
                    previous.multiply(level).multiply(level.shiftLeft(1).subtract(BigInteger.ONE));
            return squares.multiply(BigInteger.valueOf(5))
                    .divide(SIX)
                    .add(previous.multiply(level).multiply(BigInteger.valueOf(25)))
                    .add(level.multiply(BigInteger.valueOf(100)));
        }

        @Override
        double estimate(double xp) {
            // The cubic term dominates: the total is about 5L³/3.
            return Math.cbrt(xp * 0.6);
        }
    },

    /** Every level takes 100 xp: level 1 at 100 xp in total, level 2 at 200. */
    LINEAR("linear") {
        private static final BigInteger STEP = BigInteger.valueOf(100);

        @Override
        BigInteger totalFor(BigInteger level) {
            return level.multiply(STEP);
        }

        @Override
        double estimate(double xp) {
            return xp / 100;
        }
    };

    private final String label;

    LevelCurve(String label) {
        this.label = label;
    }

    /** The total xp that reaches {@code level}; grows strictly with the level, and is 0 for level 0. */
    abstract BigInteger totalFor(BigInteger level);

    /** A guess at the level of {@code xp}, close enough that a few exact steps correct it. */
    abstract double estimate(double xp);

    /** The curve's name on the command line and in messages: {@code mee6}, {@code linear}. */
    @Override
    public String toString() {
        return label;
    }

    /** The curve named {@code label} ({@code mee6}, {@code linear}), ignoring case; empty for another name. */
    public static Optional<LevelCurve> named(String label) {
        for (LevelCurve curve : values()) {
            if (curve.label.equalsIgnoreCase(label)) {
                return Optional.of(curve);
            }
        }
        return Optional.empty();
    }

    /** The total xp that reaches {@code level}; empty when it exceeds 18446744073709551615 (unreachable). */
    public Optional<U64> xpToReach(U64 level) {
        Objects.requireNonNull(level, "level");
        return U64.of(totalFor(level.toBigInteger()));
    }

    /** The highest level whose total {@code xp} reaches. */
    public U64 levelFor(U64 xp) {
        Objects.requireNonNull(xp, "xp");
        BigInteger total = xp.toBigInteger();
        BigInteger level = BigInteger.valueOf((long) Math.max(0, Math.floor(estimate(total.doubleValue()))));
        while (level.signum() > 0 && totalFor(level).compareTo(total) > 0) {
            level = level.subtract(BigInteger.ONE);
        }
        while (totalFor(level.add(BigInteger.ONE)).compareTo(total) <= 0) {
            level = level.add(BigInteger.ONE);
        }
        // A level reached by a total of at most 2^64-1 is itself below 2^64 (every level takes at least 1 xp).
        return U64.of(level).orElseThrow();
    }

    /** Whether {@code level} is the one this curve gives for {@code xp}. */
    public boolean agrees(U64 xp, U64 level) {
        return levelFor(xp).equals(level);
    }
}
