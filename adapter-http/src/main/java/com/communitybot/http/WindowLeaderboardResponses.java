package com.communitybot.http;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WindowPage;
import com.communitybot.core.usecase.WindowLeaderboard;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.inject.Singleton;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The time-window answers of the leaderboard's two paths (ledger L3), for {@link LeaderboardController} when the
 * query has {@code since}: the whole window leaderboard, a page of it, one member's entry. A page's cursor is its
 * window and the position of its last entry, in URL-safe Base64: it pins the window's {@code until}, so every page
 * of one window reads the same window, even when the first page's {@code until} was "now". It needs no signature:
 * ranks are counted by the service from the position, so a made-up cursor only asks for another slice.
 */
@Singleton
@Requires(beans = WindowLeaderboard.class)
final class WindowLeaderboardResponses {

    private static final byte VERSION = 1;
    private static final int BYTES = 1 + 6 * Long.BYTES;

    private final WindowLeaderboard windows;
    private final LeaderboardBody bodies;
    private final ObjectWriter members;

    /** The two query parameters of a window, for the API document. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @Parameter(
            name = QueryParameters.SINCE,
            in = ParameterIn.QUERY,
            description = "Ledger L3: the start of a window of time (RFC 3339, inclusive); the answer is then who"
                    + " gained most in it, from the XP log. Not before the retained history",
            schema = @Schema(type = "string", format = "date-time"))
    @Parameter(
            name = QueryParameters.UNTIL,
            in = ParameterIn.QUERY,
            description = "Ledger L3, with since: the end of the window (RFC 3339, exclusive); now when absent."
                    + " Without since it is ignored",
            schema = @Schema(type = "string", format = "date-time"))
    @interface Window {}

    WindowLeaderboardResponses(WindowLeaderboard windows, LeaderboardBody bodies, ObjectMapper mapper) {
        this.windows = windows;
        this.bodies = bodies;
        this.members = mapper.writerFor(Responses.WindowMember.class);
    }

    /**
     * The whole window leaderboard, streamed as the whole leaderboard is ({@link LeaderboardBody}: the bytes the
     * service's mapper gives for the list of entries, read from the store as they are written), or with {@code
     * limit} a page of it.
     */
    HttpResponse<?> board(
            GuildId guild,
            Optional<String> limit,
            Optional<String> after,
            String since,
            Optional<String> until,
            HttpRequest<?> request) {
        Optional<Integer> size = limit.map(QueryParameters::parseLimit);
        if (after.isPresent() && size.isEmpty()) {
            throw new InvalidInputException("Invalid after: it needs limit");
        }
        Optional<Cursor> cursor = after.map(WindowLeaderboardResponses::decode);
        TimeWindow window = window(since, until, cursor.map(Cursor::window));
        if (cursor.isPresent() && !cursor.get().guild().equals(guild)) {
            throw new InvalidInputException("Invalid after: the cursor is of another guild's leaderboard");
        }
        if (size.isEmpty()) {
            LeaderboardJson body =
                    new LeaderboardJson(windows.of(guild, window).map(Responses.WindowMember::from), members);
            body.alsoOnClose(LeaderboardController.endWithConnection(request, body));
            MutableHttpResponse<LeaderboardJson> response =
                    HttpResponse.ok(body).contentType(MediaType.APPLICATION_JSON_TYPE);
            response.bodyWriter(bodies);
            return response;
        }
        WindowPage page = windows.page(
                guild,
                window,
                size.get(),
                cursor.map(c -> OptionalLong.of(c.position())).orElse(OptionalLong.empty()));
        List<Responses.WindowMember> entries =
                page.entries().stream().map(Responses.WindowMember::from).toList();
        MutableHttpResponse<List<Responses.WindowMember>> response =
                HttpResponse.ok(entries).contentType(MediaType.APPLICATION_JSON_TYPE);
        page.next().ifPresent(position -> {
            String next = encode(new Cursor(guild, page.window(), position));
            response.header(LeaderboardController.NEXT_CURSOR, next)
                    .header(
                            HttpHeaders.LINK,
                            "</api/" + guild + "/leaderboard?"
                                    + String.join(
                                            "&",
                                            QueryParameters.pair(QueryParameters.SINCE, since),
                                            QueryParameters.pair(
                                                    QueryParameters.UNTIL,
                                                    page.window().until().toString()),
                                            QueryParameters.pair(
                                                    QueryParameters.LIMIT,
                                                    size.get().toString()),
                                            QueryParameters.pair(QueryParameters.AFTER, next))
                                    + ">; rel=\"next\"");
        });
        return response;
    }

    /** One member's entry of the window leaderboard. */
    HttpResponse<Responses.WindowMember> member(GuildId guild, UserId user, String since, Optional<String> until) {
        TimeWindow window = window(since, until, Optional.empty());
        return HttpResponse.ok(Responses.WindowMember.from(windows.entryOf(guild, user, window)))
                .contentType(MediaType.APPLICATION_JSON_TYPE);
    }

    /**
     * The window of the query, checked; with a cursor, the cursor's window, which the query must name: the same
     * {@code since}, and the same {@code until} when it gives one.
     */
    private TimeWindow window(String since, Optional<String> until, Optional<TimeWindow> pinned) {
        Instant from = TimeWindow.parseInstant(QueryParameters.SINCE, since);
        Optional<Instant> to = until.map(text -> TimeWindow.parseInstant(QueryParameters.UNTIL, text));
        TimeWindow window = windows.window(from, to.or(() -> pinned.map(TimeWindow::until)));
        if (pinned.isPresent() && !pinned.get().equals(window)) {
            throw new InvalidInputException(LeaderboardCursors.INVALID);
        }
        return window;
    }

    private record Cursor(GuildId guild, TimeWindow window, long position) {}

    private static String encode(Cursor cursor) {
        ByteBuffer bytes = ByteBuffer.allocate(BYTES)
                .put(VERSION)
                .putLong(cursor.guild().value())
                .putLong(cursor.window().since().getEpochSecond())
                .putLong(cursor.window().since().getNano())
                .putLong(cursor.window().until().getEpochSecond())
                .putLong(cursor.window().until().getNano())
                .putLong(cursor.position());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
    }

    private static Cursor decode(String text) {
        try {
            ByteBuffer bytes = ByteBuffer.wrap(Base64.getUrlDecoder().decode(text.getBytes(StandardCharsets.US_ASCII)));
            if (bytes.remaining() != BYTES || bytes.get() != VERSION) {
                throw new InvalidInputException(LeaderboardCursors.INVALID);
            }
            GuildId guild = new GuildId(bytes.getLong());
            Instant since = Instant.ofEpochSecond(bytes.getLong(), bytes.getLong());
            Instant until = Instant.ofEpochSecond(bytes.getLong(), bytes.getLong());
            long position = bytes.getLong();
            if (position < 1) {
                throw new InvalidInputException(LeaderboardCursors.INVALID);
            }
            return new Cursor(guild, new TimeWindow(since, until), position);
        } catch (RuntimeException e) {
            throw new InvalidInputException(LeaderboardCursors.INVALID);
        }
    }
}
