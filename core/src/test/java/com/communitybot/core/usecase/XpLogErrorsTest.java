package com.communitybot.core.usecase;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.port.XpLog;
import com.communitybot.core.testing.FailingStores;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalLong;

/** Which spec-7 message each method of {@link XpLog} gives when the store fails, and when it answers unreadably. */
class XpLogErrorsTest extends PortErrorsContract<XpLog> {

    private static final GuildId GUILD = new GuildId(12L);
    private static final String QUERY = "Database query failed";
    private static final String UNREADABLE = "Failed to parse database response";
    private static final String UPDATE = "Database update failed";

    @Override
    Class<XpLog> port() {
        return XpLog.class;
    }

    @Override
    Map<String, Expected<XpLog>> expected() {
        return Map.of(
                "eventsOfMember",
                new Expected<>(
                        l -> l.eventsOfMember(GUILD, new UserId(1L), OptionalLong.empty(), 1), QUERY, UNREADABLE),
                "eventsOfGuild",
                new Expected<>(
                        l -> l.eventsOfGuild(GUILD, XpLogFilter.ALL, OptionalLong.empty(), 1), QUERY, UNREADABLE),
                "eventsAfter",
                new Expected<>(l -> l.eventsAfter(GUILD, 0, 1), QUERY, UNREADABLE),
                "newestEventIds",
                new Expected<>(l -> l.newestEventIds(java.util.List.of(GUILD)), QUERY, UNREADABLE),
                "gainsIn",
                new Expected<>(
                        l -> l.gainsIn(GUILD, new TimeWindow(Instant.EPOCH, Instant.EPOCH.plusSeconds(1)), 0, 1),
                        QUERY,
                        UNREADABLE),
                "placeOf",
                new Expected<>(
                        l -> l.placeOf(GUILD, new TimeWindow(Instant.EPOCH, Instant.EPOCH.plusSeconds(1)), "12:1"),
                        QUERY,
                        UNREADABLE),
                "deleteEventsBefore",
                new Expected<>(l -> l.deleteEventsBefore(Instant.EPOCH, 1), UPDATE, UPDATE),
                "deleteIdempotencyKeysBefore",
                new Expected<>(l -> l.deleteIdempotencyKeysBefore(Instant.EPOCH), UPDATE, UPDATE));
    }

    @Override
    XpLog translatorOverStoreThrowing(StoreException failure) {
        return new XpLogErrors(FailingStores.log(failure));
    }
}
