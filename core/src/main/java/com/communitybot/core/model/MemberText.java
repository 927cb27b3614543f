package com.communitybot.core.model;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * A member's display name and avatar URL as UTF-8 bytes, filled in place by a lookup and read before the next one:
 * one object for a whole answer that names many members (a leaderboard), instead of two strings decoded and
 * encoded again per member. Not thread-safe; its arrays are overwritten by the next fill.
 */
public final class MemberText {

    private static final byte[] UNKNOWN = LeaderboardEntry.UNKNOWN_USER.getBytes(StandardCharsets.UTF_8);
    /** The two digits of 0 to 99, each at twice its value. */
    private static final byte[] PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    private byte[] name = new byte[64];
    private int nameLength;
    private byte[] avatar = new byte[192];
    private int avatarLength;
    /** Whether the avatar URL has only bytes that JSON writes as they are: no quote, backslash, control or non-ASCII. */
    private boolean plainAvatar = true;

    private boolean strings;
    private String nameString;
    private String avatarString;

    private final byte[] digits = new byte[20];

    /** The name's bytes, from 0 to {@link #nameLength()}. */
    public byte[] name() {
        return name;
    }

    public int nameLength() {
        return nameLength;
    }

    /** The avatar URL's bytes, from 0 to {@link #avatarLength()}. */
    public byte[] avatar() {
        return avatar;
    }

    public int avatarLength() {
        return avatarLength;
    }

    /**
     * Whether the avatar URL was written only with {@link #appendAvatarPlain}, digits and hexadecimal digits: bytes
     * that JSON writes as they are, so a writer need not look for what to escape.
     */
    public boolean plainAvatar() {
        return plainAvatar;
    }

    /** The name as text: the string {@link #set} was given, else the bytes decoded. */
    public String nameText() {
        return strings ? nameString : new String(name, 0, nameLength, StandardCharsets.UTF_8);
    }

    /** The avatar URL as text: the string {@link #set} was given, else the bytes decoded. */
    public String avatarText() {
        return strings ? avatarString : new String(avatar, 0, avatarLength, StandardCharsets.UTF_8);
    }

    /**
     * Whether the texts were given as strings ({@link #set}): their bytes then hold a {@code ?} for a lone
     * surrogate, so a writer that must spell them as the strings spell them takes {@link #nameText} and {@link
     * #avatarText}. Bytes written in place are always the UTF-8 of a text without one.
     */
    public boolean strings() {
        return strings;
    }

    /** A member's name and avatar URL as strings; their bytes are their UTF-8. */
    public void set(String displayName, String avatarUrl) {
        byte[] n = displayName.getBytes(StandardCharsets.UTF_8);
        setName(n, 0, n.length);
        clearAvatar();
        appendAvatar(avatarUrl.getBytes(StandardCharsets.UTF_8));
        strings = true;
        nameString = displayName;
        avatarString = avatarUrl;
    }

    /** What a leaderboard shows of a user who is not a member: {@code Unknown User}, no avatar. */
    public void setUnknown() {
        setName(UNKNOWN, 0, UNKNOWN.length);
        clearAvatar();
    }

    /** The name: {@code length} UTF-8 bytes of {@code from} at {@code offset}. */
    public void setName(byte[] from, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, from.length);
        forgetStrings();
        if (length > name.length) {
            name = new byte[Math.max(length, 2 * name.length)];
        }
        System.arraycopy(from, offset, name, 0, length);
        nameLength = length;
    }

    /** Empties the avatar URL, to be written with the {@code appendAvatar} methods. */
    public void clearAvatar() {
        avatarLength = 0;
        plainAvatar = true;
        forgetStrings();
    }

    private void forgetStrings() {
        strings = false;
        nameString = null;
        avatarString = null;
    }

    /**
     * Appends ASCII bytes that JSON writes as they are (no quote, backslash or control character) to the avatar URL.
     */
    public void appendAvatarPlain(byte[] ascii) {
        System.arraycopy(ascii, 0, room(ascii.length), avatarLength, ascii.length);
        avatarLength += ascii.length;
    }

    /** Appends bytes to the avatar URL. */
    public void appendAvatar(byte[] bytes) {
        appendAvatar(bytes, 0, bytes.length);
    }

    /** Appends {@code length} bytes of {@code from} at {@code offset} to the avatar URL. */
    public void appendAvatar(byte[] from, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, from.length);
        System.arraycopy(from, offset, room(length), avatarLength, length);
        plainAvatar = false;
        avatarLength += length;
    }

    /** Appends the decimal digits of {@code value}, read as unsigned, to the avatar URL. */
    public void appendAvatarUnsigned(long value) {
        int from = unsignedDigits(value, digits);
        int count = digits.length - from;
        System.arraycopy(digits, from, room(count), avatarLength, count);
        avatarLength += count;
    }

    /** Appends the decimal digits of {@code value}, with a {@code -} when it is negative, to the avatar URL. */
    public void appendAvatarDecimal(long value) {
        if (value < 0) {
            room(1)[avatarLength++] = '-';
            value = -value; // Long.MIN_VALUE stays itself, and read as unsigned it is the magnitude
        }
        appendAvatarUnsigned(value);
    }

    /**
     * Writes the decimal digits of {@code value}, read as unsigned, at the end of {@code into} (20 bytes or more),
     * as {@link Long#toUnsignedString(long)} spells them; returns where they start.
     */
    public static int unsignedDigits(long value, byte[] into) {
        int at = into.length;
        if (value < 0) {
            long quotient = (value >>> 1) / 5;
            into[--at] = (byte) ('0' + (int) (value - quotient * 10));
            value = quotient;
        }
        while (value > Integer.MAX_VALUE) {
            long quotient = value / 100;
            int pair = 2 * (int) (value - quotient * 100);
            into[--at] = PAIRS[pair + 1];
            into[--at] = PAIRS[pair];
            value = quotient;
        }
        int rest = (int) value;
        while (rest >= 100) {
            int quotient = rest / 100;
            int pair = 2 * (rest - quotient * 100);
            into[--at] = PAIRS[pair + 1];
            into[--at] = PAIRS[pair];
            rest = quotient;
        }
        if (rest >= 10) {
            into[--at] = PAIRS[2 * rest + 1];
            into[--at] = PAIRS[2 * rest];
        } else {
            into[--at] = (byte) ('0' + rest);
        }
        return at;
    }

    /** Appends the 16 lower-case hexadecimal digits of {@code value}, leading zeros kept, to the avatar URL. */
    public void appendAvatarHex(long value) {
        byte[] into = room(16);
        for (int i = 15; i >= 0; i--) {
            int digit = (int) (value & 0xF);
            into[avatarLength + i] = (byte) (digit < 10 ? '0' + digit : 'a' - 10 + digit);
            value >>>= 4;
        }
        avatarLength += 16;
    }

    private byte[] room(int more) {
        if (avatarLength + more > avatar.length) {
            avatar = Arrays.copyOf(avatar, Math.max(avatarLength + more, 2 * avatar.length));
        }
        return avatar;
    }
}
