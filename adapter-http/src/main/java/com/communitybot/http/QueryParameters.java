package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.usecase.Leaderboard;
import io.micronaut.http.HttpParameters;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The query parameters the paged endpoints share (the leaderboard's, the XP log's), read the one way: a parameter
 * at most once, a page size of decimal digits from 1 to {@value Leaderboard#MAX_PAGE}.
 */
final class QueryParameters {

    static final String LIMIT = "limit";
    static final String AFTER = "after";
    static final String SINCE = "since";
    static final String UNTIL = "until";

    private QueryParameters() {}

    /** The value of a query parameter given at most once; a 400 naming it when it is given twice. */
    static Optional<String> single(HttpParameters query, String name) {
        List<String> values = query.getAll(name);
        if (values.size() > 1) {
            throw new InvalidInputException("Invalid " + name + ": given more than once");
        }
        return values.stream().findFirst();
    }

    /** A page size: decimal digits with a value from 1 to {@value Leaderboard#MAX_PAGE}. */
    static int parseLimit(String text) {
        if (text.isEmpty() || text.length() > 10 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw Leaderboard.invalidLimit();
        }
        long value = Long.parseLong(text);
        if (value < 1 || value > Leaderboard.MAX_PAGE) {
            throw Leaderboard.invalidLimit();
        }
        return (int) value;
    }

    /** {@code name=value}, the value encoded for a query, for the next page's link. */
    static String pair(String name, String value) {
        return name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
