package com.communitybot.app.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.status.ErrorStatus;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The service's log on standard output, written by the thread that logs, through a 64 KiB buffer. Every line is
 * written out at once, except those of one busy logger ({@code bufferedLogger}, the access log: a line per
 * request), which are written when the buffer fills, when another line comes, or at the latest {@code
 * flushMillis} after they were logged, as nginx's buffered {@code access_log} does. So a request costs no write
 * of its own to the console and no hand-over to a log thread (each was about a sixth of a small endpoint's
 * throughput), and the order of the lines is kept. When the service stops, everything buffered is written; a
 * {@code kill -9} loses at most the access lines of the last {@code flushMillis}.
 *
 * <p>Set up by {@link LogConfigurator}: {@code bufferedLogger} (none by default: every line at once) and {@code
 * flushMillis} (100); both are also settable from a {@code logback.xml} of an operator's.
 */
public final class StdoutAppender extends OutputStreamAppender<ILoggingEvent> {

    private static final int BUFFER_BYTES = 64 * 1024;

    private String bufferedLogger;
    private long flushMillis = 100;
    /** Whether lines are in the buffer; written under the stream's lock, read by the flusher. */
    private volatile boolean pending;

    private Thread flusher;

    private final OutputStream target;

    public StdoutAppender() {
        this(new FileOutputStream(FileDescriptor.out));
    }

    /** An appender that writes to {@code target} instead of standard output (tests); it never closes it. */
    StdoutAppender(OutputStream target) {
        this.target = target;
    }

    public void setBufferedLogger(String bufferedLogger) {
        this.bufferedLogger = bufferedLogger;
    }

    public void setFlushMillis(long flushMillis) {
        this.flushMillis = flushMillis;
    }

    @Override
    public void start() {
        if (flushMillis < 1) {
            addError("flushMillis must be at least 1, not " + flushMillis);
            return;
        }
        setImmediateFlush(false);
        setOutputStream(new BufferedOutputStream(new Unclosable(target), BUFFER_BYTES));
        super.start();
        if (isStarted() && bufferedLogger != null) {
            flusher = new Thread(this::flushInTime, "log-flush");
            flusher.setDaemon(true);
            flusher.start();
        }
    }

    @Override
    public void stop() {
        Thread thread = flusher;
        flusher = null;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
        super.stop(); // writes out the buffer: the stream is closed, which flushes it
    }

    /**
     * As Logback's, without preparing the event for deferred processing (a copy of the MDC, among others): the
     * line is encoded here and now, on the thread that logs.
     */
    @Override
    protected void subAppend(ILoggingEvent event) {
        if (!isStarted()) {
            return;
        }
        try {
            writeOut(event);
        } catch (IOException e) {
            failed(e);
        }
    }

    @Override
    protected void writeOut(ILoggingEvent event) throws IOException {
        byte[] line = encoder.encode(event);
        boolean buffered = event.getLoggerName().equals(bufferedLogger);
        streamWriteLock.lock();
        try {
            OutputStream out = getOutputStream();
            if (!isStarted() || out == null) {
                return; // stopped meanwhile
            }
            out.write(line);
            if (buffered) {
                pending = true;
            } else {
                out.flush();
                pending = false;
            }
        } finally {
            streamWriteLock.unlock();
        }
    }

    private void flushInTime() {
        long nanos = TimeUnit.MILLISECONDS.toNanos(flushMillis);
        while (flusher == Thread.currentThread()) {
            LockSupport.parkNanos(this, nanos);
            if (pending) {
                flush();
            }
        }
    }

    private void flush() {
        streamWriteLock.lock();
        try {
            pending = false;
            OutputStream out = getOutputStream();
            if (isStarted() && out != null) {
                out.flush();
            }
        } catch (IOException e) {
            failed(e);
        } finally {
            streamWriteLock.unlock();
        }
    }

    /** As Logback's own appenders do: the appender stops, and says why in the status. */
    private void failed(IOException e) {
        started = false;
        addStatus(new ErrorStatus("IO failure in appender", this, e));
    }

    /** Standard output, which closing the appender must not close: flushes instead. */
    private static final class Unclosable extends FilterOutputStream {
        Unclosable(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            out.write(bytes, offset, length);
        }

        @Override
        public void close() throws IOException {
            out.flush();
        }
    }
}
