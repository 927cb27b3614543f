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
    /** {@link #MAX} without its last digit (5): a value above it cannot take one more digit. */
    private static final long MAX_TENTH = 1844674407370955161L;

    /** Parses {@code text} by the rule above; empty when it does not parse. */
    public static Optional<U64> tryParse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        long bits = bitsOrZero(text, 0);
        if (bits != 0) {
            return Optional.of(new U64(bits));
        }
        return isZero(text) ? Optional.of(ZERO) : Optional.empty();
    }

    /**
     * The value of {@code text} from {@code from} to its end, parsed in place by the rule above, or 0 when it does
     * not parse: for a caller to whom 0 and no value mean the same (a leaderboard's user part, where user 0 is
     * nobody), with no object made.
     */
    public static long bitsOrZero(String text, int from) {
        int at = from;
        int end = text.length();
        if (at < end && text.charAt(at) == '+') {
            at++;
        }
        while (at < end && text.charAt(at) == '0') {
            at++;
        }
        if (end - at > MAX_DIGITS) {
            return 0; // more digits than the largest value has, or a character that is not a digit: 0 either way
        }
        long value = 0;
        for (int i = at; i < end; i++) {
            int digit = text.charAt(i) - '0';
            if (digit < 0
                    || digit > 9
                    || Long.compareUnsigned(value, MAX_TENTH) > 0
                    || (value == MAX_TENTH && digit > 5)) {
                return 0; // not a digit, or above 18446744073709551615
            }
            value = value * 10 + digit;
        }
        return value;
    }

    /** Whether {@code text} is 0 by the rule above: an optional {@code +}, then one or more zeros. */
    private static boolean isZero(String text) {
        int start = !text.isEmpty() && text.charAt(0) == '+' ? 1 : 0;
        if (start == text.length()) {
            return false;
        }
        for (int i = start; i < text.length(); i++) {
            if (text.charAt(i) != '0') {
                return false;
            }
        }
        return true;
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
