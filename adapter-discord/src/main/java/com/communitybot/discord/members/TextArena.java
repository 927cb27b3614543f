package com.communitybot.discord.members;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The texts of one guild (display names, and avatars that are not packed) as UTF-8 in one byte array, with no
 * object per text: each is its UTF-8 length as a varint, then its bytes, known by the offset where it starts. A
 * replaced text stays behind as garbage until the owner compacts the arena, which moves the live texts and so
 * changes their offsets. Not thread-safe: its owner locks.
 */
final class TextArena {

    private static final int MIN_GARBAGE_TO_COMPACT = 1 << 16;

    private final long guildId;
    private byte[] bytes;
    private int size;
    private int garbage;

    TextArena(long guildId, int capacity) {
        this.guildId = guildId;
        this.bytes = new byte[capacity];
    }

    /** The arena's bytes, for reads that take texts apart in place ({@link #span}); growth replaces them. */
    byte[] bytes() {
        return bytes;
    }

    /** Whether so much of the arena is garbage that it is worth compacting before the next text comes. */
    boolean wantsCompaction() {
        return garbage > MIN_GARBAGE_TO_COMPACT && garbage > size / 2;
    }

    boolean hasGarbage() {
        return garbage > 0;
    }

    /** Adds {@code text}; the offset it starts at. The arena grows by half when full. */
    int append(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        int needed = 5 + utf8.length;
        if (size + needed > bytes.length) {
            long grown = Math.max((long) bytes.length + (bytes.length >> 1), (long) size + needed);
            if (grown > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("guild " + Long.toUnsignedString(guildId) + " has too much text");
            }
            bytes = Arrays.copyOf(bytes, (int) grown);
        }
        int at = size;
        int pos = at;
        int length = utf8.length;
        while ((length & ~0x7F) != 0) {
            bytes[pos++] = (byte) ((length & 0x7F) | 0x80);
            length >>>= 7;
        }
        bytes[pos++] = (byte) length;
        System.arraycopy(utf8, 0, bytes, pos, utf8.length);
        size = pos + utf8.length;
        return at;
    }

    /** Marks the text at {@code at} as garbage: no one refers to it any more. */
    void release(int at) {
        long span = span(bytes, at);
        garbage += start(span) - at + length(span);
    }

    boolean equalsText(int at, String text) {
        return text(bytes, at).equals(text);
    }

    /**
     * Starts a compaction: the arena is emptied, with room for its live texts, and its old bytes are returned, from
     * which the owner {@link #move}s each live text back, taking its new offset.
     */
    byte[] restart() {
        byte[] old = bytes;
        int live = size - garbage;
        bytes = new byte[Math.max(64, live + live / 4)];
        size = 0;
        garbage = 0;
        return old;
    }

    /** Appends the text at {@code at} of the bytes {@link #restart} returned; its new offset. */
    int move(byte[] old, int at) {
        return append(text(old, at));
    }

    /** Gives back the room kept for growth. */
    void trim() {
        bytes = Arrays.copyOf(bytes, Math.max(1, size));
    }

    private static String text(byte[] text, int at) {
        long span = span(text, at);
        return new String(text, start(span), length(span), StandardCharsets.UTF_8);
    }

    /** The text at {@code at}: where its UTF-8 bytes start (after their length's varint) and how many they are. */
    static long span(byte[] text, int at) {
        int length = 0;
        int shiftBy = 0;
        byte b;
        do {
            b = text[at++];
            length |= (b & 0x7F) << shiftBy;
            shiftBy += 7;
        } while (b < 0);
        return (long) at << 32 | length;
    }

    static int start(long span) {
        return (int) (span >>> 32);
    }

    static int length(long span) {
        return (int) span;
    }
}
