package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LeaderboardCursor;
import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.model.LeaderboardPage;
import com.communitybot.core.model.UserId;
import com.communitybot.core.usecase.Leaderboard;
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
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
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

    static final String NEXT_CURSOR = "X-Next-Cursor";
    private static final String LIMIT = "limit";
    private static final String AFTER = "after";

    private final Leaderboard leaderboard;
    private final LeaderboardCursors cursors;

    LeaderboardController(Leaderboard leaderboard, LeaderboardCursors cursors) {
        this.leaderboard = leaderboard;
        this.cursors = cursors;
    }

    /**
     * The whole leaderboard (spec 4.2); with {@code limit}, a page of it (an addition to the spec), whose
     * next page, when there is one, is named by a {@code Link: <...>; rel="next"} header and an {@code
     * X-Next-Cursor} header. The query is checked with the path, before the bot's presence.
     */
    @Get
    @Produces(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> leaderboard(@PathSegment("guild_id") GuildId guild, HttpRequest<?> request) {
        HttpParameters query = request.getParameters();
        Optional<String> limit = single(query, LIMIT);
        Optional<String> after = single(query, AFTER);
        if (limit.isPresent()) {
            return page(guild, parseLimit(limit.get()), after.map(cursors::decode));
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
    @Get("/{user_id:[^/]+}")
    @Produces(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<byte[]> member(@PathSegment("guild_id") GuildId guild, @PathSegment("user_id") UserId user) {
        byte[] array = LeaderboardJson.array(List.of(leaderboard.entryOf(guild, user)));
        // The one entry of a one-entry array: the same bytes as in the whole leaderboard.
        byte[] entry = Arrays.copyOfRange(array, 1, array.length - 1);
        return HttpResponse.ok(entry).contentType(MediaType.APPLICATION_JSON_TYPE);
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

    /** The value of a query parameter given at most once; a 400 naming it when it is given twice. */
    private static Optional<String> single(HttpParameters query, String name) {
        List<String> values = query.getAll(name);
        if (values.size() > 1) {
            throw new InvalidInputException("Invalid " + name + ": given more than once");
        }
        return values.stream().findFirst();
    }

    /** A page size: decimal digits with a value from 1 to {@value Leaderboard#MAX_PAGE}. */
    private static int parseLimit(String text) {
        if (text.isEmpty() || text.length() > 10 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw Leaderboard.invalidLimit();
        }
        long value = Long.parseLong(text);
        if (value < 1 || value > Leaderboard.MAX_PAGE) {
            throw Leaderboard.invalidLimit();
        }
        return (int) value;
    }

    private HttpResponse<InputStream> whole(GuildId guild, HttpRequest<?> request) {
        Stream<LeaderboardEntry> entries = leaderboard.of(guild);
        LeaderboardJson body = new LeaderboardJson(entries);
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
