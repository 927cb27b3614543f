package com.communitybot.discord.members;

import com.communitybot.core.model.Member;
import com.communitybot.core.model.MemberText;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.StampedLock;

/**
 * The members of one guild, kept compact for a live view that holds millions: no object per member. A member is a
 * record index in a {@link UserIdTable} of user ids; its display name is UTF-8 in the guild's {@link TextArena};
 * its avatar is what {@link MemberAvatars} keeps of it (a packed hash, a default avatar's index, or text), from
 * which the URL is built on each read, so no URL string is kept. Both live views keep their members here: the
 * Discord view, fed from JDA's events, and the app's snapshot view, read from its file.
 *
 * <p>Thread-safe: writers take a lock; readers do not wait for one as long as no writer runs at the same time
 * ({@link OptimisticReads}).
 */
public final class GuildMembers implements GuildView.Members {

    private final long guildId;
    private final StampedLock lock = new StampedLock();
    private final UserIdTable table;
    private final TextArena texts;
    private final MemberAvatars avatars;

    /** Each record's name, as its offset in {@link #texts}; -1 while a new record's first name is being written. */
    private int[] names;

    /** What the batched reads loaded ahead of use, kept so that their loads are not optimized away. */
    private long touched;

    public GuildMembers(long guildId) {
        this(guildId, 0);
    }

    /** An empty guild with room for {@code expectedMembers} before it grows. */
    public GuildMembers(long guildId, int expectedMembers) {
        this.guildId = guildId;
        table = new UserIdTable(expectedMembers);
        int capacity = table.capacity();
        names = new int[capacity];
        texts = new TextArena(guildId, Math.max(64, capacity * 12));
        avatars = new MemberAvatars(texts, capacity);
    }

    /** The guild these members belong to. */
    public long guildId() {
        return guildId;
    }

