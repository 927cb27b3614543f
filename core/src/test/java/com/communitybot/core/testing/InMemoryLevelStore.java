package com.communitybot.core.testing;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.IdempotencyKey;
import com.communitybot.core.model.IdempotentRequest;
import com.communitybot.core.model.LedgerAnswer;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelDelta;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.PlacedGain;
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WindowGain;
import com.communitybot.core.model.WriteReason;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.model.XpSource;
import com.communitybot.core.port.LevelLedger;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.XpLog;
import com.communitybot.core.usecase.LeaderboardOrder;
import com.communitybot.core.usecase.WindowOrder;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Level records held in memory and sorted on every read, with their XP log and idempotency keys, for tests. Every
 * change happens under one lock, with its event, as a store's transaction would: the service's writes ({@link
 * LevelLedger}) log source {@code api}, the bot's ({@link #put}, {@link #remove}) source {@code store}, an
 * import's ({@link #putAsImport}, {@link #removeAsImport}) nothing.
 */
public final class InMemoryLevelStore implements LevelStore, LevelLedger, XpLog {

    private record Kept(String fingerprint, LedgerAnswer answer, Instant at) {}

    private final Map<String, LevelRecord> records = new ConcurrentHashMap<>();
    private final List<XpEvent> events = new ArrayList<>();
    private final Map<String, Kept> keys = new HashMap<>();
    private final Object lock = new Object();
    private long lastEventId;
    private volatile Clock botClock = Clock.systemUTC();

    /** The clock of the bot's writes' events, for tests of time windows. */
    public InMemoryLevelStore botClock(Clock clock) {
        this.botClock = clock;
        return this;
    }

    /** Stores records as the bot would, replacing those with the same id, each change logged as the bot's. */
    public InMemoryLevelStore put(LevelRecord... levelRecords) {
        synchronized (lock) {
            Instant at = botClock.instant().truncatedTo(ChronoUnit.MILLIS);
            for (LevelRecord record : levelRecords) {
                LevelRecord old = records.put(record.id(), record);
                log(record.id(), old, record, XpSource.STORE, Optional.empty(), at);
            }
        }
        return this;
    }

    /** Forgets the record with this id, if there is one, as the bot would, logged as the bot's. */
    public void remove(String id) {
        synchronized (lock) {
            LevelRecord old = records.remove(id);
            log(
                    id,
                    old,
                    null,
                    XpSource.STORE,
                    Optional.empty(),
                    botClock.instant().truncatedTo(ChronoUnit.MILLIS));
        }
    }

    /** Stores a record as an import does: not logged. */
    public void putAsImport(LevelRecord record) {
        synchronized (lock) {
            records.put(record.id(), record);
        }
    }

    /** Forgets a record as an import does: not logged. */
    public void removeAsImport(String id) {
        synchronized (lock) {
            records.remove(id);
        }
    }

    /** Every record, in no order. */
    public java.util.Collection<LevelRecord> all() {
        return List.copyOf(records.values());
    }

    /** Forgets every record, event and key. */
    public void clear() {
        synchronized (lock) {
            records.clear();
            events.clear();
            keys.clear();
        }
    }

    @Override
    public Stream<LevelRecord> recordsInLeaderboardOrder(GuildId guild) {
        String prefix = guild + ":";
        return records.values().stream()
                .filter(r -> r.id().startsWith(prefix))
                .sorted(LeaderboardOrder.COMPARATOR)
                .toList()
                .stream();
    }

    // LevelLedger

    @Override
    public Optional<LevelRecord> recordOf(GuildId guild, UserId user) {
        return Optional.ofNullable(records.get(LevelRecord.idOf(guild, user)));
    }

    @Override
    public LedgerAnswer put(GuildId guild, UserId user, LevelXp value, LedgerWrite write) {
        String id = LevelRecord.idOf(guild, user);
        return idempotently(write, () -> new LedgerAnswer.Written(change(id, value.asRecord(id), write)));
    }

    @Override
    public LedgerAnswer patch(GuildId guild, UserId user, LevelDelta delta, LedgerWrite write) {
        String id = LevelRecord.idOf(guild, user);
        return idempotently(write, () -> {
            LevelXp after = delta.applyTo(Optional.ofNullable(records.get(id)).map(LevelXp::of));
            return new LedgerAnswer.Written(change(id, after.asRecord(id), write));
        });
    }

    @Override
    public LedgerAnswer remove(GuildId guild, UserId user, LedgerWrite write) {
        String id = LevelRecord.idOf(guild, user);
        return idempotently(write, () -> {
            LevelRecord old = records.get(id);
            if (old == null) {
                return new LedgerAnswer.NotFound();
            }
            change(id, null, write);
            return new LedgerAnswer.Removed(old);
        });
    }

    @Override
    public LedgerAnswer reset(GuildId guild, LedgerWrite write) {
        String prefix = guild + ":";
        return idempotently(write, () -> {
            List<String> ids = records.keySet().stream()
                    .filter(id -> id.startsWith(prefix))
                    .sorted()
                    .toList();
            ids.forEach(id -> change(id, null, write));
            return new LedgerAnswer.Reset(ids.size());
        });
    }

