package com.communitybot.app;

import io.micronaut.context.ApplicationContextConfigurer;
import io.micronaut.core.io.service.MicronautMetaServiceLoaderUtils;
import io.micronaut.core.io.service.SoftServiceLoader;
import io.micronaut.inject.BeanDefinitionReference;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Work the start of {@code serve} needs, done ahead on a second thread while the main thread sets up logging and
 * Micronaut, as Spring Boot's {@code BackgroundPreinitializer} does: the main thread is the start's critical path
 * and keeps one core busy, while the other core has time between the JIT compiler's tasks (BENCHMARKS.md,
 * "Start-up: work done ahead").
 *
 * <p>What it does, in the order the main thread needs it:
 *
 * <ol>
 *   <li>It reads Micronaut's index of its service files (a walk over the jar's {@code META-INF/micronaut/}),
 *       which Micronaut caches for the class loader; the main thread waits for it in {@link
 *       #awaitServiceIndex()} instead of reading it again.
 *   <li>Once the main thread has set up logging (some of the classes below log from their static
 *       initialisers), it initialises the classes whose static initialisers are the costliest on the main thread
 *       and the event loop: Micronaut's shared conversion service, the bean definitions (from the last, while the
 *       main thread loads them from the first, as Micronaut itself loads them on two threads), Jackson's {@code
 *       ObjectMapper}, Netty's HTTP constants, and the Flight Recorder events that Micronaut and Netty make at the
 *       first request and the first buffer (registering the first event sets up the Flight Recorder's metadata,
 *       about 40 ms of the first answer).
 * </ol>
 *
 * <p>Nothing here changes what the service does: a class is initialised once, by whichever thread comes first,
 * and the other waits for it. Netty's buffer allocators are left alone, because Micronaut sets their system
 * properties before it makes the first one. A failure here is ignored: the main thread meets the same failure
 * where it has its own handling and reporting.
 */
final class Preinitializer {

    /** Initialised first: the environment's conversion service, which Micronaut makes before the bean context. */
    static final String CONVERSION_SERVICE = "io.micronaut.core.convert.ConversionService";

    /** Initialised after the bean definitions, in the order the start needs them. */
    static final List<String> CLASSES = List.of(
            "com.fasterxml.jackson.databind.ObjectMapper",
            "io.netty.handler.codec.http.HttpMethod",
            "io.netty.handler.codec.http.HttpResponseStatus",
            "io.netty.handler.codec.http.HttpObjectEncoder",
            "io.netty.channel.DefaultChannelId",
            "io.micronaut.core.async.publisher.Publishers",
            "io.micronaut.http.server.netty.handler.Http1RequestEvent",
            "io.netty.buffer.AllocateChunkEvent",
            "io.netty.buffer.AllocateBufferEvent",
            "io.netty.buffer.FreeBufferEvent",
            "io.netty.buffer.ReallocateBufferEvent");

    private static volatile Preinitializer running;

    private final ClassLoader loader = Preinitializer.class.getClassLoader();
    private final CountDownLatch serviceIndex = new CountDownLatch(1);
    private final CountDownLatch mainReady = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);

    private Preinitializer() {}

    /** Starts the work on a daemon thread, once per JVM. */
    static synchronized void start() {
        if (running != null) {
            return;
        }
        Preinitializer preinitializer = new Preinitializer();
        Thread thread = new Thread(preinitializer::run, "preinitializer");
        thread.setDaemon(true);
        running = preinitializer;
        thread.start();
    }

    /**
     * Called by the main thread with logging set up, right before it starts Micronaut: lets the rest of the work
     * go on and waits until the service index has been read. Returns at once when nothing was started.
     */
    static void awaitServiceIndex() {
        Preinitializer preinitializer = running;
        if (preinitializer == null) {
            return;
        }
        preinitializer.mainReady.countDown();
        try {
            preinitializer.serviceIndex.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Tests: waits at most {@code millis} for the work started by {@link #start()} to end; false if it did not. */
    static boolean awaitFinished(long millis) throws InterruptedException {
        Preinitializer preinitializer = running;
        return preinitializer != null && preinitializer.finished.await(millis, TimeUnit.MILLISECONDS);
    }

    private void run() {
        try {
            work();
        } finally {
            finished.countDown();
        }
    }

    private void work() {
        try {
            SoftServiceLoader.load(ApplicationContextConfigurer.class, loader).collectAll();
        } catch (RuntimeException | LinkageError e) {
            // The main thread reads the index itself and reports what fails.
        } finally {
            serviceIndex.countDown();
        }
        try {
            mainReady.await();
        } catch (InterruptedException e) {
            return;
        }
        initialize(CONVERSION_SERVICE);
        initializeBeanDefinitions();
        CLASSES.forEach(this::initialize);
    }

    private void initializeBeanDefinitions() {
        List<String> names;
        try {
            names = new ArrayList<>(MicronautMetaServiceLoaderUtils.findMicronautMetaServiceEntries(
                    loader, BeanDefinitionReference.class.getName()));
        } catch (IOException | RuntimeException e) {
            return;
        }
        Collections.reverse(names);
        names.forEach(this::initialize);
    }

    private void initialize(String name) {
        try {
            Class.forName(name, true, loader);
        } catch (ClassNotFoundException | RuntimeException | LinkageError e) {
            // Not there (another version) or failing: the main thread meets it, or never needs it.
        }
    }
}
