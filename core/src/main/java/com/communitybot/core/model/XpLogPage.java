package com.communitybot.core.model;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Consecutive events of the XP log, newest first, and where the next page starts when there is one.
 *
 * @param events the events
 * @param next   the id the next page's events are below; empty on the last page
 */
public record XpLogPage(List<XpEvent> events, OptionalLong next) {

    public XpLogPage {
        events = List.copyOf(events);
        Objects.requireNonNull(next, "next");
    }
}
