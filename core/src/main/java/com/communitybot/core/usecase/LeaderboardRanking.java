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
        return numbered(ordered, (record, rank) -> rankedUser(record).map(user -> new Ranked(user, record, rank)));
    }

    /** What an item at a 1-based position of an ordered stream becomes; empty for an item that is skipped. */
    @FunctionalInterface
    interface AtPosition<T, R> {
        Optional<R> at(T item, long position);
    }

    /**
     * The items of {@code ordered} numbered from 1 in their order and turned into what {@code keep} gives, those it
     * gives nothing for skipped with their positions kept; lazily, one item read for each one kept or skipped.
     * Closing the result closes {@code ordered}. The leaderboard's ranks and the window's positions both count so.
     */
    static <T, R> Stream<R> numbered(Stream<T> ordered, AtPosition<T, R> keep) {
        Iterator<T> items = ordered.iterator();
        Iterator<R> kept = new Iterator<>() {
            private long position;
            private R next;

            @Override
            public boolean hasNext() {
                while (next == null && items.hasNext()) {
                    next = keep.at(items.next(), ++position).orElse(null);
                }
                return next != null;
            }

            @Override
            public R next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                R result = next;
                next = null;
                return result;
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(kept, Spliterator.ORDERED), false)
                .onClose(ordered::close);
    }
}
