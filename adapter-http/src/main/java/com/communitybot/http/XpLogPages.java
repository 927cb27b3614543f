package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.XpLogPage;
import com.communitybot.core.usecase.XpHistory;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpParameters;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
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

    /** A page of events, its next page's headers and its two query parameters, for the API document. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(
            responseCode = "200",
            description = "Up to limit events, newest first; when more follow, the Link (rel=next) and X-Next-Cursor"
                    + " headers name the next page",
            headers = {
                @Header(
                        name = "Link",
                        description = "<the same path and filters, with limit=N&after=CURSOR>; rel=\"next\"",
                        schema = @Schema(type = "string")),
                @Header(
                        name = LeaderboardController.NEXT_CURSOR,
                        description = "The after value of the next page",
                        schema = @Schema(type = "string"))
            },
            content =
                    @Content(
                            mediaType = ApiDocument.JSON,
                            array = @ArraySchema(schema = @Schema(implementation = Responses.XpEventBody.class))))
    @Parameter(
            name = QueryParameters.LIMIT,
            in = ParameterIn.QUERY,
            description = "Events per page, 100 when absent",
            schema = @Schema(type = "integer", minimum = "1", maximum = "1000"))
    @Parameter(
            name = QueryParameters.AFTER,
            in = ParameterIn.QUERY,
            description = "The cursor of the page before, from its X-Next-Cursor or Link header",
            schema = @Schema(type = "string"))
    @interface Paged {}

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
        return OptionalLong.of(eventId(text, LeaderboardCursors.INVALID));
    }

    /** An event id as the log gives them: a positive decimal integer of at most 19 digits; else 400 {@code invalid}. */
    static long eventId(String text, String invalid) {
        if (text.isEmpty() || text.length() > 19 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new InvalidInputException(invalid);
        }
        try {
            long id = Long.parseLong(text);
            if (id >= 1) {
                return id;
            }
        } catch (NumberFormatException e) {
            // beyond a long: reported below
        }
        throw new InvalidInputException(invalid);
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
