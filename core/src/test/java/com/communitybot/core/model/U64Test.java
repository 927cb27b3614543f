package com.communitybot.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class U64Test {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0",
                "7",
                "+7",
                "007",
                "+007",
                "00000000000000000000000000000042",
                "18446744073709551615",
                "+18446744073709551615",
                "9223372036854775808"
            })
    void acceptsDigitsWithAnOptionalPlusAndLeadingZeros(String text) {
        String digits = text.replaceFirst("^\\+", "");
        assertThat(U64.tryParse(text)).map(U64::toString).contains(new BigInteger(digits).toString());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "+",
                "-",
                "-0",
                "-5",
                " 7",
                "7 ",
                "7\n",
                "1_000",
                "1e3",
                "7.0",
                "0x10",
                "++7",
                "+-7",
                "18446744073709551616",
                "99999999999999999999",
                "184467440737095516150",
                "\u0661\u0662",
                "\uFF17",
                "abc"
            })
    void refusesEverythingElse(String text) {
        assertThat(U64.tryParse(text)).isEmpty();
    }

    @Test
    void refusesNull() {
        assertThat(U64.tryParse(null)).isEmpty();
    }

    @Test
    void largestValueSurvivesEveryConversion() {
        U64 max = U64.tryParse("18446744073709551615").orElseThrow();

        assertThat(max).isEqualTo(U64.MAX);
        assertThat(max.toString()).isEqualTo("18446744073709551615");
        assertThat(max.toBigInteger()).isEqualTo(new BigInteger("18446744073709551615"));
        assertThat(U64.of(max.toBigInteger())).contains(max);
    }

    @Test
    void ofBigInteger_refusesNegativeAndTooLarge() {
        assertThat(U64.of(BigInteger.valueOf(-1))).isEmpty();
        assertThat(U64.of(new BigInteger("18446744073709551616"))).isEmpty();
        assertThat(U64.of(BigInteger.ZERO)).contains(U64.ZERO);
    }

    @Test
    void comparesUnsigned() {
        List<U64> values = new ArrayList<>(
                List.of(U64.MAX, new U64(Long.MIN_VALUE), U64.ZERO, new U64(Long.MAX_VALUE), new U64(1)));
        values.sort(null);

        assertThat(values)
                .containsExactly(U64.ZERO, new U64(1), new U64(Long.MAX_VALUE), new U64(Long.MIN_VALUE), U64.MAX);
    }

    @Test
    void idsUseTheSameRule_andPrintCanonically() {
        assertThat(GuildId.parse("+007")).contains(new GuildId(7));
        assertThat(RoleId.parse("18446744073709551615").map(RoleId::toString)).contains("18446744073709551615");
        assertThat(UserId.parse("-1")).isEmpty();
    }
}
