package com.communitybot.core.port;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.PlacedGain;
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WindowGain;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.usecase.WindowOrder;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The XP log (ledger L2): every change of a level record, whoever made it, kept by the store in the transaction
 * of the change. Through the service ({@link LevelLedger}) events have source {@code api}; the bot's own writes
 * to the store are logged with source {@code store} by the store itself (a trigger, as the guild sizes are
 * kept). Imports log nothing. Events are read newest first: by {@link XpEvent#id} descending.
 *
 * <p>Every method throws {@link StoreException} when the store fails.
 */
public interface XpLog {

    /**
     * Up to {@code max} events of the member's record {@code <guild_id>:<user_id>}, newest first, with ids below
     * {@code before} when it is given. Fewer than {@code max} means there are no more.
     */
    List<XpEvent> eventsOfMember(GuildId guild, UserId user, OptionalLong before, int max);

    /**
     * Up to {@code max} events of the guild's records (ids starting with {@code <guild_id>:}) that {@code filter}
     * accepts, newest first, with ids below {@code before} when it is given. Fewer than {@code max} means there
     * are no more.
     */
    List<XpEvent> eventsOfGuild(GuildId guild, XpLogFilter filter, OptionalLong before, int max);

    /**
     * Up to {@code max} events of the guild with ids above {@code after}, oldest first: how a live stream follows the
     * log (ledger L4). A store gives a guild's ids in the order its events commit, so a reader that goes on after the
     * last id it got never misses an event that commits later. Fewer than {@code max} means there are no more now.
     */
    List<XpEvent> eventsAfter(GuildId guild, long after, int max);

    /**
     * The id of each guild's newest event, for the guilds in {@code guilds} that have one: how a live stream finds,
     * in one read for all its guilds, which have events it has not given yet. This default reads each guild's newest
     * event in turn; a store that can answer in one query overrides it.
     */
    default Map<GuildId, Long> newestEventIds(Collection<GuildId> guilds) {
        Map<GuildId, Long> newest = new HashMap<>();
        for (GuildId guild : guilds) {
            List<XpEvent> events = eventsOfGuild(guild, XpLogFilter.ALL, OptionalLong.empty(), 1);
            if (!events.isEmpty()) {
                newest.put(guild, events.get(0).id());
            }
        }
        return newest;
    }

    /**
     * The window leaderboard's gains (ledger L3) of the guild's records with events in {@code window} (their time in
     * {@code [since, until)}): per record, level and xp after the last of them minus before the first (by id), a
     * missing value counting as 0 ({@link WindowGain#between}), with the record as it stands now. Only the gains
     * that count ({@link WindowOrder#counts}), in window order ({@link WindowOrder#COMPARATOR}), from position
     * {@code after + 1} of that order (from the first when {@code after} is 0).
     *
     * <p>The gains are those of one moment, and are read as the stream is consumed or a bounded way ahead of it, so
     * a window of any size never sits in memory; the caller must close the stream. A store that fails before the
     * first gain throws {@link StoreException} here, a later failure is thrown from the stream.
     *
     * <p>{@code expected} is how many the caller means to read, as a page does ({@link Long#MAX_VALUE} when it
     * reads them all): a store may find those first by a cheaper query (the best {@code expected} of the window,
     * rather than all of it in order), and reads the rest, when the stream is read further, at the same moment, so
     * the stream is the same whatever {@code expected} is.
     *
     * @param expected at least 1
     */
    Stream<WindowGain> gainsIn(GuildId guild, TimeWindow window, long after, long expected);

    /**
     * The gain of the record {@code recordId} in {@code window}, as {@link #gainsIn} gives it, and its position in
     * that order, read at one moment; empty when the record has no gain that counts in the window.
     */
    Optional<PlacedGain> placeOf(GuildId guild, TimeWindow window, String recordId);

    /**
     * Deletes up to {@code max} of the events written before {@code before}, oldest first, in one short
     * transaction, so writes are never held up for long.
     *
     * @return how many were deleted; fewer than {@code max} means none are left
     */
    int deleteEventsBefore(Instant before, int max);

    /**
     * Deletes the idempotency keys, with their answers, kept before {@code before}.
     *
     * @return how many were deleted
     */
    int deleteIdempotencyKeysBefore(Instant before);
}
