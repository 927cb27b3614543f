package com.communitybot.core.model;

import com.communitybot.core.error.InvalidInputException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A span of time {@code [since, until)}, as the XP log's filters and the window leaderboards take it (ledger L2,
 * L3), and the one rule for reading their instants: RFC 3339 date-times with an offset ({@code Z} or {@code
 * ±hh:mm}), seconds required, fractions of a second up to nanoseconds.
 *
 * @param since the first instant in the window
 * @param until the first instant after it; after {@code since}
 */
public record TimeWindow(Instant since, Instant until) {

    private static final Pattern RFC_3339 =
            Pattern.compile("\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?([Zz]|[+-]\\d{2}:\\d{2})");

    public TimeWindow {
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(until, "until");
        requireOrdered(since, until);
    }

    /** Refuses an {@code until} that is not after {@code since}, with the ledger's message. */
    public static void requireOrdered(Instant since, Instant until) {
        if (!until.isAfter(since)) {
            throw new InvalidInputException("Invalid until: it must be after since");
        }
    }

    /**
     * The instant {@code text} names, for the query parameter {@code name}.
     *
     * @throws InvalidInputException {@code Invalid <name>: ...}, saying what is wrong
     */
    public static Instant parseInstant(String name, String text) {
        if (!RFC_3339.matcher(text).matches()) {
            throw new InvalidInputException("Invalid " + name
                    + ": not an RFC 3339 date-time with seconds and an offset, such as 2026-01-01T00:00:00Z");
        }
        try {
            return OffsetDateTime.parse(text.toUpperCase(Locale.ROOT), DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                    .toInstant();
        } catch (DateTimeException e) {
            throw new InvalidInputException("Invalid " + name + ": no such date or time");
        }
    }
}
