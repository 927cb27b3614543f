package com.communitybot.discord.members;

import com.communitybot.core.model.Member;
import com.communitybot.core.model.MemberText;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.StampedLock;
import java.util.function.Supplier;

/**
 * The members of one guild, kept compact for a live view that holds millions: no object per member. A member is
 * its user id in a primitive open-addressing table, its display name as UTF-8 in one byte arena of the guild, and
 * its avatar as a 16-byte hash with a kind (user, guild, default) from which the URL is built on each read, so no
 * URL string is kept. Avatars that are not Discord's canonical hashes, and snapshot URLs of any other shape, are
 * kept as text in the arena and returned as they came.
 *
 * <p>Thread-safe: writers take a lock; readers do not wait for one as long as no writer runs at the same time
 * (an optimistic read, repeated under the read lock when a write overlapped).
 */
public final class GuildMembers implements GuildView.Members {

    private static final int INITIAL_CAPACITY = 8;
    private static final long PHI = 0x9E3779B97F4A7C15L;
    private static final int MIN_GARBAGE_TO_COMPACT = 1 << 16;

    // The kind of a member's avatar (low 3 bits of kinds[i]); ANIMATED marks a packed hash that had the a_ prefix.
    private static final byte DEFAULT = 0;
    private static final byte USER = 1;
    private static final byte GUILD = 2;
    private static final byte USER_TEXT = 3;
    private static final byte GUILD_TEXT = 4;
    private static final byte URL_TEXT = 5;
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

    private final long guildId;
    private final StampedLock lock = new StampedLock();

    /** Open addressing, linear probing: record index + 1, or 0 for a free slot. Its length is a power of two. */
    private int[] slots;

    private int shift;
    // One record per member, dense: index 0 to size - 1.
    private long[] ids;
    private int[] names;
    private byte[] kinds;
    /** A default avatar's index; a packed hash's pair in {@link #hashes}; the arena offset of a text avatar. */
    private int[] avatars;

    /** Packed hashes, two longs each (16 hex digits each), only for members that have one. */
    private long[] hashes;

    private int hashPairs;
    /** The first freed pair of {@link #hashes}, each freed pair holding the next one; -1 for none. */
    private int freeHash = -1;

    private int size;
    /** What the batched reads loaded ahead of use, kept so that their loads are not optimized away. */
    private long touched;

    private byte[] arena;
    private int arenaSize;
    private int garbage;

    public GuildMembers(long guildId) {
        this(guildId, 0);
    }

    /** An empty guild with room for {@code expectedMembers} before it grows. */
    public GuildMembers(long guildId, int expectedMembers) {
        this.guildId = guildId;
        int capacity = Math.max(INITIAL_CAPACITY, expectedMembers);
        ids = new long[capacity];
        names = new int[capacity];
        kinds = new byte[capacity];
        avatars = new int[capacity];
        hashes = new long[2 * Math.max(2, capacity / 3)];
        arena = new byte[Math.max(64, capacity * 12)];
        int tableSize = INITIAL_CAPACITY * 2;
        while (tableSize * 3L / 4 < capacity) {
            tableSize <<= 1;
        }
        slots = new int[tableSize];
        shift = 64 - Integer.numberOfTrailingZeros(tableSize);
    }

    /** The guild these members belong to. */
    public long guildId() {
        return guildId;
    }

