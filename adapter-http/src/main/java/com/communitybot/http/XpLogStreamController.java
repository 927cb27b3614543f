package com.communitybot.http;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.usecase.XpLogStreams;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.sse.Event;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.Optional;
import java.util.OptionalLong;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * Ledger L4: a guild's XP log as Server-Sent Events, each event as it is committed, resumable with {@code
 * Last-Event-ID}. A Micronaut route like the others (the API key filter, the access log and the error bodies apply);
 * the events come from core's {@link XpLogStreams}, written out by {@link SseStream} no faster than the client reads.
 */
@Controller("/api/{guild_id:" + PathSegment.ANY + "}/xp_log/stream")
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = XpLogStreams.class)
final class XpLogStreamController {

    /** The query parameter that stands for the header, for clients that cannot set one. */
    static final String LAST_EVENT_ID = "last_event_id";

    static final String INVALID_LAST_EVENT_ID = "Invalid Last-Event-ID";

    private final XpLogStreams streams;
    private final ObjectMapper json;

    XpLogStreamController(XpLogStreams streams, ObjectMapper json) {
        this.streams = streams;
        this.json = json;
    }

    @Operation(
            operationId = "xpLogStream",
            summary = "Ledger L4: the guild's XP log as Server-Sent Events, as events are committed")
    @Parameter(
            name = "Last-Event-ID",
            in = ParameterIn.HEADER,
            description = "Resume right after this event id",
            schema = @Schema(type = "string", pattern = "^[0-9]{1,19}$"))
    @Parameter(
            name = LAST_EVENT_ID,
            in = ParameterIn.QUERY,
            description = "As the Last-Event-ID header, for clients that cannot send it; the header wins",
            schema = @Schema(type = "string", pattern = "^[0-9]{1,19}$"))
    @ApiResponse(
            responseCode = "200",
            description = "`event: xp` with `id:` the event id and `data:` the event's JSON (as in `xp_log`);"
                    + " `event: reset` first when Last-Event-ID is not in the retained log; `: keep-alive` comments",
            content = @Content(mediaType = MediaType.TEXT_EVENT_STREAM, schema = @Schema(type = "string")))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @ErrorResponses.TooManyStreams
    @ErrorResponses.StoreFailed
    @Get(produces = MediaType.TEXT_EVENT_STREAM)
    HttpResponse<Publisher<Event<String>>> stream(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild,
            @Parameter(hidden = true) HttpRequest<?> request) {
        OptionalLong lastEventId = lastEventId(request);
        SseStream writer = new SseStream(json);
        XpLogStreams.Stream stream = streams.open(guild, lastEventId, writer);
        Flux<Event<String>> events = writer.events(stream::close);
        return HttpResponse.ok((Publisher<Event<String>>) events)
                .header(HttpHeaders.CACHE_CONTROL, "no-cache")
                // Each stream would keep a compressor of its own; the events are small and flushed one by one.
                .header(HttpHeaders.CONTENT_ENCODING, "identity")
                .header("X-Accel-Buffering", "no");
    }

    /** The header, else the query parameter: an event id as the log gives them, a positive decimal integer. */
    private static OptionalLong lastEventId(HttpRequest<?> request) {
        Optional<String> text = Optional.ofNullable(request.getHeaders().get("Last-Event-ID"))
                .or(() -> QueryParameters.single(request.getParameters(), LAST_EVENT_ID));
        if (text.isEmpty()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(XpLogPages.eventId(text.get(), INVALID_LAST_EVENT_ID));
    }
}
