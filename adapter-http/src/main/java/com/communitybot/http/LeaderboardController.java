package com.communitybot.http;

import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.usecase.Leaderboard;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import jakarta.inject.Named;
import java.util.concurrent.ExecutorService;
import java.util.stream.Stream;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Spec 4.2: a guild's leaderboard, streamed from the store to the client in chunks, so a guild of a
 * million members never sits in memory. The presence check and the query run before the response starts,
 * so their failures still get their status; the records are then read on the blocking pool as Netty asks
 * for more.
 */
@Controller("/api/{guild_id:[^/]+}/leaderboard")
final class LeaderboardController {

    private final Leaderboard leaderboard;
    private final Scheduler blocking;

    LeaderboardController(Leaderboard leaderboard, @Named(TaskExecutors.BLOCKING) ExecutorService blocking) {
        this.leaderboard = leaderboard;
        this.blocking = Schedulers.fromExecutorService(blocking);
    }

    @Get
    @Produces(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<Flux<byte[]>> leaderboard(HttpRequest<?> request) {
        Stream<LeaderboardEntry> entries = leaderboard.of(JsonRequest.guildId(request));
        Flux<byte[]> chunks = Flux.<byte[], LeaderboardJson>generate(
                        () -> new LeaderboardJson(entries),
                        (json, sink) -> {
                            byte[] chunk = json.nextChunk();
                            if (chunk == null) {
                                sink.complete();
                            } else {
                                sink.next(chunk);
                            }
                            return json;
                        },
                        LeaderboardJson::close)
                .subscribeOn(blocking);
        return HttpResponse.ok(chunks).contentType(MediaType.APPLICATION_JSON_TYPE);
    }
}
