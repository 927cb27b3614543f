package com.communitybot.discord.members;

import com.communitybot.core.model.MemberText;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The avatars of one guild's members with no URL string kept: per record a kind (a byte) and a code (an int), and
 * for a hash in Discord's canonical form its 32 hex digits packed into a pair of longs of a shared pool. The URL is
 * built on each read as {@link DiscordCdn} builds it. A hash that is not canonical, and a snapshot URL of any other
 * shape, is kept as text in the guild's {@link TextArena} and given back as it came. Not thread-safe: its owner
 * locks.
 */
final class MemberAvatars {

    // The kind of a member's avatar (low 3 bits of kinds[i]); ANIMATED marks a packed hash that had the a_ prefix.
    static final byte DEFAULT = 0;
    static final byte USER = 1;
    static final byte GUILD = 2;
    static final byte USER_TEXT = 3;
    static final byte GUILD_TEXT = 4;
    static final byte URL_TEXT = 5;
    private static final byte KIND_MASK = 7;
    private static final byte ANIMATED = 8;

    // The avatar URLs of DiscordCdn, in pieces of UTF-8, for the lookups that write a member's text as bytes.
    private static final byte[] DEFAULT_PREFIX = ascii(DiscordCdn.BASE + "embed/avatars/");
    private static final byte[] USER_PREFIX = ascii(DiscordCdn.BASE + "avatars/");
    private static final byte[] GUILD_PREFIX = ascii(DiscordCdn.BASE + "guilds/");
    private static final byte[] GUILD_USERS = ascii("/users/");
    private static final byte[] GUILD_AVATARS = ascii("/avatars/");
    private static final byte[] SLASH = ascii("/");
    private static final byte[] ANIMATED_PREFIX = ascii("a_");
    private static final byte[] STATIC_EXTENSION = ascii(DiscordCdn.STATIC);
    private static final byte[] ANIMATED_EXTENSION = ascii(DiscordCdn.ANIMATED);

    private final TextArena texts;
    private byte[] kinds;
    /** A default avatar's index; a packed hash's pair in {@link #hashes}; the arena offset of a text avatar. */
    private int[] codes;

    /** Packed hashes, two longs each (16 hex digits each), only for members that have one. */
    private long[] hashes;

    private int hashPairs;
    /** The first freed pair of {@link #hashes}, each freed pair holding the next one; -1 for none. */
    private int freeHash = -1;

    MemberAvatars(TextArena texts, int capacity) {
        this.texts = texts;
        kinds = new byte[capacity];
        codes = new int[capacity];
        hashes = new long[2 * Math.max(2, capacity / 3)];
    }

    /** Room for {@code capacity} records. */
    void grow(int capacity) {
        kinds = Arrays.copyOf(kinds, capacity);
        codes = Arrays.copyOf(codes, capacity);
    }

    /** Gives back the room kept for growth beyond {@code records} records and the hashes they hold. */
    void trim(int records) {
        kinds = Arrays.copyOf(kinds, Math.max(1, records));
        codes = Arrays.copyOf(codes, Math.max(1, records));
        hashes = Arrays.copyOf(hashes, 2 * Math.max(1, hashPairs));
    }

    /** A new record's avatar: the default, holding nothing yet. */
    void added(int index) {
        kinds[index] = DEFAULT;
    }

    /** The record at {@code from} takes the index {@code to}, whose avatar was released. */
    void move(int from, int to) {
        kinds[to] = kinds[from];
        codes[to] = codes[from];
    }

    void setDefault(int index, int defaultIndex) {
        release(index);
        codes[index] = defaultIndex;
    }

    /**
     * The avatar made the {@code hash} of {@code kind} ({@link #USER} or {@link #GUILD}), packed; false, with nothing
     * changed, when it is not 32 lowercase hex digits after an optional {@code a_}.
     */
    boolean setHash(int index, byte kind, String hash) {
        boolean animated = hash.startsWith("a_");
        int at = animated ? 2 : 0;
        CdnAvatar packed = hash.length() == at + 32 ? CdnAvatar.packed(kind, animated, hash, at) : null;
        if (packed == null) {
            return false;
        }
        setPacked(index, packed);
        return true;
    }

    /** The avatar made the URL, taken apart; false, with nothing changed, when it is not in DiscordCdn's form. */
    boolean setUrl(int index, long guildId, long userId, String url) {
        CdnAvatar parsed = CdnAvatar.parse(url, guildId, userId);
        if (parsed == null) {
            return false;
        } else if (parsed.kind() == DEFAULT) {
            setDefault(index, parsed.defaultIndex());
        } else {
            setPacked(index, parsed);
        }
        return true;
    }

    private void setPacked(int index, CdnAvatar packed) {
        int pair;
        if ((kinds[index] & KIND_MASK) == USER || (kinds[index] & KIND_MASK) == GUILD) {
            pair = codes[index]; // a packed hash already: its pair is reused
        } else {
            release(index);
            pair = newHashPair();
        }
        hashes[2 * pair] = packed.high();
        hashes[2 * pair + 1] = packed.low();
        codes[index] = pair;
        kinds[index] = (byte) (packed.kind() | (packed.animated() ? ANIMATED : 0));
    }

