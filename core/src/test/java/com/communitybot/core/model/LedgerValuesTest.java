package com.communitybot.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.InvalidInputException;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The rules of the ledger's small values: deltas, reasons, keys, instants, kept answers. */
class LedgerValuesTest {

    private static final BigInteger MAX = new BigInteger("18446744073709551615");

    @Test
    public void aDelta_clampsAtZero_andRefusesAResultAboveTheLargestValue() {
        LevelDelta down = new LevelDelta(MAX.negate(), MAX.negate());
        assertThat(down.applyTo(Optional.of(new LevelXp(U64.MAX, U64.MAX)))).isEqualTo(LevelXp.ZERO);
        assertThat(new LevelDelta(MAX, BigInteger.ONE).applyTo(Optional.empty()))
                .isEqualTo(new LevelXp(U64.ofNonNegative(1), U64.MAX));
        assertThatThrownBy(() -> new LevelDelta(BigInteger.ONE, BigInteger.ONE)
                        .applyTo(Optional.of(new LevelXp(U64.MAX, U64.MAX))))
                .hasMessage("Invalid xp_delta: the result would exceed 18446744073709551615");
        assertThatThrownBy(() -> new LevelDelta(MAX.add(BigInteger.ONE), BigInteger.ZERO))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Invalid xp_delta: must be an integer from -18446744073709551615 to 18446744073709551615");
        assertThatThrownBy(() ->
                        new LevelDelta(BigInteger.ZERO, MAX.add(BigInteger.ONE).negate()))
                .hasMessageStartingWith("Invalid level_delta: ");
    }

    @Test
    public void aReason_isAtMostFiveHundredCodePoints() {
        assertThat(new WriteReason("\uD83D\uDE00".repeat(500)).text()).hasSize(1000);
        assertThatThrownBy(() -> new WriteReason("a".repeat(501)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Invalid reason: at most 500 characters");
    }

    @Test
    public void aKey_isOneTo255VisibleAsciiCharacters() {
        assertThat(new IdempotencyKey("!~" + "a".repeat(253)).text()).hasSize(255);
        for (String bad : List.of("", "a".repeat(256), "a b", "tab\t", "é", "\u007f")) {
            assertThatThrownBy(() -> new IdempotencyKey(bad))
                    .as(bad)
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("Invalid Idempotency-Key");
        }
    }

    @Test
    public void instants_areRfc3339_withSecondsAndAnOffset() {
        assertThat(TimeWindow.parseInstant("since", "2026-01-01T00:00:00Z"))
                .isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(TimeWindow.parseInstant("since", "2026-01-01t01:00:00.5+01:00"))
                .isEqualTo(Instant.parse("2026-01-01T00:00:00.500Z"));
        for (String bad : List.of("2026-01-01", "2026-01-01T00:00Z", "2026-01-01T00:00:00", "1767225600", "", "x")) {
            assertThatThrownBy(() -> TimeWindow.parseInstant("since", bad))
                    .as(bad)
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith("Invalid since: not an RFC 3339 date-time");
        }
        assertThatThrownBy(() -> TimeWindow.parseInstant("until", "2026-13-01T00:00:00Z"))
                .hasMessage("Invalid until: no such date or time");
        assertThatThrownBy(() -> new TimeWindow(Instant.EPOCH, Instant.EPOCH))
                .hasMessage("Invalid until: it must be after since");
    }

    @Test
    public void keptAnswers_readBackFromTheirText() {
        LevelRecord record = new LevelRecord("12:7", U64.MAX, new U64(Long.MIN_VALUE));
        for (LedgerAnswer answer : List.of(
                new LedgerAnswer.Written(record),
                new LedgerAnswer.Removed(new LevelRecord("12:a b", U64.ZERO, U64.ZERO)),
                new LedgerAnswer.Reset(1_000_000),
                new LedgerAnswer.NotFound(),
                new LedgerAnswer.Conflict())) {
            assertThat(LedgerAnswer.decode(answer.encode())).isEqualTo(answer);
        }
        for (String bad : List.of("", "written 1 2", "reset -1", "reset x", "other", "not_found x")) {
            assertThatThrownBy(() -> LedgerAnswer.decode(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(new LedgerAnswer.NotFound().isKept()).isFalse();
        assertThat(new LedgerAnswer.Conflict().isKept()).isFalse();
        assertThat(new LedgerAnswer.Reset(0).isKept()).isTrue();
    }

    @Test
    public void fingerprints_differWithTheRequest_andTheGuildKeepsItsKeysApart() {
        IdempotencyKey key = new IdempotencyKey("k");
        IdempotentRequest a = IdempotentRequest.of(new GuildId(1), key, "PATCH /api/1/levels/7\nxp_delta=1");

        assertThat(IdempotentRequest.of(new GuildId(1), key, "PATCH /api/1/levels/7\nxp_delta=1"))
                .isEqualTo(a);
        assertThat(IdempotentRequest.of(new GuildId(1), key, "PATCH /api/1/levels/7\nxp_delta=2")
                        .fingerprint())
                .isNotEqualTo(a.fingerprint());
    }
}
