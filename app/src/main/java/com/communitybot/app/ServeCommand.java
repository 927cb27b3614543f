package com.communitybot.app;

import com.communitybot.core.port.GuildView;
import com.communitybot.discord.DiscordGuildView;
import com.communitybot.discord.DiscordSettings;
import com.communitybot.discord.FatalDiscordException;
import com.communitybot.discord.FatalFailureListener;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.RuntimeBeanDefinition;
import io.micronaut.runtime.server.EmbeddedServer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import sun.misc.Signal;

/** Runs the HTTP service until SIGTERM or SIGINT, then finishes the requests in flight and exits 0. */
@Command(name = "serve", mixinStandardHelpOptions = true, description = "Run the HTTP service (the default).")
final class ServeCommand implements Callable<Integer> {

    /** Returned when the service is up: the JVM lives on until a signal ends it. */
    static final int KEEP_RUNNING = -1;

    private static final Logger LOG = LoggerFactory.getLogger("community-bot-api");

    @Override
    public Integer call() {
        AppConfig config = AppConfig.fromEnvironment();
        if (config.apiKey().isEmpty()) {
            return CommandFailure.report(
                    "BOT_API_KEY is not set: the service needs the one API key clients send in X-API-Key");
        }
        AtomicReference<Service> running = new AtomicReference<>();
        // The live view starts (a snapshot of a million members takes seconds to read) while Micronaut starts and
        // the store's schema is checked; the server listens once both are ready. A view that cannot start is
        // reported first, whatever the store does, as when the two started one after the other.
        CompletableFuture<LiveView> chosen = new CompletableFuture<>();
        Thread viewStart = new Thread(
                () -> {
                    try {
                        chosen.complete(LiveView.choose(config, failure -> stopAfterFatalFailure(running, failure)));
                    } catch (Throwable e) { // an out-of-memory error too: the start must not wait for ever
                        chosen.completeExceptionally(e);
                    }
                },
                "live-view-start");
        viewStart.start();
        Service service;
        try {
            service = Service.start(config, () -> chosen.join().view(), Map.of());
        } catch (RuntimeException e) {
            LiveView liveView;
            try {
                liveView = chosen.join();
            } catch (CompletionException viewFailed) {
                return CommandFailure.report(viewFailed.getCause().getMessage());
            }
            LiveViews.close(liveView.view());
            return CommandFailure.report("Cannot start: " + CommandFailure.rootMessage(e));
        }
        LiveView liveView = chosen.join();
        running.set(service);
        // Before the start-up line: whoever waits for it may send SIGTERM at once, and without the handler the
        // JVM would exit 143 instead of stopping gracefully with 0.
        service.stopOnSignal();
        LOG.info(
                "Community Bot API listening on port {} (all interfaces); store {}; live view: {}",
                service.port(),
                config.storeForLog(),
                liveView.name());
        return KEEP_RUNNING;
    }

    /** Discord refused the bot for good after start: say why in one line, stop, exit non-zero. */
    private static void stopAfterFatalFailure(AtomicReference<Service> running, FatalDiscordException failure) {
        CommandFailure.report(failure.getMessage());
        Service service = running.get();
        if (service != null) {
            service.context().close();
        }
        System.exit(CommandFailure.EXIT_CODE);
    }

    /** The live view the configuration asks for (contract 1), and how the start-up line names it. */
    record LiveView(GuildView view, String name) {

        /**
         * Discord when {@code DISCORD_TOKEN} is set, else the snapshot file of {@code GUILD_SNAPSHOT}, else
         * an empty view with one warning.
         *
         * @throws RuntimeException with a one-line message when the chosen view cannot start
         */
        static LiveView choose(AppConfig config, FatalFailureListener onFatalFailure) {
            if (config.discordToken().isPresent()) {
                DiscordSettings discord = DiscordSettings.fromEnvironmentValues(
                        config.discordToken().get(), config.discordApiUrl().orElse(null));
                return new LiveView(
                        DiscordGuildView.start(discord, onFatalFailure),
                        "Discord gateway through "
                                + discord.apiBaseUrl().map(Object::toString).orElse("Discord's own REST API"));
            }
            if (config.guildSnapshot().isPresent()) {
                SnapshotGuildView snapshot =
                        SnapshotGuildView.watch(Path.of(config.guildSnapshot().get()));
                return new LiveView(snapshot, snapshot.toString());
            }
            LOG.warn(
                    "Neither DISCORD_TOKEN nor GUILD_SNAPSHOT is set: the live view is empty and the bot is in no guild");
            GuildView empty = new EmptyGuildView();
            return new LiveView(empty, empty.toString());
        }
    }

    /** The running service: its Micronaut context, server and live view. */
    record Service(ApplicationContext context, EmbeddedServer server, GuildView liveView) {

        /** With Micronaut properties beyond the configuration's (tests). */
        static Service start(AppConfig config, GuildView liveView, Map<String, Object> extraProperties) {
            return start(config, () -> liveView, extraProperties);
        }

        /**
         * Starts Micronaut and the store while {@code liveView} may still be starting: a bean that needs the
         * view waits for it, and the server starts listening once it is there.
         */
        static Service start(AppConfig config, Supplier<GuildView> liveView, Map<String, Object> extraProperties) {
            Map<String, Object> properties =
                    new LinkedHashMap<>(config.serverProperties(config.apiKey().orElseThrow()));
            properties.putAll(extraProperties);
            ApplicationContext context = ApplicationContext.builder()
                    .deduceEnvironment(false)
                    .banner(false)
                    .properties(properties)
                    .beanDefinitions(RuntimeBeanDefinition.builder(GuildView.class, liveView)
                            .singleton(true)
                            .build())
                    .start();
            try {
                // Creating the data source connects and migrates the schema now, so an unreachable store
                // stops the service at start rather than failing its first request.
                context.getBean(DataSource.class);
                GuildView view = context.getBean(GuildView.class);
                EmbeddedServer server = context.getBean(EmbeddedServer.class);
                server.start();
                return new Service(context, server, view);
            } catch (RuntimeException e) {
                context.close();
                throw e;
            }
        }

        int port() {
            return server.getPort();
        }

        /**
         * SIGTERM and SIGINT stop the server gracefully (Micronaut's graceful shutdown lets requests in
         * flight finish) and exit 0; without this handler the JVM would exit 143 on SIGTERM.
         */
        void stopOnSignal() {
            AtomicBoolean stopping = new AtomicBoolean();
            Runnable stop = () -> {
                if (stopping.compareAndSet(false, true)) {
                    LOG.info("Stopping: finishing requests in flight");
                    context.close();
                    LiveViews.close(liveView);
                    LOG.info("Stopped");
                    System.exit(0);
                }
            };
            for (String signal : new String[] {"TERM", "INT"}) {
                Signal.handle(new Signal(signal), s -> new Thread(stop, "shutdown").start());
            }
        }
    }
}
