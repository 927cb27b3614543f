package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.XpLogPage;
import com.communitybot.core.usecase.XpHistory;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpParameters;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import java.util.List;
import java.util.OptionalLong;

/**
 * Pages of the XP log as the two log endpoints answer them (ledger L2): {@code limit} (default {@value
 * XpHistory#DEFAULT_PAGE}) and {@code after} read as the leaderboard's, the events as JSON, and the next page named
 * by {@code Link} and {@code X-Next-Cursor}. The cursor is the page's last event id: events are read newest first
 * by id, so the next page is the events below it.
 */
final class XpLogPages {

    private XpLogPages() {}

    /** The page size of the query. */
    static int limit(HttpParameters query) {
        return QueryParameters.single(query, QueryParameters.LIMIT)
                .map(QueryParameters::parseLimit)
                .orElse(XpHistory.DEFAULT_PAGE);
    }

    /** The cursor of the query: an event id, in the decimal form the log gives it. */
    static OptionalLong after(HttpParameters query) {
        return QueryParameters.single(query, QueryParameters.AFTER)
                .map(XpLogPages::eventId)
                .orElse(OptionalLong.empty());
    }

    private static OptionalLong eventId(String text) {
        if (text.isEmpty() || text.length() > 19 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new InvalidInputException(LeaderboardCursors.INVALID);
        }
        long id = Long.parseLong(text);
        if (id < 1) {
            throw new InvalidInputException(LeaderboardCursors.INVALID);
        }
        return OptionalLong.of(id);
    }

    /**
     * The page as a response; {@code path} and {@code filters} (the query's other parameters, already encoded)
     * make the next page's link.
     */
    static HttpResponse<List<Responses.XpEventBody>> response(
            XpLogPage page, String path, int limit, List<String> filters) {
        MutableHttpResponse<List<Responses.XpEventBody>> response = HttpResponse.ok(
                        page.events().stream().map(Responses.XpEventBody::from).toList())
                .contentType(MediaType.APPLICATION_JSON_TYPE);
        page.next().ifPresent(next -> {
            String cursor = Long.toString(next);
            StringBuilder link = new StringBuilder("<").append(path).append('?');
            filters.forEach(filter -> link.append(filter).append('&'));
            link.append(QueryParameters.pair(QueryParameters.LIMIT, Integer.toString(limit)))
                    .append('&')
                    .append(QueryParameters.pair(QueryParameters.AFTER, cursor))
                    .append(">; rel=\"next\"");
            response.header(LeaderboardController.NEXT_CURSOR, cursor).header(HttpHeaders.LINK, link.toString());
        });
        return response;
    }
}
