package com.communitybot.core.port;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WindowGain;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;

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
     * For each record of the guild with events in {@code window} (their time in {@code [since, until)}): its
     * level and xp before the first of them and after the last (by id), and the record as it stands now. One
     * entry per record, in no particular order.
     */
    List<WindowGain> gainsIn(GuildId guild, TimeWindow window);

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
