package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.U64;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class LevelCurveTest {

    private static U64 u64(String text) {
        return U64.tryParse(text).orElseThrow();
    }

    @ParameterizedTest
    @CsvSource({
        "0, 0",
        "99, 0",
        "100, 1",
        "254, 1",
        "255, 2",
        "474, 2",
        "475, 3",
        "769, 3",
        "770, 4",
        "1200, 5",
        "5400, 10",
        "12345, 15"
    })
    void mee6_givesTheLevelAtAndAroundEachThreshold(String xp, String level) {
        assertThat(LevelCurve.MEE6.levelFor(u64(xp))).isEqualTo(u64(level));
    }

    @Test
    void mee6_totalsAreTheSumsOfFiveLSquaredPlusFiftyLPlusAHundred() {
        BigInteger total = BigInteger.ZERO;
        for (long level = 0; level < 2000; level++) {
            assertThat(LevelCurve.MEE6.xpToReach(U64.ofNonNegative(level)))
                    .contains(U64.of(total).orElseThrow());
            total = total.add(BigInteger.valueOf(5 * level * level + 50 * level + 100));
        }
    }

    /** The last level reachable within 2^64-1, found by adding the steps one by one. */
    private static long lastReachableMee6Level() {
        BigInteger max = U64.MAX.toBigInteger();
        BigInteger total = BigInteger.ZERO;
        long level = 0;
        while (true) {
            BigInteger next = total.add(BigInteger.valueOf(5)
                    .multiply(BigInteger.valueOf(level).pow(2))
                    .add(BigInteger.valueOf(50 * level + 100)));
            if (next.compareTo(max) > 0) {
                return level;
            }
            total = next;
            level++;
        }
    }

    @Test
    void mee6_atU64Max_givesTheLastReachableLevel_andTheNextIsUnreachable() {
        long last = lastReachableMee6Level();
        U64 lastLevel = U64.ofNonNegative(last);
        U64 threshold = LevelCurve.MEE6.xpToReach(lastLevel).orElseThrow();

        assertThat(LevelCurve.MEE6.levelFor(U64.MAX)).isEqualTo(lastLevel);
        assertThat(LevelCurve.MEE6.levelFor(threshold)).isEqualTo(lastLevel);
        assertThat(LevelCurve.MEE6.levelFor(new U64(threshold.bits() - 1))).isEqualTo(U64.ofNonNegative(last - 1));
        assertThat(LevelCurve.MEE6.xpToReach(U64.ofNonNegative(last + 1))).isEmpty();
        assertThat(LevelCurve.MEE6.xpToReach(U64.MAX)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "99, 0", "100, 1", "199, 1", "200, 2", "18446744073709551615, 184467440737095516"})
    void linear_givesOneLevelPerHundredXp(String xp, String level) {
        assertThat(LevelCurve.LINEAR.levelFor(u64(xp))).isEqualTo(u64(level));
    }

    @Test
    void linear_aroundItsLastThreshold() {
        U64 last = u64("18446744073709551600");
        assertThat(LevelCurve.LINEAR.levelFor(last)).isEqualTo(u64("184467440737095516"));
        assertThat(LevelCurve.LINEAR.levelFor(u64("18446744073709551599"))).isEqualTo(u64("184467440737095515"));
        assertThat(LevelCurve.LINEAR.xpToReach(u64("184467440737095517"))).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(LevelCurve.class)
    void everyThresholdAndTheXpJustBelowIt_giveTheirLevels_acrossTheWholeRange(LevelCurve curve) {
        // Levels spread over the whole range: the exact steps must correct the estimate everywhere.
        U64 top = curve.levelFor(U64.MAX);
        for (int i = 1; i <= 400; i++) {
            U64 level = U64.of(
                            top.toBigInteger().multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(400)))
                    .orElseThrow();
            if (level.isZero()) {
                continue;
            }
            U64 threshold = curve.xpToReach(level).orElseThrow();
            assertThat(curve.levelFor(threshold))
                    .as("%s at %s", curve, threshold)
                    .isEqualTo(level);
            assertThat(curve.levelFor(new U64(threshold.bits() - 1)))
                    .as("%s just below %s", curve, threshold)
                    .isEqualTo(new U64(level.bits() - 1));
        }
    }

    @Test
    void curvesAreNamedForTheCommandLine_ignoringCase() {
        assertThat(LevelCurve.named("mee6")).contains(LevelCurve.MEE6);
        assertThat(LevelCurve.named("MEE6")).contains(LevelCurve.MEE6);
        assertThat(LevelCurve.named("linear")).contains(LevelCurve.LINEAR);
        assertThat(LevelCurve.named("polaris")).isEmpty();
        assertThat(LevelCurve.MEE6).hasToString("mee6");
    }

    @Test
    void aLevelAgreesWithXpOnlyWhenItIsTheCurvesLevel() {
        assertThat(LevelCurve.MEE6.agrees(u64("255"), u64("2"))).isTrue();
        assertThat(LevelCurve.MEE6.agrees(u64("255"), u64("3"))).isFalse();
    }
}
