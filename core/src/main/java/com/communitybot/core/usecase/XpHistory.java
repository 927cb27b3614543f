package com.communitybot.core.usecase;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.model.XpLogPage;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.port.XpLog;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.IntFunction;

/**
 * The XP log as its readers see it (ledger L2): one member's history or a guild's log, newest first, a page at a
 * time, with the leaderboard's page sizes. Checked in the contract's order: the request ({@code limit}), then the
 * bot's presence, then the store.
 */
public final class XpHistory {

    /** The page size when none is asked for. */
    public static final int DEFAULT_PAGE = 100;

    private final BotPresence presence;
    private final XpLog log;

    public XpHistory(GuildView guilds, XpLog log) {
        this.presence = new BotPresence(guilds);
        this.log = new XpLogErrors(Objects.requireNonNull(log, "log"));
    }

    /** Up to {@code limit} events of the member's record, older than {@code after} when given. */
    public XpLogPage ofMember(GuildId guild, UserId user, int limit, OptionalLong after) {
        return page(guild, limit, max -> log.eventsOfMember(guild, user, after, max));
    }

    /** Up to {@code limit} events of the guild that {@code filter} accepts, older than {@code after} when given. */
    public XpLogPage ofGuild(GuildId guild, XpLogFilter filter, int limit, OptionalLong after) {
        return page(guild, limit, max -> log.eventsOfGuild(guild, filter, after, max));
    }

    private XpLogPage page(GuildId guild, int limit, IntFunction<List<XpEvent>> read) {
        if (limit < 1 || limit > Leaderboard.MAX_PAGE) {
            throw Leaderboard.invalidLimit();
        }
        presence.requirePresent(guild);
        // One more event than asked for tells whether there is a next page.
        List<XpEvent> events = read.apply(limit + 1);
        if (events.size() <= limit) {
            return new XpLogPage(events, OptionalLong.empty());
        }
        List<XpEvent> page = events.subList(0, limit);
        return new XpLogPage(page, OptionalLong.of(page.get(limit - 1).id()));
    }
}
