package com.communitybot.http;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.usecase.Leaderboard;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
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
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.io.InputStream;
import java.util.stream.Stream;

/**
 * Spec 4.2: a guild's leaderboard, streamed to the client in chunks, so a guild of a million members never
 * sits in memory. The presence check and the store's first batch happen before the response starts, so
 * their failures still get their status. The body is an {@link InputStream}, which Micronaut reads on the
 * blocking pool only as fast as the client takes the bytes (a {@code Publisher} body would be requested
 * dozens of chunks ahead of a client that reads nothing). A failure after the start can only cut the
 * response short: Micronaut closes the connection without the body's last chunk, so no client takes a
 * partial leaderboard for a whole one.
 *
 * <p>The read ends with the connection as well as with the response: Micronaut never subscribes to the
 * body of a response whose client left before it was written, so only the connection's end tells.
 */
@Controller("/api/{guild_id:[^/]+}/leaderboard")
final class LeaderboardController {

    private final Leaderboard leaderboard;
    private final HttpMeters meters;

    LeaderboardController(Leaderboard leaderboard, HttpMeters meters) {
        this.leaderboard = leaderboard;
        this.meters = meters;
    }

    @Operation(operationId = "leaderboard", summary = "Spec 4.2: the guild's ranked leaderboard, streamed")
    @ApiResponse(
            responseCode = "200",
            description =
                    "Every member with a level record, by level then xp, descending; ranks keep gaps where a record was skipped",
            content =
                    @Content(
                            mediaType = ApiDocument.JSON,
                            array = @ArraySchema(schema = @Schema(implementation = Responses.LeaderboardMember.class))))
    @ApiResponse(
            responseCode = "400",
            description = ApiDocument.BAD_REQUEST,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(
            responseCode = "401",
            description = ApiDocument.UNAUTHORIZED,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(
            responseCode = "404",
            description = ApiDocument.NOT_IN_GUILD,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(
            responseCode = "500",
            description = ApiDocument.STORE_FAILED,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @Get
    @Produces(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<InputStream> leaderboard(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild, HttpRequest<?> request) {
        Stream<LeaderboardEntry> entries = leaderboard.of(guild);
        LeaderboardJson body = new LeaderboardJson(entries, meters::leaderboardChunk);
        body.alsoOnClose(endWithConnection(request, body));
        return HttpResponse.<InputStream>ok(body).contentType(MediaType.APPLICATION_JSON_TYPE);
    }

    /**
     * Closes {@code body} when the request's connection closes, also if that happened already; returns
     * what undoes that once the response is done with it, so a kept-alive connection collects nothing.
     */
    private static Runnable endWithConnection(HttpRequest<?> request, LeaderboardJson body) {
        if (!(request instanceof NettyHttpRequest<?> netty)) {
            return () -> {};
        }
        ChannelFuture closed = netty.getChannelHandlerContext().channel().closeFuture();
        GenericFutureListener<ChannelFuture> close = future -> body.close();
        closed.addListener(close);
        return () -> closed.removeListener(close);
    }
}
