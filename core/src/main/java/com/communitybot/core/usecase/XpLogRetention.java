package com.communitybot.core.usecase;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.IdempotencyKey;
import com.communitybot.core.port.XpLog;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long the XP log keeps its events ({@code XP_LOG_RETENTION}, ledger L2: default {@value #DEFAULT}, {@code
 * off} keeps them all), the sweep that deletes older ones and expired idempotency keys, and what that means for a
 * window's {@code since}: a window that starts before the retained history would count gains from a log that has
 * lost its start, so it is refused.
 */
public final class XpLogRetention {

    /** The retention when none is configured. */
    public static final String DEFAULT = "90d";
    /** How many events one transaction of the sweep deletes, so the bot's writes wait for a moment at most. */
    public static final int BATCH = 1000;

    private static final Pattern PERIOD = Pattern.compile("([1-9][0-9]{0,5})([dh])");

    private final Optional<Duration> period;

    private XpLogRetention(Optional<Duration> period) {
        this.period = period;
    }

    /**
     * The retention {@code text} names: {@code off}, or a whole number of days ({@code 90d}) or hours ({@code
     * 12h}).
     *
     * @throws IllegalArgumentException for anything else, naming the setting and what it takes
     */
    public static XpLogRetention parse(String text) {
        Objects.requireNonNull(text, "text");
        if (text.equals("off")) {
            return new XpLogRetention(Optional.empty());
        }
        Matcher m = PERIOD.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("XP_LOG_RETENTION must be off, or a number of days or hours such as "
                    + DEFAULT + " or 12h, not: " + text);
        }
        long amount = Long.parseLong(m.group(1));
        return new XpLogRetention(
                Optional.of(m.group(2).equals("d") ? Duration.ofDays(amount) : Duration.ofHours(amount)));
    }

    /** How long events are kept; empty when they are kept for ever. */
    public Optional<Duration> period() {
        return period;
    }

    /** The oldest instant whose events are kept at {@code now}; empty when every event is kept. */
    public Optional<Instant> horizon(Instant now) {
        return period.map(now::minus);
    }

    /** Refuses a window's {@code since} before the history retained at {@code now}. */
    public void requireRetained(Instant since, Instant now) {
        if (horizon(now).filter(since::isBefore).isPresent()) {
            throw new InvalidInputException("Invalid since: before the retained history");
        }
    }

    /**
     * Deletes the events older than the horizon at {@code now}, {@value #BATCH} per transaction until none are
     * left, no faster than {@code pace}, and the idempotency keys older than their lifetime. An interrupt (the
     * service stopping) ends the sweep after the batch in hand; the next sweep deletes the rest.
     *
     * @return how many events were deleted
     */
    public long sweep(XpLog log, Instant now, SweepPace pace) {
        XpLog translated = new XpLogErrors(log);
        translated.deleteIdempotencyKeysBefore(now.minus(IdempotencyKey.LIFETIME));
        Optional<Instant> horizon = horizon(now);
        if (horizon.isEmpty()) {
            return 0;
        }
        SweepPace.Run run = pace.start();
        long deleted = 0;
        int batch;
        do {
            batch = translated.deleteEventsBefore(horizon.get(), BATCH);
            deleted += batch;
            if (batch == BATCH) {
                try {
                    run.deleted(batch);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return deleted;
                }
            }
        } while (batch == BATCH);
        return deleted;
    }
}
