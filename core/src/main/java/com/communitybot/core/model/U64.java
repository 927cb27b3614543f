package com.communitybot.core.model;

import java.math.BigInteger;
import java.util.Optional;

/**
 * An unsigned 64-bit integer, and the one rule for what "parses as an unsigned 64-bit integer" means.
 *
 * <p>Accepted text: an optional leading {@code +}, then one or more ASCII digits, with a value from 0 to
 * 18446744073709551615. Leading zeros are allowed ({@code "007"} is 7). Everything else is refused: empty
 * text, a sign without digits, a minus sign, white space, non-ASCII digits, fractions, exponents.
 * Output is always the canonical decimal form.
 *
 * @param bits the value's 64 bits, read as unsigned
 */
public record U64(long bits) implements Comparable<U64> {

    public static final U64 ZERO = new U64(0L);
    public static final U64 MAX = new U64(-1L);
    private static final BigInteger MAX_BIG = new BigInteger("18446744073709551615");
    /** The number of digits of {@link #MAX}; a longer value (after leading zeros) cannot fit. */
    private static final int MAX_DIGITS = 20;

    /** Parses {@code text} by the rule above; empty when it does not parse. */
    public static Optional<U64> tryParse(String text) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        int start = text.charAt(0) == '+' ? 1 : 0;
        if (start == text.length()) {
            return Optional.empty();
        }
        int firstSignificant = -1;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return Optional.empty();
            }
            if (firstSignificant < 0 && c != '0') {
                firstSignificant = i;
            }
        }
        if (firstSignificant < 0) {
            return Optional.of(ZERO);
        }
        if (text.length() - firstSignificant > MAX_DIGITS) {
            return Optional.empty();
        }
        try {
            return Optional.of(new U64(Long.parseUnsignedLong(text.substring(firstSignificant))));
        } catch (NumberFormatException overflow) {
            return Optional.empty();
        }
    }

    /** The value of {@code value} when it is from 0 to 18446744073709551615; empty otherwise. */
    public static Optional<U64> of(BigInteger value) {
        if (value.signum() < 0 || value.compareTo(MAX_BIG) > 0) {
            return Optional.empty();
        }
        return Optional.of(new U64(value.longValue()));
    }

    /** A value from a non-negative {@code long}. */
    public static U64 ofNonNegative(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("value must not be negative: " + value);
        }
        return new U64(value);
    }

    public BigInteger toBigInteger() {
        BigInteger low = BigInteger.valueOf(bits & Long.MAX_VALUE);
        return bits < 0 ? low.setBit(63) : low;
    }

    public boolean isZero() {
        return bits == 0L;
    }

    @Override
    public int compareTo(U64 other) {
        return Long.compareUnsigned(bits, other.bits);
    }

    /** The canonical decimal form: no sign, no leading zeros. */
    @Override
    public String toString() {
        return Long.toUnsignedString(bits);
    }
}
