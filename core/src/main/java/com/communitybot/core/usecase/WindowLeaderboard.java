package com.communitybot.core.usecase;

import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.PlacedGain;
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WindowEntry;
import com.communitybot.core.model.WindowGain;
import com.communitybot.core.model.WindowPage;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.port.XpLog;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Who gained most in a window of time (ledger L3), from the XP log: the store gives the gains that count, already in
 * {@link WindowOrder} and from a position on, so a window of any size is read as it is written out and never held
 * whole; ranks and the skipping of records that are not users are spec 4.2's ({@link LeaderboardRanking}), in that
 * order. An entry shows the member's current level and xp (0 and 0 when the record is gone now).
 */
public final class WindowLeaderboard {

    private final GuildView guilds;
    private final BotPresence presence;
    private final XpLog log;
    private final XpLogRetention retention;
    private final Clock clock;

    public WindowLeaderboard(GuildView guilds, XpLog log, XpLogRetention retention, Clock clock) {
        this.guilds = Objects.requireNonNull(guilds, "guilds");
        this.presence = new BotPresence(guilds);
        this.log = new XpLogErrors(Objects.requireNonNull(log, "log"));
        this.retention = Objects.requireNonNull(retention, "retention");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The window from {@code since} to {@code until}, now when it is empty, checked: {@code until} after {@code
     * since}, and {@code since} within the retained history.
     */
    public TimeWindow window(Instant since, Optional<Instant> until) {
        Instant now = clock.instant();
        TimeWindow window = new TimeWindow(since, until.orElse(now));
        retention.requireRetained(since, now);
        return window;
    }

    /**
     * The whole window leaderboard of the guild, read from the store as it is consumed; the caller must close it.
     * The presence check and the store query have happened when this returns, so their failures are thrown here; a
     * failure while the entries are read is thrown from the stream.
     */
    public Stream<WindowEntry> of(GuildId guild, TimeWindow window) {
        GuildView.Members members = presentMembers(guild);
        Stream<WindowGain> gains = log.gainsIn(guild, window, 0, Long.MAX_VALUE);
        return LeaderboardRanking.numbered(gains, (gain, position) -> entry(members, gain, position));
    }

    /**
     * Up to {@code limit} entries after position {@code after} (the entries after the one whose rank it is),
     * from the first when empty. The store starts at that position, and is read only until the entry after the
     * page tells that a next page exists.
     */
    public WindowPage page(GuildId guild, TimeWindow window, int limit, OptionalLong after) {
        if (limit < 1) {
            throw Leaderboard.invalidLimit();
        }
        GuildView.Members members = presentMembers(guild);
        long position = after.orElse(0);
        List<WindowEntry> entries = new ArrayList<>(Math.min(limit, Leaderboard.MAX_PAGE));
        OptionalLong next = OptionalLong.empty();
        try (Stream<WindowGain> gains = log.gainsIn(guild, window, position, expectedGains(limit))) {
            Iterator<WindowGain> ordered = gains.iterator();
            while (ordered.hasNext()) {
                Optional<WindowEntry> entry = entry(members, ordered.next(), ++position);
                if (entry.isEmpty()) {
                    continue;
                }
                if (entries.size() == limit) {
                    next = OptionalLong.of(entries.get(limit - 1).member().rank());
                    break;
                }
                entries.add(entry.get());
            }
        }
        return new WindowPage(window, entries, next);
    }

    /**
     * The gains a page of {@code limit} entries is expected to read: its entries and the one after them, which tells
     * that a next page exists, with room for records that are not users (skipped, yet they take their positions):
     * as many again, and at least a hundred. A page that needs more reads on; it only costs the store more.
     */
    static long expectedGains(int limit) {
        return 2L * (limit + 1) + 100;
    }

    /**
     * The member's entry of the window leaderboard, placed by the store without reading the gains before it; 404
     * {@code User not ranked} when they gained nothing.
     */
    public WindowEntry entryOf(GuildId guild, UserId user, TimeWindow window) {
        GuildView.Members members = presentMembers(guild);
        PlacedGain placed =
                log.placeOf(guild, window, LevelRecord.idOf(guild, user)).orElseThrow(NotFoundException::userNotRanked);
        return entry(members, placed.gain(), placed.position()).orElseThrow(NotFoundException::userNotRanked);
    }

    private GuildView.Members presentMembers(GuildId guild) {
        presence.requirePresent(guild);
        return guilds.members(guild).orElseThrow(NotFoundException::botNotInGuild);
    }

    private static Optional<WindowEntry> entry(GuildView.Members members, WindowGain gain, long rank) {
        LevelXp current = gain.current().orElse(LevelXp.ZERO);
        LevelRecord record = current.asRecord(gain.recordId());
        return LeaderboardRanking.rankedUser(record).map(user -> {
            Optional<Member> member = members.member(user);
            LeaderboardEntry entry = new LeaderboardEntry(
                    user,
                    member.map(Member::displayName).orElse(LeaderboardEntry.UNKNOWN_USER),
                    member.map(Member::avatarUrl).orElse(""),
                    current.level(),
                    current.xp(),
                    rank);
            return new WindowEntry(entry, gain.levelGained(), gain.xpGained());
        });
    }
}
