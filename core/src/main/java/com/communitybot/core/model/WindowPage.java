package com.communitybot.core.model;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Consecutive entries of a time-window leaderboard, with their absolute ranks, and where the next page starts.
 *
 * @param window  the window the page was read over, {@code until} resolved, so the next page reads the same one
 * @param entries the entries, in the window's order
 * @param next    the position (in the window's order, ranked or not) after which the next page starts; empty on
 *     the last page
 */
public record WindowPage(TimeWindow window, List<WindowEntry> entries, OptionalLong next) {

    public WindowPage {
        Objects.requireNonNull(window, "window");
        entries = List.copyOf(entries);
        Objects.requireNonNull(next, "next");
    }
}
