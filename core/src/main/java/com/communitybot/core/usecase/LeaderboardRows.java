package com.communitybot.core.usecase;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.MemberText;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.GuildView;
import java.util.Iterator;
import java.util.stream.Stream;

/**
 * A whole leaderboard as a cursor over its entries, the entries {@link Leaderboard#of} gives, for a writer that
 * takes them one at a time: no object per entry, the member's name and avatar URL as UTF-8 bytes ({@link
 * MemberText}). The values of an entry are valid until the next {@link #next()}. Not thread-safe; the caller must
 * close it, which closes the store's read.
 *
 * <p>Members are looked up {@value #BATCH} entries at a time ({@link GuildView.Members#members}), so that their
 * lookups' memory waits overlap. A failure of the store met while reading ahead is thrown where the entries stop,
 * after every entry before it, as a cursor without read-ahead would throw it.
 */
public final class LeaderboardRows implements AutoCloseable {

    static final int BATCH = 16;

    private final Stream<LevelRecord> ordered;
    private final Iterator<LevelRecord> records;
    private final GuildView.Members members;
    private final LevelRecord[] batch = new LevelRecord[BATCH];
    private final long[] users = new long[BATCH];
    private final long[] ranks = new long[BATCH];
    private final MemberText[] texts = new MemberText[BATCH];
    private final boolean[] found = new boolean[BATCH];
    private int size;
    private int at = -1;
    private long index;
    private RuntimeException failure;
    private boolean exhausted;

    LeaderboardRows(Stream<LevelRecord> ordered, GuildView.Members members) {
        this.ordered = ordered;
        this.records = ordered.iterator();
        this.members = members;
        for (int k = 0; k < BATCH; k++) {
            texts[k] = new MemberText();
        }
    }

    /**
     * Moves to the next entry; false when there is none. A failure of the store is thrown as a {@link
     * com.communitybot.core.error.DatabaseErrorException}.
     */
    public boolean next() {
        if (++at < size) {
            return true;
        }
        fill();
        if (size > 0) {
            at = 0;
            return true;
        }
        if (failure != null) {
            RuntimeException thrown = failure;
            failure = null;
            throw thrown;
        }
        return false;
    }

    /** Reads up to a batch of ranked records ahead and looks their members up. */
    private void fill() {
        size = 0;
        at = -1;
        try {
            while (size < BATCH && !exhausted && failure == null) {
                if (!records.hasNext()) {
                    exhausted = true;
                    break;
                }
                LevelRecord record = records.next();
                index++;
                long user = LeaderboardRanking.rankedUserBits(record);
                if (user != 0) {
                    batch[size] = record;
                    users[size] = user;
                    ranks[size] = index;
                    size++;
                }
            }
        } catch (RuntimeException e) {
            failure = e; // thrown once the entries read before it are taken
        }
        if (size > 0) {
            members.members(users, size, texts, found);
            for (int k = 0; k < size; k++) {
                if (!found[k]) {
                    texts[k].setUnknown();
                }
            }
        }
    }

    /** The entry's user id, its 64 bits read as unsigned. */
    public long userId() {
        return users[at];
    }

    /** The entry's name and avatar URL: {@code Unknown User} and none when the user is not a member. */
    public MemberText member() {
        return texts[at];
    }

    public U64 level() {
        return batch[at].level();
    }

    public U64 xp() {
        return batch[at].xp();
    }

    /** The 1-based position before skipped records were removed. */
    public long rank() {
        return ranks[at];
    }

    @Override
    public void close() {
        ordered.close();
    }
}
