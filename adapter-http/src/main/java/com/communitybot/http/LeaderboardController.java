package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LeaderboardCursor;
import com.communitybot.core.model.LeaderboardPage;
import com.communitybot.core.model.UserId;
import com.communitybot.core.usecase.Leaderboard;
import io.micronaut.context.BeanProvider;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpParameters;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.netty.channel.ChannelFuture;
import io.netty.util.concurrent.GenericFutureListener;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.Optional;

/**
 * Spec 4.2: a guild's leaderboard, streamed to the client in chunks, so a guild of a million members never
 * sits in memory. The presence check and the store's first batch happen before the response starts, so
 * their failures still get their status. The body is written by {@link LeaderboardBody} on the blocking pool,
 * a chunk at a time, only as fast as the client takes the bytes (a {@code Publisher} body would be requested
 * dozens of chunks ahead of a client that reads nothing). A failure after the start can only cut the
 * response short: Micronaut closes the connection without the body's last chunk, so no client takes a
 * partial leaderboard for a whole one.
 *
 * <p>The read ends with the connection as well as with the response: Micronaut never subscribes to the
 * body of a response whose client left before it was written, so only the connection's end tells.
 */
@Controller("/api/{guild_id:" + PathSegment.ANY + "}/leaderboard")
final class LeaderboardController {

    static final String NEXT_CURSOR = "X-Next-Cursor";

    private static final String LIMIT = QueryParameters.LIMIT;
    private static final String AFTER = QueryParameters.AFTER;

    private final Leaderboard leaderboard;
    private final LeaderboardCursors cursors;
    private final HttpMeters meters;
    private final LeaderboardBody bodies;
    private final BeanProvider<WindowLeaderboardResponses> windows;

    LeaderboardController(
            Leaderboard leaderboard,
            LeaderboardCursors cursors,
            HttpMeters meters,
            LeaderboardBody bodies,
            BeanProvider<WindowLeaderboardResponses> windows) {
        this.leaderboard = leaderboard;
        this.cursors = cursors;
        this.meters = meters;
        this.bodies = bodies;
        this.windows = windows;
    }

