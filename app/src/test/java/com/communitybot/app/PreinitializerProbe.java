package com.communitybot.app;

import org.slf4j.LoggerFactory;

/** Runs {@link Preinitializer} as {@code serve} does, in a JVM of its own, for {@link PreinitializerTest}. */
final class PreinitializerProbe {

    private PreinitializerProbe() {}

    public static void main(String[] args) throws InterruptedException {
        Preinitializer.start();
        LoggerFactory.getILoggerFactory();
        Preinitializer.awaitServiceIndex();
        System.out.println(Preinitializer.awaitFinished(60_000) ? "probe: finished" : "probe: still running");
    }
}
