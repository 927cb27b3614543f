package com.communitybot.core.usecase;

import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.Member;
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
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Who gained most in a window of time (ledger L3), from the XP log: per record, the level and xp gained from
 * before the window's first event to after its last. Records that gained a level, or no level but some xp, are
 * ordered by level gained, then xp gained, both descending, then record id ascending byte by byte; ranks and the
 * skipping of records that are not users are spec 4.2's ({@link LeaderboardRanking}), in that order. An entry
 * shows the member's current level and xp (0 and 0 when the record is gone now).
 */
public final class WindowLeaderboard {

    /** The window order of records that gained. */
    static final Comparator<WindowGain> ORDER = Comparator.comparing(WindowGain::levelGained, Comparator.reverseOrder())
            .thenComparing(WindowGain::xpGained, Comparator.reverseOrder())
            .thenComparing(WindowGain::recordId, LeaderboardOrder::compareUtf8);

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

    /** The whole window leaderboard of the guild. */
    public List<WindowEntry> of(GuildId guild, TimeWindow window) {
        return page(guild, window, Integer.MAX_VALUE, OptionalLong.empty()).entries();
    }

    /**
     * Up to {@code limit} entries after position {@code after} (the entries after the one whose rank it is),
     * from the first when empty.
     */
    public WindowPage page(GuildId guild, TimeWindow window, int limit, OptionalLong after) {
        if (limit < 1) {
            throw Leaderboard.invalidLimit();
        }
        GuildView.Members members = presentMembers(guild);
        List<WindowGain> ordered = ordered(guild, window);
        List<WindowEntry> entries = new ArrayList<>();
        int from = (int) Math.min(after.orElse(0), ordered.size());
        int position = from;
        OptionalLong next = OptionalLong.empty();
        for (; position < ordered.size(); position++) {
            Optional<WindowEntry> entry = entry(members, ordered.get(position), position + 1L);
            if (entry.isEmpty()) {
                continue;
            }
            if (entries.size() == limit) {
                next = OptionalLong.of(entries.get(limit - 1).member().rank());
                break;
            }
            entries.add(entry.get());
        }
        return new WindowPage(window, entries, next);
    }

    /** The member's entry of the window leaderboard; 404 {@code User not ranked} when they gained nothing. */
    public WindowEntry entryOf(GuildId guild, UserId user, TimeWindow window) {
        GuildView.Members members = presentMembers(guild);
        String id = LevelRecord.idOf(guild, user);
        List<WindowGain> ordered = ordered(guild, window);
        for (int i = 0; i < ordered.size(); i++) {
            if (ordered.get(i).recordId().equals(id)) {
                return entry(members, ordered.get(i), i + 1L).orElseThrow(NotFoundException::userNotRanked);
            }
        }
        throw NotFoundException.userNotRanked();
    }

    private List<WindowGain> ordered(GuildId guild, TimeWindow window) {
        return log.gainsIn(guild, window).stream()
                .filter(WindowLeaderboard::gained)
                .sorted(ORDER)
                .toList();
    }

    /** Ledger L3: a level gained, or no level and some xp. */
    static boolean gained(WindowGain gain) {
        int level = gain.levelGained().signum();
        return level > 0 || level == 0 && gain.xpGained().signum() > 0;
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
