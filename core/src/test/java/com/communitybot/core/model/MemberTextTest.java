package com.communitybot.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MemberTextTest {

    @Test
    void digitsAreSpelledAsLongSpellsThem() {
        List<Long> values = new ArrayList<>(List.<Long>of(
                0L,
                1L,
                9L,
                10L,
                99L,
                100L,
                101L,
                (long) Integer.MAX_VALUE,
                Integer.MAX_VALUE + 1L,
                Long.MAX_VALUE,
                Long.MIN_VALUE,
                -1L,
                -2L,
                -10L,
                300_000_000_000_000_001L,
                (long) Integer.MIN_VALUE));
        Random random = new Random(5);
        for (int i = 0; i < 10_000; i++) {
            values.add(random.nextLong() >> random.nextInt(64));
        }
        byte[] into = new byte[20];
        for (long value : values) {
            int from = MemberText.unsignedDigits(value, into);
            assertThat(new String(into, from, into.length - from, StandardCharsets.US_ASCII))
                    .isEqualTo(Long.toUnsignedString(value));

            MemberText text = new MemberText();
            text.clearAvatar();
            text.appendAvatarPlain("x".getBytes(StandardCharsets.US_ASCII));
            text.appendAvatarDecimal(value);
            text.appendAvatarUnsigned(value);
            text.appendAvatarHex(value);
            assertThat(text.avatarText())
                    .isEqualTo("x" + value + Long.toUnsignedString(value) + String.format("%016x", value));
            assertThat(text.plainAvatar()).isTrue();
        }
    }

    @Test
    void textsGrowAsNeeded_andTextFromElsewhereIsNotPlain() {
        MemberText text = new MemberText();
        String name = "ü".repeat(100);
        String url = "https://cdn.example/" + "€".repeat(100);
        text.set(name, url);
        assertThat(text.nameText()).isEqualTo(name);
        assertThat(text.avatarText()).isEqualTo(url);
        assertThat(text.plainAvatar()).isFalse();

        text.setUnknown();
        assertThat(text.nameText()).isEqualTo(LeaderboardEntry.UNKNOWN_USER);
        assertThat(text.avatarLength()).isZero();
        assertThat(text.plainAvatar()).isTrue();
    }
}