    /** How many members the guild has. */
    public int size() {
        long stamp = lock.readLock();
        try {
            return table.size();
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /** Whether {@code userId} is a member. */
    public boolean contains(long userId) {
        long stamp = lock.readLock();
        try {
            return table.find(userId) >= 0;
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /** The member {@code user} with the name and avatar URL to show; empty when the user is not a member. */
    @Override
    public Optional<Member> member(UserId user) {
        return Optional.ofNullable(OptimisticReads.read(lock, () -> read(user)));
    }

    /**
     * The member {@code user}'s name and avatar URL, the bytes of {@link #member(UserId)}'s strings in UTF-8, written
     * into {@code into} with no object made; false when the user is not a member.
     */
    @Override
    public boolean member(UserId user, MemberText into) {
        return OptimisticReads.read(lock, () -> read(user.value(), into));
    }

    /**
     * {@link #member(UserId, MemberText)} of {@code count} users at once, each member into its {@code into[k]},
     * {@code found[k]} telling whether it is one: their reads of the arrays go in steps, one step of every user
     * before the next step, so the memory waits of different users overlap instead of coming one after the other.
     */
    @Override
    public void members(long[] users, int count, MemberText[] into, boolean[] found) {
        OptimisticReads.read(lock, () -> {
            read(users, count, into, found);
            return null;
        });
    }

    /** Adds the member, or replaces what is known of it, by Discord's rules of name and avatar. */
    public void put(DiscordMember member) {
        String name = member.displayName();
        long stamp = lock.writeLock();
        try {
            int index = record(member.userId());
            setName(index, name);
            if (member.guildAvatar() != null) {
                setHash(index, MemberAvatars.GUILD, MemberAvatars.GUILD_TEXT, member.guildAvatar());
            } else if (member.userAvatar() != null) {
                setHash(index, MemberAvatars.USER, MemberAvatars.USER_TEXT, member.userAvatar());
            } else {
                avatars.setDefault(index, member.defaultAvatar());
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
            if (!avatars.setUrl(index, guildId, userId, avatarUrl)) {
                setText(index, MemberAvatars.URL_TEXT, avatarUrl);
            }
        } finally {
            lock.unlockWrite(stamp);
        }
    }

    /** Removes the member; nothing when it is not one. */
    public void remove(long userId) {
        long stamp = lock.writeLock();
        try {
            int index = table.remove(userId);
            if (index < 0) {
                return;
            }
            texts.release(names[index]);
            avatars.release(index);
            int last = table.size();
            if (index != last) {
                // The table moved the last record to the removed one's index, so records stay dense.
                names[index] = names[last];
                avatars.move(last, index);
            }
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
            if (texts.hasGarbage()) {
                compact();
            }
            int records = table.size();
            names = Arrays.copyOf(names, Math.max(1, records));
            avatars.trim(records);
            texts.trim();
            table.trim();
        } finally {
            lock.unlockWrite(stamp);
        }
    }

    // ---- reads ---------------------------------------------------------------------------------------------------

    private Member read(UserId user) {
        int index = table.find(user.value());
        if (index < 0) {
            return null;
        }
        MemberText text = new MemberText();
        write(index, user.value(), text);
        return new Member(user, text.nameText(), text.avatarText());
    }

    /** {@link #member(UserId)}'s member as bytes: the URL built as {@link DiscordCdn} builds it. */
    private boolean read(long userId, MemberText into) {
        int index = table.find(userId);
        if (index < 0) {
            return false;
        }
        write(index, userId, into);
        return true;
    }

    private void read(long[] users, int count, MemberText[] into, boolean[] found) {
        // Each step's loads are independent of one another: every user's record, found in the table's steps...
        int[] index = new int[count];
        table.find(users, count, index);
        // ...the first bytes of the member's name and of its packed hash...
        byte[] text = texts.bytes();
        int[] nameAt = names;
        long touched = 0;
        for (int k = 0; k < count; k++) {
            int entry = index[k];
            found[k] = entry >= 0;
            if (entry >= 0) {
                touched += text[nameAt[entry]] + avatars.touch(entry);
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
        byte[] text = texts.bytes();
        long name = TextArena.span(text, names[index]);
        into.setName(text, TextArena.start(name), TextArena.length(name));
        avatars.write(index, guildId, userId, text, into);
    }

    // ---- writes --------------------------------------------------------------------------------------------------

    /** The record of {@code userId}, added when there is none. */
    private int record(long userId) {
        int index = table.find(userId);
        if (index >= 0) {
            return index;
        }
        index = table.add(userId);
        if (names.length < table.capacity()) {
            names = Arrays.copyOf(names, table.capacity());
            avatars.grow(table.capacity());
        }
        names[index] = -1;
        avatars.added(index);
        return index;
    }

    private void setName(int index, String name) {
        int old = names[index];
        if (old >= 0) {
            if (texts.equalsText(old, name)) {
                return; // unchanged: nothing new in the arena
            }
            texts.release(old);
            names[index] = -1;
        }
        names[index] = append(name);
    }

    private void setHash(int index, byte packedKind, byte textKind, String hash) {
        if (!avatars.setHash(index, packedKind, hash)) {
            setText(index, textKind, hash);
        }
    }

    private void setText(int index, byte kind, String text) {
        if (avatars.holdsText(index, kind, text)) {
            return;
        }
        avatars.release(index);
        avatars.setText(index, kind, append(text));
    }

    /** Adds the text to the arena, compacting the arena first when it is mostly garbage; the text's offset. */
    private int append(String text) {
        if (texts.wantsCompaction()) {
            compact();
        }
        return texts.append(text);
    }

    /** Rewrites the arena with the live texts only; their offsets change. */
    private void compact() {
        byte[] old = texts.restart();
        for (int index = 0; index < table.size(); index++) {
            if (names[index] >= 0) { // < 0: the record being written, whose new name comes next
                names[index] = texts.move(old, names[index]);
            }
            avatars.moveText(index, old);
        }
    }
}