    /**
     * The whole leaderboard (spec 4.2); with {@code limit}, a page of it (an addition to the spec), whose
     * next page, when there is one, is named by a {@code Link: <...>; rel="next"} header and an {@code
     * X-Next-Cursor} header. The query is checked with the path, before the bot's presence.
     */
    @Operation(
            operationId = "leaderboard",
            summary = "Spec 4.2: the guild's ranked leaderboard, streamed; with limit, one page of it (an addition);"
                    + " with since, who gained most in that window of time (ledger L3)")
    @ApiResponse(
            responseCode = "200",
            description = "Every member with a level record, by level then xp, descending; ranks keep gaps where a"
                    + " record was skipped. With since, the members who gained in that window (with level_gained and xp_gained), by"
                    + " level_gained then xp_gained, descending, ranked the same way. With limit, the next limit of"
                    + " them, with their absolute ranks; when more follow, the Link (rel=next) and X-Next-Cursor"
                    + " headers name the next page",
            headers = {
                @Header(
                        name = HttpHeaders.LINK,
                        description =
                                "</api/{guild_id}/leaderboard?limit=N&after=CURSOR>; rel=\"next\", when a next page exists",
                        schema = @Schema(type = "string")),
                @Header(
                        name = NEXT_CURSOR,
                        description = "The after value of the next page, when one exists",
                        schema = @Schema(type = "string", pattern = "^[A-Za-z0-9_-]+$"))
            },
            content =
                    @Content(
                            mediaType = ApiDocument.JSON,
                            array = @ArraySchema(schema = @Schema(implementation = Responses.LeaderboardMember.class))))
    @ApiResponse(
            responseCode = "400",
            description =
                    "Invalid guild_id, Invalid limit: ..., Invalid after: ..., Invalid since: ..., Invalid until: ...",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @ErrorResponses.StoreFailed
    @Parameter(
            name = LIMIT,
            in = ParameterIn.QUERY,
            description = "An addition to the spec: a page of this many entries; without it, the whole leaderboard",
            schema = @Schema(type = "integer", minimum = "1", maximum = "1000"))
    @Parameter(
            name = AFTER,
            in = ParameterIn.QUERY,
            description = "The cursor of the page before, from its X-Next-Cursor or Link header; needs limit",
            schema = @Schema(type = "string", pattern = "^[A-Za-z0-9_-]+$"))
    @WindowLeaderboardResponses.Window
    @Get
    @Produces(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> leaderboard(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild,
            @Parameter(hidden = true) HttpRequest<?> request) {
        HttpParameters query = request.getParameters();
        Optional<String> limit = QueryParameters.single(query, LIMIT);
        Optional<String> after = QueryParameters.single(query, AFTER);
        Optional<String> since = QueryParameters.single(query, QueryParameters.SINCE);
        if (since.isPresent()) {
            return windows()
                    .board(
                            guild,
                            limit,
                            after,
                            since.get(),
                            QueryParameters.single(query, QueryParameters.UNTIL),
                            request);
        }
        if (limit.isPresent()) {
            return page(guild, QueryParameters.parseLimit(limit.get()), after.map(cursors::decode));
        }
        if (after.isPresent()) {
            throw new InvalidInputException("Invalid after: it needs limit");
        }
        return whole(guild, request);
    }

    /**
     * One member's entry, exactly as in the whole leaderboard (an addition to the spec): 404 {@code User not
     * ranked} when the user has no ranked record.
     */
    @Operation(
            operationId = "leaderboardMember",
            summary = "An addition to the spec: one member's entry, exactly as in the whole leaderboard")
    @ApiResponse(
            responseCode = "200",
            description = "The member's entry, with the rank of the whole leaderboard; with since, the member's entry"
                    + " of that window (with level_gained and xp_gained)",
            content =
                    @Content(
                            mediaType = ApiDocument.JSON,
                            schema = @Schema(implementation = Responses.LeaderboardMember.class)))
    @ApiResponse(
            responseCode = "400",
            description = "Invalid guild_id, Invalid user_id, Invalid since: ..., Invalid until: ...",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.Unauthorized
    @ApiResponse(
            responseCode = "404",
            description = "Bot is not in this guild, User not ranked",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.StoreFailed
    @WindowLeaderboardResponses.Window
    @Get("/{user_id:" + PathSegment.ANY + "}")
    @Produces(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> member(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild,
            @Parameter(hidden = true) @PathSegment("user_id") UserId user,
            @Parameter(hidden = true) HttpRequest<?> request) {
        HttpParameters query = request.getParameters();
        Optional<String> since = QueryParameters.single(query, QueryParameters.SINCE);
        if (since.isPresent()) {
            return windows().member(guild, user, since.get(), QueryParameters.single(query, QueryParameters.UNTIL));
        }
        byte[] entry = LeaderboardJson.object(leaderboard.entryOf(guild, user));
        return HttpResponse.ok(entry).contentType(MediaType.APPLICATION_JSON_TYPE);
    }

    /** The window answers; a store without an XP log has none, which only a wiring mistake can bring about. */
    private WindowLeaderboardResponses windows() {
        if (!windows.isPresent()) {
            throw new IllegalStateException("the store keeps no XP log, so there is no window leaderboard");
        }
        return windows.get();
    }

    private HttpResponse<byte[]> page(GuildId guild, int limit, Optional<LeaderboardCursor> after) {
        LeaderboardPage page = leaderboard.page(guild, limit, after);
        MutableHttpResponse<byte[]> response =
                HttpResponse.ok(LeaderboardJson.array(page.entries())).contentType(MediaType.APPLICATION_JSON_TYPE);
        page.next().map(cursors::encode).ifPresent(next -> response.header(NEXT_CURSOR, next)
                .header(
                        HttpHeaders.LINK,
                        "</api/" + guild + "/leaderboard?" + LIMIT + "=" + limit + "&" + AFTER + "=" + next
                                + ">; rel=\"next\""));
        return response;
    }

    private HttpResponse<LeaderboardJson> whole(GuildId guild, HttpRequest<?> request) {
        LeaderboardJson body = new LeaderboardJson(leaderboard.rows(guild), meters::leaderboardChunk);
        body.alsoOnClose(endWithConnection(request, body));
        MutableHttpResponse<LeaderboardJson> response =
                HttpResponse.ok(body).contentType(MediaType.APPLICATION_JSON_TYPE);
        response.bodyWriter(bodies);
        return response;
    }

    /**
     * Closes {@code body} when the request's connection closes, also if that happened already; returns
     * what undoes that once the response is done with it, so a kept-alive connection collects nothing.
     */
    static Runnable endWithConnection(HttpRequest<?> request, LeaderboardJson body) {
        if (!(request instanceof NettyHttpRequest<?> netty)) {
            return () -> {};
        }
        ChannelFuture closed = netty.getChannelHandlerContext().channel().closeFuture();
        GenericFutureListener<ChannelFuture> close = future -> body.close();
        closed.addListener(close);
        return () -> closed.removeListener(close);
    }
}
