package com.communitybot.core.usecase;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LeaderboardCursor;
import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.model.LeaderboardPage;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.PlacedRecord;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.port.LevelStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A guild's ranked member leaderboard (spec 4.2), whole, a page at a time, or one member's entry. Pages and
 * member entries are additions to the spec: their entries are exactly those of the whole leaderboard.
 */
public final class Leaderboard {

    /** The most entries a page may ask for. */
    public static final int MAX_PAGE = 1000;

    private final GuildView guilds;
    private final LevelStore levels;
    private final BotPresence presence;

    public Leaderboard(GuildView guilds, LevelStore levels) {
        this.guilds = Objects.requireNonNull(guilds, "guilds");
        this.levels = new LevelStoreErrors(Objects.requireNonNull(levels, "levels"));
        this.presence = new BotPresence(guilds);
    }

    /**
     * The guild's leaderboard, read from the store as it is consumed; the caller must close it. The
     * presence check and the store query have happened when this returns, so their failures are thrown
     * here. A failure while the entries are read is thrown from the stream as a
     * {@link com.communitybot.core.error.DatabaseErrorException}.
     */
    public Stream<LeaderboardEntry> of(GuildId guild) {
        GuildView.Members members = presentMembers(guild);
        return LeaderboardRanking.rank(levels.recordsInLeaderboardOrder(guild)).map(ranked -> entry(members, ranked));
    }

    /**
     * The guild's leaderboard as {@link #of} gives it, as a cursor that makes no object per entry and gives the
     * members' names and avatar URLs as UTF-8 bytes; the caller must close it. Checked and failing as {@link #of}.
     */
    public LeaderboardRows rows(GuildId guild) {
        GuildView.Members members = presentMembers(guild);
        return new LeaderboardRows(levels.recordsInLeaderboardOrder(guild), members);
    }

    /**
     * Up to {@code limit} entries of the guild's leaderboard: the first ones, or those right after {@code
     * after}, with their absolute ranks. Checked in the spec's order: the request ({@code limit}, the cursor's
     * guild), then the bot's presence, then the store. Entries come from one read of the store where the page
     * has no unranked records among its entries; else from as many reads as it takes to skip them.
     *
     * @throws InvalidInputException {@code limit} is not from 1 to {@value #MAX_PAGE}, or the cursor is of
     *     another guild
     */
    public LeaderboardPage page(GuildId guild, int limit, Optional<LeaderboardCursor> after) {
        if (limit < 1 || limit > MAX_PAGE) {
            throw invalidLimit();
        }
        if (after.isPresent() && !after.get().guild().equals(guild)) {
            throw new InvalidInputException("Invalid after: the cursor is of another guild's leaderboard");
        }
        GuildView.Members members = presentMembers(guild);
        // One more entry than asked for tells whether there is a next page.
        List<LeaderboardRanking.Ranked> found = new ArrayList<>(limit + 1);
        Optional<LevelRecord> from = after.map(LeaderboardCursor::last);
        long position = after.map(LeaderboardCursor::rank).orElse(0L);
        while (found.size() <= limit) {
            int wanted = limit + 1 - found.size();
            List<LevelRecord> records = levels.recordsInLeaderboardOrder(guild, from, wanted);
            for (LevelRecord record : records) {
                position++;
                Optional<UserId> user = LeaderboardRanking.rankedUser(record);
                if (user.isPresent()) {
                    found.add(new LeaderboardRanking.Ranked(user.get(), record, position));
                }
            }
            if (records.size() < wanted) {
                break; // the guild has no more records
            }
            from = Optional.of(records.get(records.size() - 1));
        }
        List<LeaderboardEntry> entries = found.stream()
                .limit(limit)
                .map(ranked -> entry(members, ranked))
                .toList();
        Optional<LeaderboardCursor> next = Optional.empty();
        if (found.size() > limit) {
            LeaderboardRanking.Ranked last = found.get(limit - 1);
            next = Optional.of(new LeaderboardCursor(guild, last.record(), last.rank()));
        }
        return new LeaderboardPage(entries, next);
    }

    /**
     * The user's entry, exactly as it stands in the guild's whole leaderboard: the entry of the record the
     * bot keeps for a member, {@code <guild_id>:<user_id>}, ranked by the records before it.
     *
     * @throws NotFoundException the bot is not in the guild, or the user has no ranked record in it
     */
    public LeaderboardEntry entryOf(GuildId guild, UserId user) {
        GuildView.Members members = presentMembers(guild);
        PlacedRecord placed =
                levels.placeOf(guild, LevelRecord.idOf(guild, user)).orElseThrow(NotFoundException::userNotRanked);
        return LeaderboardRanking.rankedUser(placed.record())
                .map(ranked ->
                        entry(members, new LeaderboardRanking.Ranked(ranked, placed.record(), placed.position())))
                .orElseThrow(NotFoundException::userNotRanked);
    }

    /** The refusal of a page size out of range, as the request's parameter names it. */
    public static InvalidInputException invalidLimit() {
        return new InvalidInputException("Invalid limit: must be an integer from 1 to " + MAX_PAGE);
    }

    /**
     * The presence check, and the guild's members as they stand at it: every name of the answer comes from them,
     * so a guild that leaves the view while the answer is written (its shard reconnecting) leaves it whole.
     */
    private GuildView.Members presentMembers(GuildId guild) {
        presence.requirePresent(guild);
        return guilds.members(guild).orElseThrow(NotFoundException::botNotInGuild);
    }

    private static LeaderboardEntry entry(GuildView.Members members, LeaderboardRanking.Ranked ranked) {
        Optional<Member> member = members.member(ranked.user());
        LevelRecord record = ranked.record();
        return new LeaderboardEntry(
                ranked.user(),
                member.map(Member::displayName).orElse(LeaderboardEntry.UNKNOWN_USER),
                member.map(Member::avatarUrl).orElse(""),
                record.level(),
                record.xp(),
                ranked.rank());
    }
}
