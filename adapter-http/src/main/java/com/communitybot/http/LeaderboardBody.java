package com.communitybot.http;

import io.micronaut.core.type.Argument;
import io.micronaut.core.type.MutableHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.body.ByteBodyFactory;
import io.micronaut.http.body.CloseableByteBody;
import io.micronaut.http.body.ResponseBodyWriter;
import io.micronaut.http.body.stream.BodySizeLimits;
import io.micronaut.scheduling.TaskExecutors;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutorService;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;

/**
 * Writes a whole leaderboard's body to the connection in its own chunks of about {@value
 * LeaderboardJson#CHUNK_BYTES} bytes, each written on the blocking pool once the one before has gone to the
 * connection: never ahead of the client, as an {@link java.io.InputStream} body, but in far fewer chunks, writes and
 * thread hand-offs (Micronaut reads an {@code InputStream} 8 KiB at a time). A body that is discarded unread is
 * closed, which stops its read.
 */
@Singleton
final class LeaderboardBody implements ResponseBodyWriter<LeaderboardJson> {

    private final ExecutorService blocking;

    LeaderboardBody(@Named(TaskExecutors.BLOCKING) ExecutorService blocking) {
        this.blocking = blocking;
    }

    @Override
    public CloseableByteBody writePiece(
            ByteBodyFactory bodyFactory,
            HttpRequest<?> request,
            HttpResponse<?> response,
            Argument<LeaderboardJson> type,
            MediaType mediaType,
            LeaderboardJson body) {
        return bodyFactory.adapt(
                chunks(body).map(bodyFactory.readBufferFactory()::adapt), BodySizeLimits.UNLIMITED, null, body::close);
    }

    /** Outside a server (never in this service): the whole body, copied. */
    @Override
    public void writeTo(
            Argument<LeaderboardJson> type,
            MediaType mediaType,
            LeaderboardJson body,
            MutableHeaders outgoingHeaders,
            OutputStream outputStream) {
        try (body) {
            for (byte[] chunk = body.nextChunk(); chunk != null; chunk = body.nextChunk()) {
                outputStream.write(chunk);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The body's chunks, each written on the blocking pool when it is asked for; the body is closed when they end
     * or are cancelled. As Micronaut's own {@code InputStreamByteBody} does, the chunks go through a sink, which
     * drops a chunk written after the client has gone.
     */
    private Flux<byte[]> chunks(LeaderboardJson body) {
        Sinks.Many<byte[]> sink = Sinks.many().unicast().onBackpressureBuffer();
        return sink.asFlux()
                .doOnRequest(requested -> {
                    for (long left = requested; left > 0; left--) {
                        byte[] chunk;
                        try {
                            chunk = body.nextChunk();
                        } catch (IOException e) {
                            sink.tryEmitError(e);
                            return;
                        }
                        if (chunk == null) {
                            sink.tryEmitComplete();
                            return;
                        }
                        sink.tryEmitNext(chunk);
                    }
                })
                .doFinally(signal -> body.close())
                // Trampolined: the requests of one body run one after the other, never two chunks at once.
                .subscribeOn(Schedulers.fromExecutor(blocking, true));
    }
}
