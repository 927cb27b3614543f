package com.communitybot.core.usecase;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.Member;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.port.LevelStore;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/** A guild's ranked member leaderboard (spec 4.2). */
public final class Leaderboard {

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
        presence.requirePresent(guild);
        return LeaderboardRanking.rank(levels.recordsInLeaderboardOrder(guild)).map(ranked -> entry(guild, ranked));
    }

    private LeaderboardEntry entry(GuildId guild, LeaderboardRanking.Ranked ranked) {
        Optional<Member> member = guilds.member(guild, ranked.user());
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