    /** How many members the guild has. */
    public int size() {
        long stamp = lock.readLock();
        try {
            return size;
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /** Whether {@code userId} is a member. */
    public boolean contains(long userId) {
        long stamp = lock.readLock();
        try {
            return find(userId) >= 0;
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /** The member {@code user} with the name and avatar URL to show; empty when the user is not a member. */
    @Override
    public Optional<Member> member(UserId user) {
        return Optional.ofNullable(optimistically(() -> read(user)));
    }

    /**
     * The member {@code user}'s name and avatar URL, the bytes of {@link #member(UserId)}'s strings in UTF-8, written
     * into {@code into} with no object made; false when the user is not a member.
     */
    @Override
    public boolean member(UserId user, MemberText into) {
        return optimistically(() -> read(user.value(), into));
    }

    /** Adds the member, or replaces what is known of it, by Discord's rules of name and avatar. */
    public void put(DiscordMember member) {
        String name = member.displayName();
        long stamp = lock.writeLock();
        try {
            int index = record(member.userId());
            setName(index, name);
            if (member.guildAvatar() != null) {
                setHash(index, GUILD, GUILD_TEXT, member.guildAvatar());
            } else if (member.userAvatar() != null) {
                setHash(index, USER, USER_TEXT, member.userAvatar());
            } else {
                setDefault(index, member.defaultAvatar());
            }
        } finally {
            lock.unlockWrite(stamp);
        }
    }

    /**
     * Adds the member, or replaces it, with a name and avatar URL as they are to be shown (a snapshot file's).
     * A URL of Discord's CDN in the form {@link DiscordCdn} builds is kept packed; any other as text.
     */
    public void put(long userId, String displayName, String avatarUrl) {
        Objects.requireNonNull(displayName, "displayName");
        Objects.requireNonNull(avatarUrl, "avatarUrl");
        long stamp = lock.writeLock();
        try {
            int index = record(userId);
            setName(index, displayName);
            setUrl(index, userId, avatarUrl);
        } finally {
            lock.unlockWrite(stamp);
        }
    }

    /** Removes the member; nothing when it is not one. */
    public void remove(long userId) {
        long stamp = lock.writeLock();
        try {
            int slot = slotOf(userId);
            if (slot < 0) {
                return;
            }
            int index = slots[slot] - 1;
            garbage += textLength(names[index]);
            releaseAvatar(index);
            deleteSlot(slot);
            int last = size - 1;
            if (index != last) {
                // The last record takes the removed one's place, so records stay dense.
                slots[slotOf(ids[last])] = index + 1;
                ids[index] = ids[last];
                names[index] = names[last];
                kinds[index] = kinds[last];
                avatars[index] = avatars[last];
            }
            size = last;
        } finally {
            lock.unlockWrite(stamp);
        }
    }

    /**
     * Gives back the room kept for growth, for a guild whose members have all arrived (a view trims a guild when it
     * publishes it): arrays cut to what they hold, the arena without the text of replaced names.
     */
    public void trim() {
        long stamp = lock.writeLock();
        try {
            if (garbage > 0) {
                compact();
            }
            int capacity = Math.max(1, size);
            ids = java.util.Arrays.copyOf(ids, capacity);
            names = java.util.Arrays.copyOf(names, capacity);
            kinds = java.util.Arrays.copyOf(kinds, capacity);
            avatars = java.util.Arrays.copyOf(avatars, capacity);
            hashes = java.util.Arrays.copyOf(hashes, 2 * Math.max(1, hashPairs));
            arena = java.util.Arrays.copyOf(arena, Math.max(1, arenaSize));
            int tableSize = INITIAL_CAPACITY * 2;
            while (tableSize * 3L / 4 < size) {
                tableSize <<= 1;
            }
            if (tableSize < slots.length) {
                rehash(tableSize);
            }
        } finally {
            lock.unlockWrite(stamp);
        }
    }

    // ---- reads ---------------------------------------------------------------------------------------------------

    private Member read(UserId user) {
        int index = find(user.value());
        if (index < 0) {
            return null;
        }
        MemberText text = new MemberText();
        write(index, user.value(), text);
        return new Member(user, text.nameText(), text.avatarText());
    }

    /** {@link #member(UserId)}'s member as bytes: the URL built as {@link DiscordCdn} builds it. */
    private boolean read(long userId, MemberText into) {
        int index = find(userId);
        if (index < 0) {
            return false;
        }
        write(index, userId, into);
        return true;
    }

    /**
     * {@link #member(UserId, MemberText)} of {@code count} users at once, each member into its {@code into[k]},
     * {@code found[k]} telling whether it is one: their reads of the arrays go in steps, one step of every user
     * before the next step, so the memory waits of different users overlap instead of coming one after the other.
     */
    @Override
    public void members(long[] users, int count, MemberText[] into, boolean[] found) {
        optimistically(() -> {
            read(users, count, into, found);
            return null;
        });
    }

    /**
     * {@code read}'s result, read without a lock as long as no write overlaps it; else read again under the read
     * lock. A write that changes the arrays under the first read may make it fail: it is then read again too.
     */
    private <T> T optimistically(Supplier<T> read) {
        long stamp = lock.tryOptimisticRead();
        if (stamp != 0) {
            try {
                T result = read.get();
                if (lock.validate(stamp)) {
                    return result;
                }
            } catch (RuntimeException overlappedWrite) {
                // A write changed the arrays under the optimistic read: read again under the lock.
            }
        }
        stamp = lock.readLock();
        try {
            return read.get();
        } finally {
            lock.unlockRead(stamp);
        }
    }

    private void read(long[] users, int count, MemberText[] into, boolean[] found) {
        int[] table = slots;
        long[] recordIds = ids;
        int mask = table.length - 1;
        int[] slot = new int[count];
        int[] index = new int[count];
        // Each step's loads are independent of one another: the first slot of every user...
        for (int k = 0; k < count; k++) {
            slot[k] = (int) ((users[k] * PHI) >>> shift) & mask;
            index[k] = table[slot[k]] - 1;
        }
        // ...its record's id, probing on as find does when it is another's...
        for (int k = 0; k < count; k++) {
            int entry = index[k];
            int at = slot[k];
            long user = users[k];
            int probes = 1;
            while (entry >= 0 && recordIds[entry] != user) {
                if (probes++ == table.length) {
                    entry = -1;
                    break;
                }
                at = (at + 1) & mask;
                entry = table[at] - 1;
            }
            index[k] = entry;
            found[k] = entry >= 0;
        }
        // ...the first bytes of the member's name and of its packed hash...
        byte[] text = arena;
        long[] packed = hashes;
        long touched = 0;
        for (int k = 0; k < count; k++) {
            int entry = index[k];
            if (entry >= 0) {
                touched += text[names[entry]];
                int kind = kinds[entry] & KIND_MASK;
                if (kind == USER || kind == GUILD) {
                    touched += packed[2 * avatars[entry]];
                }
            }
        }
        this.touched = touched;
        // ...then the member's text, from memory that is now at hand.
        for (int k = 0; k < count; k++) {
            if (index[k] >= 0) {
                write(index[k], users[k], into[k]);
            }
        }
    }

    /** The name and avatar URL of the record at {@code index}. */
    private void write(int index, long userId, MemberText into) {
        byte[] text = arena;
        long name = span(text, names[index]);
        into.setName(text, start(name), length(name));
        into.clearAvatar();
        byte kind = kinds[index];
        int avatar = avatars[index];
        switch (kind & KIND_MASK) {
            case DEFAULT -> {
                into.appendAvatarPlain(DEFAULT_PREFIX);
                into.appendAvatarDecimal(avatar);
                into.appendAvatarPlain(STATIC_EXTENSION);
            }
            case USER -> {
                userPrefix(userId, into);
                packedHash(kind, avatar, into);
            }
            case GUILD -> {
                guildPrefix(userId, into);
                packedHash(kind, avatar, into);
            }
            case USER_TEXT -> {
                userPrefix(userId, into);
                textHash(text, avatar, into);
            }
            case GUILD_TEXT -> {
                guildPrefix(userId, into);
                textHash(text, avatar, into);
            }
            default -> appendText(text, avatar, into);
        }
    }

    private static void userPrefix(long userId, MemberText into) {
        into.appendAvatarPlain(USER_PREFIX);
        into.appendAvatarUnsigned(userId);
        into.appendAvatarPlain(SLASH);
    }

    private void guildPrefix(long userId, MemberText into) {
        into.appendAvatarPlain(GUILD_PREFIX);
        into.appendAvatarUnsigned(guildId);
        into.appendAvatarPlain(GUILD_USERS);
        into.appendAvatarUnsigned(userId);
        into.appendAvatarPlain(GUILD_AVATARS);
    }

    /** A packed hash and its extension, as {@link #hash} and {@link DiscordCdn#extension} spell them. */
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
        long span = span(text, at);
        into.appendAvatar(text, start(span), length(span));
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** The index of the member's record, or -1. */
    private int find(long userId) {
        int[] table = slots;
        long[] recordIds = ids;
        int mask = table.length - 1;
        int slot = (int) ((userId * PHI) >>> shift) & mask;
        for (int probes = 0; probes < table.length; probes++) {
            int entry = table[slot];
            if (entry == 0) {
                return -1;
            }
            if (recordIds[entry - 1] == userId) {
                return entry - 1;
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    // ---- writes --------------------------------------------------------------------------------------------------

    /** The record of {@code userId}, added when there is none. */
    private int record(long userId) {
        int index = find(userId);
        if (index >= 0) {
            return index;
        }
        if (size == ids.length) {
            growRecords();
        }
        if ((size + 1) > slots.length * 3L / 4) {
            rehash(slots.length * 2);
        }
        index = size++;
        ids[index] = userId;
        names[index] = -1;
        kinds[index] = DEFAULT;
        int mask = slots.length - 1;
        int slot = ideal(userId);
        while (slots[slot] != 0) {
            slot = (slot + 1) & mask;
        }
        slots[slot] = index + 1;
        return index;
    }

    private int ideal(long userId) {
        return (int) ((userId * PHI) >>> shift) & (slots.length - 1);
    }

    private int slotOf(long userId) {
        int mask = slots.length - 1;
        int slot = ideal(userId);
        while (slots[slot] != 0) {
            if (ids[slots[slot] - 1] == userId) {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    /** Frees a slot and moves later entries of its probe run back, so that no lookup stops short of them. */
    private void deleteSlot(int free) {
        int mask = slots.length - 1;
        int slot = free;
        while (true) {
            slot = (slot + 1) & mask;
            int entry = slots[slot];
            if (entry == 0) {
                break;
            }
            int ideal = ideal(ids[entry - 1]);
            // The entry may move to the free slot unless its ideal slot lies cyclically in (free, slot].
            boolean stays = free <= slot ? (free < ideal && ideal <= slot) : (free < ideal || ideal <= slot);
            if (!stays) {
                slots[free] = entry;
                free = slot;
            }
        }
        slots[free] = 0;
    }

    private void growRecords() {
        int capacity = ids.length + (ids.length >> 1) + 1;
        long[] newIds = java.util.Arrays.copyOf(ids, capacity);
        int[] newNames = java.util.Arrays.copyOf(names, capacity);
        byte[] newKinds = java.util.Arrays.copyOf(kinds, capacity);
        int[] newAvatars = java.util.Arrays.copyOf(avatars, capacity);
        ids = newIds;
        names = newNames;
        kinds = newKinds;
        avatars = newAvatars;
    }

    private void rehash(int tableSize) {
        slots = new int[tableSize];
        shift = 64 - Integer.numberOfTrailingZeros(tableSize);
        int mask = tableSize - 1;
        for (int index = 0; index < size; index++) {
            int slot = ideal(ids[index]);
            while (slots[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = index + 1;
        }
    }

    private void setName(int index, String name) {
        int old = names[index];
        if (old >= 0) {
            if (equalsText(old, name)) {
                return; // unchanged: nothing new in the arena
            }
            garbage += textLength(old);
            names[index] = -1;
        }
        names[index] = append(name);
    }

    private void setDefault(int index, int defaultIndex) {
        releaseAvatar(index);
        avatars[index] = defaultIndex;
    }

    private void setHash(int index, byte packedKind, byte textKind, String hash) {
        boolean animated = hash.startsWith("a_");
        int at = animated ? 2 : 0;
        Avatar packed = hash.length() == at + 32 ? Avatar.packed(packedKind, animated, hash, at) : null;
        if (packed != null) {
            setPacked(index, packed);
        } else {
            setText(index, textKind, hash);
        }
    }

    private void setPacked(int index, Avatar packed) {
        int pair;
        if ((kinds[index] & KIND_MASK) == USER || (kinds[index] & KIND_MASK) == GUILD) {
            pair = avatars[index]; // a packed hash already: its pair is reused
        } else {
            releaseAvatar(index);
            pair = newHashPair();
        }
        hashes[2 * pair] = packed.high;
        hashes[2 * pair + 1] = packed.low;
        avatars[index] = pair;
        kinds[index] = (byte) (packed.kind | (packed.animated ? ANIMATED : 0));
    }

    private void setUrl(int index, long userId, String url) {
        Avatar parsed = Avatar.parse(url, guildId, userId);
        if (parsed == null) {
            setText(index, URL_TEXT, url);
        } else if (parsed.kind == DEFAULT) {
            setDefault(index, parsed.defaultIndex);
        } else {
            setPacked(index, parsed);
        }
    }

    private void setText(int index, byte kind, String text) {
        if (kinds[index] == kind && equalsText(avatars[index], text)) {
            return;
        }
        releaseAvatar(index);
        int at = append(text);
        avatars[index] = at;
        kinds[index] = kind;
    }

    /** Frees what the member's avatar holds (text, or a hash pair); the avatar is the default afterwards. */
    private void releaseAvatar(int index) {
        int kind = kinds[index] & KIND_MASK;
        if (isText(kinds[index])) {
            garbage += textLength(avatars[index]);
        } else if (kind == USER || kind == GUILD) {
            hashes[2 * avatars[index]] = freeHash;
            freeHash = avatars[index];
        }
        kinds[index] = DEFAULT;
        avatars[index] = 0;
    }

    private int newHashPair() {
        if (freeHash >= 0) {
            int pair = freeHash;
            freeHash = (int) hashes[2 * pair];
            return pair;
        }
        if (2 * (hashPairs + 1) > hashes.length) {
            hashes = java.util.Arrays.copyOf(hashes, 2 * (hashPairs + (hashPairs >> 1) + 1));
        }
        return hashPairs++;
    }

    private static boolean isText(byte kind) {
        int k = kind & KIND_MASK;
        return k == USER_TEXT || k == GUILD_TEXT || k == URL_TEXT;
    }

    /**
     * What {@link #hex16} gives for text that is not 16 lowercase hex digits. It is also the value of {@code
     * "ffffffffffffffff"}: a hash with that half is kept as text instead of packed, with the same answers.
     */
    private static final long NOT_HEX = -1L;

    /** The digit of each lowercase hex character, -1 for every other character below {@code 'g'}. */
    private static final byte[] HEX_DIGITS = new byte['f' + 1];

    static {
        java.util.Arrays.fill(HEX_DIGITS, (byte) -1);
        for (int digit = 0; digit < 16; digit++) {
            HEX_DIGITS[Character.forDigit(digit, 16)] = (byte) digit;
        }
    }

    /**
     * The value of the 16 lowercase hex digits of {@code text} at {@code at}, read in place: an avatar hash is
     * checked and packed in one pass (a million of them at a start). {@link #NOT_HEX} when one is no such digit.
     */
    private static long hex16(String text, int at) {
        long value = 0;
        int bad = 0;
        for (int i = at; i < at + 16; i++) {
            char c = text.charAt(i);
            int digit = c < HEX_DIGITS.length ? HEX_DIGITS[c] : -1;
            bad |= digit;
            value = value << 4 | (digit & 0xF);
        }
        return bad < 0 ? NOT_HEX : value;
    }

    // ---- the arena: each text is its UTF-8 length as a varint, then its UTF-8 bytes ------------------------------

    private int append(String text) {
        if (garbage > MIN_GARBAGE_TO_COMPACT && garbage > arenaSize / 2) {
            compact();
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        int needed = 5 + bytes.length;
        if (arenaSize + needed > arena.length) {
            long grown = Math.max((long) arena.length + (arena.length >> 1), (long) arenaSize + needed);
            if (grown > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("guild " + Long.toUnsignedString(guildId) + " has too much text");
            }
            arena = java.util.Arrays.copyOf(arena, (int) grown);
        }
        int at = arenaSize;
        int pos = at;
        int length = bytes.length;
        while ((length & ~0x7F) != 0) {
            arena[pos++] = (byte) ((length & 0x7F) | 0x80);
            length >>>= 7;
        }
        arena[pos++] = (byte) length;
        System.arraycopy(bytes, 0, arena, pos, bytes.length);
        arenaSize = pos + bytes.length;
        return at;
    }

    /** Rewrites the arena with the live texts only; their offsets change. */
    private void compact() {
        byte[] old = arena;
        arena = new byte[Math.max(64, arenaSize - garbage + (arenaSize - garbage) / 4)];
        arenaSize = 0;
        garbage = 0;
        for (int index = 0; index < size; index++) {
            if (names[index] >= 0) { // < 0: the record being written, whose new name comes next
                names[index] = append(text(old, names[index]));
            }
            if (isText(kinds[index])) {
                avatars[index] = append(text(old, avatars[index]));
            }
        }
    }

    private static String text(byte[] text, int at) {
        long span = span(text, at);
        return new String(text, start(span), length(span), StandardCharsets.UTF_8);
    }

    /** The arena bytes the text at {@code at} takes, its length's varint included. */
    private int textLength(int at) {
        long span = span(arena, at);
        return start(span) - at + length(span);
    }

    /** The text at {@code at}: where its UTF-8 bytes start (after their length's varint) and how many they are. */
    private static long span(byte[] text, int at) {
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

    private static int start(long span) {
        return (int) (span >>> 32);
    }

    private static int length(long span) {
        return (int) span;
    }

    private boolean equalsText(int at, String text) {
        return text(arena, at).equals(text);
    }

    /** A Discord CDN avatar URL taken apart, when it is exactly in the form {@link DiscordCdn} builds. */
    private record Avatar(byte kind, boolean animated, long high, long low, int defaultIndex) {

        private static final String DEFAULTS = "embed/avatars/";
        private static final String USERS = "avatars/";
        private static final String GUILDS = "guilds/";
        private static final String GUILD_USERS = "/users/";
        private static final String GUILD_AVATARS = "/avatars/";

        /**
         * The avatar of {@code url} when {@link #url} gives back exactly {@code url}, else null. Read in place, with
         * no string built but the hash: a snapshot of a million members is taken apart at each start.
         */
        static Avatar parse(String url, long guildId, long userId) {
            Avatar parsed = read(url, guildId, userId);
            assert parsed == null || parsed.url(guildId, userId).equals(url) : url;
            return parsed;
        }

        private static Avatar read(String url, long guildId, long userId) {
            if (!url.startsWith(DiscordCdn.BASE)) {
                return null;
            }
            int at = DiscordCdn.BASE.length();
            if (url.startsWith(DEFAULTS, at)) {
                at += DEFAULTS.length();
                boolean oneDigit = url.length() == at + 1 + DiscordCdn.STATIC.length()
                        && url.charAt(at) >= '0'
                        && url.charAt(at) <= '9'
                        && url.startsWith(DiscordCdn.STATIC, at + 1);
                return oneDigit ? new Avatar(DEFAULT, false, 0, 0, url.charAt(at) - '0') : null;
            }
            byte kind;
            if (url.startsWith(USERS, at)) {
                kind = USER;
                at = afterId(url, at + USERS.length(), userId);
                at = at < 0 || url.charAt(at) != '/' ? -1 : at + 1;
            } else if (url.startsWith(GUILDS, at)) {
                kind = GUILD;
                at = afterId(url, at + GUILDS.length(), guildId);
                at = at < 0 || !url.startsWith(GUILD_USERS, at) ? -1 : afterId(url, at + GUILD_USERS.length(), userId);
                at = at < 0 || !url.startsWith(GUILD_AVATARS, at) ? -1 : at + GUILD_AVATARS.length();
            } else {
                return null;
            }
            if (at < 0) {
                return null;
            }
            boolean animated = url.startsWith("a_", at);
            String extension = animated ? DiscordCdn.ANIMATED : DiscordCdn.STATIC;
            int hexAt = animated ? at + 2 : at;
            if (url.length() != hexAt + 32 + extension.length() || !url.startsWith(extension, hexAt + 32)) {
                return null;
            }
            return packed(kind, animated, url, hexAt);
        }

        /** The hash of the 32 lowercase hex digits of {@code text} at {@code hexAt}, packed; null when it is not. */
        static Avatar packed(byte kind, boolean animated, String text, int hexAt) {
            long high = hex16(text, hexAt);
            long low = high == NOT_HEX ? NOT_HEX : hex16(text, hexAt + 16);
            return low == NOT_HEX ? null : new Avatar(kind, animated, high, low, 0);
        }

        /**
         * Where {@code url} goes on after {@code id} as an unsigned decimal written at {@code at} (with no leading
         * zero), or -1 when it is not written there.
         */
        private static int afterId(String url, int at, long id) {
            int end = at + digits(id);
            if (end >= url.length()) {
                return -1;
            }
            long rest = id;
            for (int i = end - 1; i >= at; i--) {
                if (url.charAt(i) != (char) ('0' + Long.remainderUnsigned(rest, 10))) {
                    return -1;
                }
                rest = Long.divideUnsigned(rest, 10);
            }
            return end;
        }

        private static int digits(long id) {
            int digits = 1;
            for (long rest = Long.divideUnsigned(id, 10); rest != 0; rest /= 10) {
                digits++;
            }
            return digits;
        }

        String url(long guildId, long userId) {
            java.util.HexFormat hex = java.util.HexFormat.of();
            String hash =
                    kind == DEFAULT ? null : (animated ? "a_" : "") + hex.toHexDigits(high) + hex.toHexDigits(low);
            return switch (kind) {
                case DEFAULT -> DiscordCdn.defaultAvatar(defaultIndex);
                case USER -> DiscordCdn.userAvatar(userId, hash);
                default -> DiscordCdn.guildAvatar(guildId, userId, hash);
            };
        }
    }
}
