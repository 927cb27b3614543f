package com.communitybot.core.model;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Which events of a guild's XP log a reader wants (ledger L2): written at or after {@code since}, before {@code
 * until}, by {@code source}; an empty bound does not filter.
 *
 * @param since  the first instant, inclusive
 * @param until  the end, exclusive
 * @param source who wrote the events
 */
public record XpLogFilter(Optional<Instant> since, Optional<Instant> until, Optional<XpSource> source) {

    public static final XpLogFilter ALL = new XpLogFilter(Optional.empty(), Optional.empty(), Optional.empty());

    public XpLogFilter {
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(until, "until");
        Objects.requireNonNull(source, "source");
        if (since.isPresent() && until.isPresent()) {
            TimeWindow.requireOrdered(since.get(), until.get());
        }
    }

    /** Whether {@code event} passes the filter. */
    public boolean accepts(XpEvent event) {
        return since.map(s -> !event.at().isBefore(s)).orElse(true)
                && until.map(u -> event.at().isBefore(u)).orElse(true)
                && source.map(s -> event.source() == s).orElse(true);
    }
}
