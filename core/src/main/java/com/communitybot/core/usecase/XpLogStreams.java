package com.communitybot.core.usecase;

import com.communitybot.core.error.TooManyStreamsException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.port.XpLog;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The live XP log (ledger L4): streams of a guild's events as they are committed, whoever wrote them, each resumable
 * after the last event it gave. The streams follow the log itself, polled ({@link #poll}, which the adapter runs
 * every so often on one thread): a guild's event ids are in the order its events commit (the store's promise, {@link
 * XpLog#eventsAfter}), so a stream that goes on after the last id it gave misses nothing and gives nothing twice, and
 * every instance on one PostgreSQL sees every writer's events. Streams of a guild at the same place read one batch
 * together.
 *
 * <p>A stream is given no more events than its reader has room for ({@link Listener#room}): a slow reader is never
 * buffered for without bound, it falls behind and reads from the log at its own pace, and the transport cuts it once
 * it stops reading. At most {@code maxStreams} are open at once. Checked in the contract's order: the bot's presence,
 * then the number of streams, then the store (where the stream starts).
 */
public final class XpLogStreams {

    /** Most events one stream is given by one read of the log. */
    static final int BATCH = 500;

    private static final System.Logger LOG = System.getLogger(XpLogStreams.class.getName());

    /** The side that writes a stream out; called by one thread at a time. */
    public interface Listener {

        /** How many events the reader can be given now. */
        int room();

        void event(XpEvent event);

        /**
         * The id the stream resumed from is no longer in the log (older than the retained history): the stream
         * goes on from {@code newest}, the guild's newest event now (0 when it has none).
         */
        void reset(long newest);

        /** Nothing happened for a while; also the stream's first word when it starts without a reset. */
        void keepAlive();

        /** The service stops: the stream ends cleanly. */
        void end();
    }

    /** One open stream; closed by its reader's going away. */
    public final class Stream implements AutoCloseable {

        private final GuildId guild;
        private final Listener listener;
        private volatile long position;
        private volatile Instant lastWord;
        private boolean closed;

        private Stream(GuildId guild, Listener listener, long position, Instant opened) {
            this.guild = guild;
            this.listener = listener;
            this.position = position;
            this.lastWord = opened;
        }

        /** The id of the last event given (or the place it started from). */
        public long position() {
            return position;
        }

        @Override
        public void close() {
            synchronized (this) {
                if (closed) {
                    return;
                }
                closed = true;
            }
            Set<Stream> ofGuild = streams.get(guild);
            if (ofGuild != null) {
                ofGuild.remove(this);
                streams.computeIfPresent(guild, (g, set) -> set.isEmpty() ? null : set);
            }
            open.decrementAndGet();
        }
    }

    private final BotPresence presence;
    private final XpLog log;
    private final int maxStreams;
    private final Duration keepAlive;
    private final Clock clock;
    private final Map<GuildId, Set<Stream>> streams = new ConcurrentHashMap<>();
    private final AtomicInteger open = new AtomicInteger();
    private volatile boolean ending;

    public XpLogStreams(GuildView guilds, XpLog log, int maxStreams, Duration keepAlive, Clock clock) {
        this.presence = new BotPresence(guilds);
        this.log = new XpLogErrors(Objects.requireNonNull(log, "log"));
        if (maxStreams < 1) {
            throw new IllegalArgumentException("maxStreams must be at least 1: " + maxStreams);
        }
        this.maxStreams = maxStreams;
        this.keepAlive = Objects.requireNonNull(keepAlive, "keepAlive");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Opens a stream of the guild's events after {@code lastEventId}, or after the newest event now when none is
     * given; an id that is not in the guild's log (retention removed it, or it never was the guild's) starts with
     * {@link Listener#reset} and goes on from now. The listener's first call is a reset or a keep-alive.
     */
    public Stream open(GuildId guild, OptionalLong lastEventId, Listener listener) {
        Objects.requireNonNull(listener, "listener");
        presence.requirePresent(guild);
        if (ending) {
            throw new TooManyStreamsException();
        }
        if (open.incrementAndGet() > maxStreams) {
            open.decrementAndGet();
            throw new TooManyStreamsException();
        }
        try {
            long newest = newest(guild);
            Stream stream;
            if (lastEventId.isPresent() && !inTheLog(guild, lastEventId.getAsLong())) {
                stream = new Stream(guild, listener, newest, clock.instant());
                listener.reset(newest);
            } else {
                stream = new Stream(guild, listener, lastEventId.orElse(newest), clock.instant());
                listener.keepAlive();
            }
            streams.computeIfAbsent(guild, g -> ConcurrentHashMap.newKeySet()).add(stream);
            return stream;
        } catch (RuntimeException e) {
            open.decrementAndGet();
            throw e;
        }
    }

    private long newest(GuildId guild) {
        return log.newestEventIds(List.of(guild)).getOrDefault(guild, 0L);
    }

    private boolean inTheLog(GuildId guild, long id) {
        OptionalLong below = id == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(id + 1);
        List<XpEvent> at = log.eventsOfGuild(guild, XpLogFilter.ALL, below, 1);
        return !at.isEmpty() && at.get(0).id() == id;
    }

    /** How many streams are open. */
    public int open() {
        return open.get();
    }

    /**
     * One round: gives each stream the events committed since its place, as many as it has room for, and a
     * keep-alive to each that has been quiet for the keep-alive interval. A store that fails is tried again at the
     * next round; the streams stay open.
     *
     * @return whether a read came back as full as the room asked for, so that more events may be waiting for a
     *     reader that keeps reading: the caller runs the next round soon instead of at its usual interval, and a
     *     guild that writes faster than one batch a round is followed at its readers' pace
     */
    public boolean poll() {
        Instant now = clock.instant();
        Map<GuildId, Long> newest;
        try {
            // One read for every guild with a stream: most rounds find nothing new, and read nothing more.
            newest = streams.isEmpty() ? Map.of() : log.newestEventIds(List.copyOf(streams.keySet()));
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "The live XP log could not be read", e);
            newest = Map.of();
        }
        boolean more = false;
        for (Map.Entry<GuildId, Set<Stream>> guild : streams.entrySet()) {
            long newestThere = newest.getOrDefault(guild.getKey(), 0L);
            Map<Long, List<Stream>> byPlace = new LinkedHashMap<>();
            for (Stream stream : guild.getValue()) {
                byPlace.computeIfAbsent(stream.position, p -> new ArrayList<>()).add(stream);
            }
            for (Map.Entry<Long, List<Stream>> place : byPlace.entrySet()) {
                more |= feed(guild.getKey(), place.getKey(), place.getKey() < newestThere, place.getValue(), now);
            }
        }
        return more;
    }

    /** Feeds one group of a guild's streams at the same place; whether its read came back full. */
    private boolean feed(GuildId guild, long after, boolean behind, List<Stream> group, Instant now) {
        int room = 0;
        for (Stream stream : group) {
            room = Math.max(room, Math.min(BATCH, stream.listener.room()));
        }
        List<XpEvent> events = List.of();
        if (behind && room > 0) {
            try {
                events = log.eventsAfter(guild, after, room);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "The live XP log of guild " + guild + " could not be read", e);
            }
        }
        for (Stream stream : group) {
            synchronized (stream) {
                if (stream.closed) {
                    continue;
                }
                int given = 0;
                int free = stream.listener.room();
                for (XpEvent event : events) {
                    if (given == free) {
                        break;
                    }
                    stream.listener.event(event);
                    stream.position = event.id();
                    given++;
                }
                if (given > 0) {
                    stream.lastWord = now;
                } else if (!Duration.between(stream.lastWord, now)
                                .minus(keepAlive)
                                .isNegative()
                        && stream.listener.room() > 0) {
                    stream.listener.keepAlive();
                    stream.lastWord = now;
                }
            }
        }
        return room > 0 && events.size() == room;
    }

    /** The service stops: every stream ends cleanly, and no new one opens. */
    public void endAll() {
        ending = true;
        for (Set<Stream> ofGuild : streams.values()) {
            for (Stream stream : ofGuild) {
                synchronized (stream) {
                    if (!stream.closed) {
                        stream.listener.end();
                    }
                }
            }
        }
    }
}