    /** Whether the avatar is already {@code text} kept as {@code kind}: nothing to write then. */
    boolean holdsText(int index, byte kind, String text) {
        return kinds[index] == kind && texts.equalsText(codes[index], text);
    }

    /** The avatar made the text at arena offset {@code at}, kept as {@code kind}; release the old one first. */
    void setText(int index, byte kind, int at) {
        codes[index] = at;
        kinds[index] = kind;
    }

    /** Frees what the member's avatar holds (text, or a hash pair); the avatar is the default afterwards. */
    void release(int index) {
        int kind = kinds[index] & KIND_MASK;
        if (isText(kinds[index])) {
            texts.release(codes[index]);
        } else if (kind == USER || kind == GUILD) {
            hashes[2 * codes[index]] = freeHash;
            freeHash = codes[index];
        }
        kinds[index] = DEFAULT;
        codes[index] = 0;
    }

    /** In a compaction of the arena: the avatar's text, if it is one, moved out of {@code old} into the arena. */
    void moveText(int index, byte[] old) {
        if (isText(kinds[index])) {
            codes[index] = texts.move(old, codes[index]);
        }
    }

    private int newHashPair() {
        if (freeHash >= 0) {
            int pair = freeHash;
            freeHash = (int) hashes[2 * pair];
            return pair;
        }
        if (2 * (hashPairs + 1) > hashes.length) {
            hashes = Arrays.copyOf(hashes, 2 * (hashPairs + (hashPairs >> 1) + 1));
        }
        return hashPairs++;
    }

    private static boolean isText(byte kind) {
        int k = kind & KIND_MASK;
        return k == USER_TEXT || k == GUILD_TEXT || k == URL_TEXT;
    }

    /** The first half of the avatar's packed hash, or 0: a load made ahead of use, by the batched reads. */
    long touch(int index) {
        int kind = kinds[index] & KIND_MASK;
        return kind == USER || kind == GUILD ? hashes[2 * codes[index]] : 0;
    }

    /** Writes the avatar URL of the record at {@code index} into {@code into}; {@code text} is the arena's bytes. */
    void write(int index, long guildId, long userId, byte[] text, MemberText into) {
        into.clearAvatar();
        byte kind = kinds[index];
        int code = codes[index];
        switch (kind & KIND_MASK) {
            case DEFAULT -> {
                into.appendAvatarPlain(DEFAULT_PREFIX);
                into.appendAvatarDecimal(code);
                into.appendAvatarPlain(STATIC_EXTENSION);
            }
            case USER -> {
                userPrefix(userId, into);
                packedHash(kind, code, into);
            }
            case GUILD -> {
                guildPrefix(guildId, userId, into);
                packedHash(kind, code, into);
            }
            case USER_TEXT -> {
                userPrefix(userId, into);
                textHash(text, code, into);
            }
            case GUILD_TEXT -> {
                guildPrefix(guildId, userId, into);
                textHash(text, code, into);
            }
            default -> appendText(text, code, into);
        }
    }

    private static void userPrefix(long userId, MemberText into) {
        into.appendAvatarPlain(USER_PREFIX);
        into.appendAvatarUnsigned(userId);
        into.appendAvatarPlain(SLASH);
    }

    private static void guildPrefix(long guildId, long userId, MemberText into) {
        into.appendAvatarPlain(GUILD_PREFIX);
        into.appendAvatarUnsigned(guildId);
        into.appendAvatarPlain(GUILD_USERS);
        into.appendAvatarUnsigned(userId);
        into.appendAvatarPlain(GUILD_AVATARS);
    }

    /** A packed hash and its extension, as {@link CdnAvatar#url} and {@link DiscordCdn#extension} spell them. */
    private void packedHash(byte kind, int pair, MemberText into) {
        long[] packed = hashes;
        long high = packed[2 * pair];
        long low = packed[2 * pair + 1];
        boolean animated = (kind & ANIMATED) != 0;
        if (animated) {
            into.appendAvatarPlain(ANIMATED_PREFIX);
        }
        into.appendAvatarHex(high);
        into.appendAvatarHex(low);
        into.appendAvatarPlain(animated ? ANIMATED_EXTENSION : STATIC_EXTENSION);
    }

    /** A hash kept as text and its extension: animated when the text starts with {@code a_}. */
    private static void textHash(byte[] text, int at, MemberText into) {
        int start = into.avatarLength();
        appendText(text, at, into);
        byte[] url = into.avatar();
        boolean animated = into.avatarLength() - start >= 2
                && url[start] == ANIMATED_PREFIX[0]
                && url[start + 1] == ANIMATED_PREFIX[1];
        into.appendAvatarPlain(animated ? ANIMATED_EXTENSION : STATIC_EXTENSION);
    }

    /** Appends the arena's text at {@code at} to the avatar URL. */
    private static void appendText(byte[] text, int at, MemberText into) {
        long span = TextArena.span(text, at);
        into.appendAvatar(text, TextArena.start(span), TextArena.length(span));
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
