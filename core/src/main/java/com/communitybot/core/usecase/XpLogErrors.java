package com.communitybot.core.usecase;

import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.PlacedGain;
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WindowGain;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.port.XpLog;
import java.time.Instant;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

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
    public Map<GuildId, Long> newestEventIds(Collection<GuildId> guilds) {
        return failingAs(DatabaseErrorException::readFailed, () -> log.newestEventIds(guilds));
    }

    @Override
    public List<XpEvent> eventsAfter(GuildId guild, long after, int max) {
        return failingAs(DatabaseErrorException::readFailed, () -> log.eventsAfter(guild, after, max));
    }

    /** A failure when the read starts and one from the stream later give the same message. */
    @Override
    public Stream<WindowGain> gainsIn(GuildId guild, TimeWindow window, long after, long expected) {
        Stream<WindowGain> gains =
                failingAs(DatabaseErrorException::readFailed, () -> log.gainsIn(guild, window, after, expected));
        Iterator<WindowGain> read = gains.iterator();
        Iterator<WindowGain> translated = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return failingAs(DatabaseErrorException::readFailed, read::hasNext);
            }

            @Override
            public WindowGain next() {
                hasNext();
                return read.next();
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(translated, Spliterator.ORDERED), false)
                .onClose(gains::close);
    }

    @Override
    public Optional<PlacedGain> placeOf(GuildId guild, TimeWindow window, String recordId) {
        return failingAs(DatabaseErrorException::readFailed, () -> log.placeOf(guild, window, recordId));
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
