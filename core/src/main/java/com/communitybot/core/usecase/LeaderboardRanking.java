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
        return U64.tryParse(record.userPart()).filter(u -> !u.isZero()).map(u -> new UserId(u.bits()));
    }

    /**
     * {@link #rankedUser}'s user as its 64 bits, 0 when the record is not ranked (0 is no user's), parsed in place by
     * {@link U64}'s rule.
     */
    public static long rankedUserBits(LevelRecord record) {
        String id = record.id();
        int at = id.lastIndexOf(':') + 1;
        int end = id.length();
        if (at < end && id.charAt(at) == '+') {
            at++;
        }
        if (at == end) {
            return 0; // no digits
        }
        while (at < end && id.charAt(at) == '0') {
            at++;
        }
        if (end - at > 20) {
            return 0; // more digits than the largest value has, unless one is not a digit: unranked either way
        }
        long value = 0;
        for (int i = at; i < end; i++) {
            int digit = id.charAt(i) - '0';
            if (digit < 0 || digit > 9) {
                return 0;
            }
            if (Long.compareUnsigned(value, 1844674407370955161L) > 0 || (value == 1844674407370955161L && digit > 5)) {
                return 0; // above 18446744073709551615
            }
            value = value * 10 + digit;
        }
        return value;
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
