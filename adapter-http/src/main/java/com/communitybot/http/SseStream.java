package com.communitybot.http;

import com.communitybot.core.model.XpEvent;
import com.communitybot.core.usecase.XpLogStreams;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micronaut.http.sse.Event;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;

/**
 * One live stream's side in the HTTP adapter: what core's {@link XpLogStreams} tells it, as Server-Sent Events, in a
 * queue of at most {@value #CAPACITY} that is emitted only as Micronaut asks for more (as the client reads). Core
 * gives it no more than {@link #room}, so a reader that stops reading holds a bounded queue until the connection is
 * cut ({@code WRITE_TIMEOUT}, {@code IDLE_TIMEOUT}) and the stream closes.
 */
final class SseStream implements XpLogStreams.Listener {

    static final int CAPACITY = 256;

    private static final String RESET_DATA =
            "{\"message\":\"Last-Event-ID is not in the retained log of this guild; the stream goes on from now\"}";

    private final ObjectMapper json;
    private final ArrayDeque<Event<String>> queue = new ArrayDeque<>();
    private FluxSink<Event<String>> sink;
    private boolean ended;

    SseStream(ObjectMapper json) {
        this.json = json;
    }

    /** The events, which close {@code stream} when the client goes or the stream ends. */
    Flux<Event<String>> events(Runnable close) {
        return Flux.<Event<String>>create(created -> {
                    synchronized (this) {
                        sink = created;
                    }
                    created.onRequest(n -> drain());
                    drain();
                })
                .doFinally(signal -> close.run());
    }

    @Override
    public synchronized int room() {
        return ended ? 0 : CAPACITY - queue.size();
    }

    @Override
    public void event(XpEvent event) {
        String data;
        try {
            data = json.writeValueAsString(Responses.XpEventBody.from(event));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        add(Event.of(data).id(Long.toString(event.id())).name("xp"));
    }

    @Override
    public void reset(long newest) {
        Event<String> reset = Event.of(RESET_DATA).name("reset");
        add(newest > 0 ? reset.id(Long.toString(newest)) : reset);
    }

    @Override
    public void keepAlive() {
        add(Event.of("").comment("keep-alive"));
    }

    @Override
    public void end() {
        synchronized (this) {
            ended = true;
        }
        drain();
    }

    private void add(Event<String> event) {
        synchronized (this) {
            queue.add(event);
        }
        drain();
    }

    private synchronized void drain() {
        if (sink == null) {
            return;
        }
        while (sink.requestedFromDownstream() > 0 && !queue.isEmpty()) {
            sink.next(queue.poll());
        }
        if (ended && queue.isEmpty()) {
            sink.complete();
        }
    }
}
