package com.communitybot.core.usecase;

import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WindowGain;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.port.XpLog;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@link XpLog} as the use cases call it: the one place that decides which spec-7 message each of its methods
 * gives when the store fails. Reads give {@code Database query failed} (or {@code Failed to parse database
 * response}); the retention's deletes, {@code Database update failed}.
 */
final class XpLogErrors implements XpLog {

    private final XpLog log;

    XpLogErrors(XpLog log) {
        this.log = log;
    }

    @Override
    public List<XpEvent> eventsOfMember(GuildId guild, UserId user, OptionalLong before, int max) {
        return failingAs(DatabaseErrorException::readFailed, () -> log.eventsOfMember(guild, user, before, max));
    }

    @Override
    public List<XpEvent> eventsOfGuild(GuildId guild, XpLogFilter filter, OptionalLong before, int max) {
        return failingAs(DatabaseErrorException::readFailed, () -> log.eventsOfGuild(guild, filter, before, max));
    }

    @Override
    public List<WindowGain> gainsIn(GuildId guild, TimeWindow window) {
        return failingAs(DatabaseErrorException::readFailed, () -> log.gainsIn(guild, window));
    }

    @Override
    public int deleteEventsBefore(Instant before, int max) {
        return failingAs(DatabaseErrorException::updateFailed, () -> log.deleteEventsBefore(before, max));
    }

    @Override
    public int deleteIdempotencyKeysBefore(Instant before) {
        return failingAs(DatabaseErrorException::updateFailed, () -> log.deleteIdempotencyKeysBefore(before));
    }

    private static <T> T failingAs(Function<StoreException, DatabaseErrorException> error, Supplier<T> call) {
        try {
            return call.get();
        } catch (StoreException e) {
            throw error.apply(e);
        }
    }
}