    /** Under the lock: the kept answer of the write's key, or the write's own answer, kept when it should be. */
    private LedgerAnswer idempotently(LedgerWrite write, java.util.function.Supplier<LedgerAnswer> change) {
        synchronized (lock) {
            Optional<IdempotentRequest> request = write.idempotency();
            String slot = request.map(r -> r.guild() + "\n" + r.key().text()).orElse(null);
            if (request.isPresent()) {
                Kept kept = keys.get(slot);
                if (kept != null && kept.at().plus(IdempotencyKey.LIFETIME).isAfter(write.at())) {
                    return kept.fingerprint().equals(request.get().fingerprint())
                            ? kept.answer()
                            : new LedgerAnswer.Conflict();
                }
            }
            LedgerAnswer answer = change.get();
            if (request.isPresent() && answer.isKept()) {
                keys.put(slot, new Kept(request.get().fingerprint(), answer, write.at()));
            }
            return answer;
        }
    }

    /** Under the lock: sets or removes the record and logs the change as the API's; the record as stored. */
    private LevelRecord change(String id, LevelRecord to, LedgerWrite write) {
        LevelRecord old = to == null ? records.remove(id) : records.put(id, to);
        log(id, old, to, XpSource.API, write.reason().map(WriteReason::text), write.at());
        return to;
    }

    private void log(
            String id, LevelRecord old, LevelRecord now, XpSource source, Optional<String> reason, Instant at) {
        Optional<LevelXp> before = Optional.ofNullable(old).map(LevelXp::of);
        Optional<LevelXp> after = Optional.ofNullable(now).map(LevelXp::of);
        if (!before.equals(after)) {
            events.add(new XpEvent(++lastEventId, id, before, after, source, reason, at));
        }
    }

    // XpLog

    @Override
    public List<XpEvent> eventsOfMember(GuildId guild, UserId user, OptionalLong before, int max) {
        String id = LevelRecord.idOf(guild, user);
        return newestFirst(e -> e.recordId().equals(id), before, max);
    }

    @Override
    public List<XpEvent> eventsOfGuild(GuildId guild, XpLogFilter filter, OptionalLong before, int max) {
        String prefix = guild + ":";
        return newestFirst(e -> e.recordId().startsWith(prefix) && filter.accepts(e), before, max);
    }

    /** The double's events are appended under its lock, so their ids are in commit order. */
    @Override
    public List<XpEvent> eventsAfter(GuildId guild, long after, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1: " + max);
        }
        String prefix = guild + ":";
        synchronized (lock) {
            List<XpEvent> found = new ArrayList<>();
            for (int i = 0; i < events.size() && found.size() < max; i++) {
                XpEvent event = events.get(i);
                if (event.id() > after && event.recordId().startsWith(prefix)) {
                    found.add(event);
                }
            }
            return found;
        }
    }

    private List<XpEvent> newestFirst(Predicate<XpEvent> wanted, OptionalLong before, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1: " + max);
        }
        synchronized (lock) {
            List<XpEvent> found = new ArrayList<>();
            for (int i = events.size() - 1; i >= 0 && found.size() < max; i--) {
                XpEvent event = events.get(i);
                if ((before.isEmpty() || event.id() < before.getAsLong()) && wanted.test(event)) {
                    found.add(event);
                }
            }
            return found;
        }
    }

    /** Computed and sorted in memory on every read, with core's own rules, which the SQL stores mirror. */
    @Override
    public Stream<WindowGain> gainsIn(GuildId guild, TimeWindow window, long after, long expected) {
        if (expected < 1) {
            throw new IllegalArgumentException("expected must be at least 1: " + expected);
        }
        if (after < 0) {
            throw new IllegalArgumentException("after must not be negative: " + after);
        }
        return windowLeaderboard(guild, window).stream().skip(after);
    }

    @Override
    public Optional<PlacedGain> placeOf(GuildId guild, TimeWindow window, String recordId) {
        List<WindowGain> ordered = windowLeaderboard(guild, window);
        for (int i = 0; i < ordered.size(); i++) {
            if (ordered.get(i).recordId().equals(recordId)) {
                return Optional.of(new PlacedGain(ordered.get(i), i + 1L));
            }
        }
        return Optional.empty();
    }

    private List<WindowGain> windowLeaderboard(GuildId guild, TimeWindow window) {
        String prefix = guild + ":";
        XpLogFilter inWindow =
                new XpLogFilter(Optional.of(window.since()), Optional.of(window.until()), Optional.empty());
        synchronized (lock) {
            Map<String, XpEvent[]> firstAndLast = new LinkedHashMap<>();
            for (XpEvent event : events) {
                if (event.recordId().startsWith(prefix) && inWindow.accepts(event)) {
                    XpEvent[] pair = firstAndLast.computeIfAbsent(event.recordId(), id -> new XpEvent[] {event, event});
                    pair[1] = event;
                }
            }
            return firstAndLast.entrySet().stream()
                    .map(e -> WindowGain.between(
                            e.getKey(),
                            e.getValue()[0].before(),
                            e.getValue()[1].after(),
                            Optional.ofNullable(records.get(e.getKey())).map(LevelXp::of)))
                    .filter(WindowOrder::counts)
                    .sorted(WindowOrder.COMPARATOR)
                    .toList();
        }
    }

    @Override
    public int deleteEventsBefore(Instant before, int max) {
        synchronized (lock) {
            List<XpEvent> old = events.stream()
                    .filter(e -> e.at().isBefore(before))
                    .sorted(Comparator.comparing(XpEvent::at).thenComparingLong(XpEvent::id))
                    .limit(max)
                    .toList();
            events.removeAll(old);
            return old.size();
        }
    }

    @Override
    public int deleteIdempotencyKeysBefore(Instant before) {
        synchronized (lock) {
            int size = keys.size();
            keys.values().removeIf(kept -> kept.at().isBefore(before));
            return size - keys.size();
        }
    }

    /** Every event kept, oldest first, for tests. */
    public List<XpEvent> events() {
        synchronized (lock) {
            return List.copyOf(events);
        }
    }
}
