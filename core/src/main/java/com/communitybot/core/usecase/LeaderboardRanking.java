package com.communitybot.core.usecase;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Spec 4.2 rules 3 and 4: the rank of a record is its 1-based index in leaderboard order, counted before
 * records whose user part (the text after the last {@code :}) is not a positive integer are left out, so
 * ranks can have gaps.
 */
public final class LeaderboardRanking {

    /** A record kept on the leaderboard, with its user and rank. */
    public record Ranked(UserId user, LevelRecord record, long rank) {}

    private LeaderboardRanking() {}

    /** The user a record belongs to, when its user part is a positive integer. */
    public static Optional<UserId> rankedUser(LevelRecord record) {
        long user = rankedUserBits(record);
        return user == 0 ? Optional.empty() : Optional.of(new UserId(user));
    }

    /**
     * {@link #rankedUser}'s user as its 64 bits, 0 when the record is not ranked (0 is no user's): its user part
     * parsed in place by {@link U64}'s rule.
     */
    public static long rankedUserBits(LevelRecord record) {
        String id = record.id();
        return U64.bitsOrZero(id, id.lastIndexOf(':') + 1);
    }

    /**
     * Ranks records already in leaderboard order, lazily: one record is read for each one kept or skipped.
     * Closing the result closes {@code ordered}.
     */
    public static Stream<Ranked> rank(Stream<LevelRecord> ordered) {
        Iterator<LevelRecord> records = ordered.iterator();
        Iterator<Ranked> ranked = new Iterator<>() {
            private long index;
            private Ranked next;

            @Override
            public boolean hasNext() {
                while (next == null && records.hasNext()) {
                    LevelRecord record = records.next();
                    index++;
                    long rank = index;
                    next = rankedUser(record)
                            .map(user -> new Ranked(user, record, rank))
                            .orElse(null);
                }
                return next != null;
            }

            @Override
            public Ranked next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Ranked result = next;
                next = null;
                return result;
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(ranked, Spliterator.ORDERED), false)
                .onClose(ordered::close);
    }
}
