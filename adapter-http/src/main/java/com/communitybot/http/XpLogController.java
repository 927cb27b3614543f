package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.model.XpLogPage;
import com.communitybot.core.model.XpSource;
import com.communitybot.core.usecase.XpHistory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpParameters;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Ledger L2: a guild's XP log, newest first, in pages, filtered by time and by who wrote. */
@Controller("/api/{guild_id:" + PathSegment.ANY + "}/xp_log")
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = XpHistory.class)
final class XpLogController {

    private static final String SOURCE = "source";

    private final XpHistory history;

    XpLogController(XpHistory history) {
        this.history = history;
    }

    @Operation(operationId = "xpLog", summary = "Ledger L2: the guild's XP log, newest first")
    @XpLogPages.Paged
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @ErrorResponses.StoreFailed
    @Parameter(
            name = QueryParameters.SINCE,
            in = ParameterIn.QUERY,
            description = "Events at or after this instant (RFC 3339)",
            schema = @Schema(type = "string", format = "date-time"))
    @Parameter(
            name = QueryParameters.UNTIL,
            in = ParameterIn.QUERY,
            description = "Events before this instant (RFC 3339); after since",
            schema = @Schema(type = "string", format = "date-time"))
    @Parameter(
            name = SOURCE,
            in = ParameterIn.QUERY,
            description = "Events written through the API, or by the bot writing the store",
            schema =
                    @Schema(
                            type = "string",
                            allowableValues = {"api", "store"}))
    @Get
    HttpResponse<List<Responses.XpEventBody>> log(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild,
            @Parameter(hidden = true) HttpRequest<?> request) {
        HttpParameters query = request.getParameters();
        int limit = XpLogPages.limit(query);
        var after = XpLogPages.after(query);
        List<String> filters = new ArrayList<>();
        Optional<Instant> since = QueryParameters.single(query, QueryParameters.SINCE)
                .map(text -> {
                    filters.add(QueryParameters.pair(QueryParameters.SINCE, text));
                    return TimeWindow.parseInstant(QueryParameters.SINCE, text);
                });
        Optional<Instant> until = QueryParameters.single(query, QueryParameters.UNTIL)
                .map(text -> {
                    filters.add(QueryParameters.pair(QueryParameters.UNTIL, text));
                    return TimeWindow.parseInstant(QueryParameters.UNTIL, text);
                });
        Optional<XpSource> source = QueryParameters.single(query, SOURCE).map(text -> {
            filters.add(QueryParameters.pair(SOURCE, text));
            return XpSource.parse(text)
                    .orElseThrow(() -> new InvalidInputException("Invalid source: it must be api or store"));
        });
        XpLogPage page = history.ofGuild(guild, new XpLogFilter(since, until, source), limit, after);
        return XpLogPages.response(page, "/api/" + guild + "/xp_log", limit, filters);
    }
}
