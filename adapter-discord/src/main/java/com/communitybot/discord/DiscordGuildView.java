package com.communitybot.discord;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import com.communitybot.discord.members.MemberIndex;
import java.time.Duration;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import net.dv8tion.jda.api.JDA;
import net.dv8tion.jda.api.entities.Guild;
import net.dv8tion.jda.api.entities.RoleColors;
import net.dv8tion.jda.api.events.GenericEvent;
import net.dv8tion.jda.api.events.session.ShutdownEvent;
import net.dv8tion.jda.api.exceptions.InvalidTokenException;
import net.dv8tion.jda.api.hooks.EventListener;
import net.dv8tion.jda.api.hooks.ListenerAdapter;
import net.dv8tion.jda.api.requests.CloseCode;
import net.dv8tion.jda.api.requests.GatewayIntent;
import net.dv8tion.jda.api.requests.RestConfig;
import net.dv8tion.jda.api.sharding.DefaultShardManagerBuilder;
import net.dv8tion.jda.api.sharding.ShardManager;
import net.dv8tion.jda.api.utils.ChunkingFilter;
import net.dv8tion.jda.api.utils.MemberCachePolicy;
import net.dv8tion.jda.api.utils.cache.CacheFlag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live view of the bot's guilds from Discord's gateway: guilds and roles from JDA's cache, members from a
 * compact {@link MemberIndex} that {@link MemberFeed} keeps from JDA's events (JDA's own member cache is off: it
 * costs several times the memory per member, BENCHMARKS.md "Member view"), read through {@link GuildView}.
 *
 * <p><b>Start.</b> {@link #start(DiscordSettings, FatalFailureListener)} returns as soon as the login has been
 * started; it never waits for the gateway or the guilds, only for Discord's REST answers at login: a first
 * {@code GET /gateway/bot} (given up after 5 s connecting or 10 s waiting, then retried in the background), then,
 * once that answered, JDA's own login calls. A guild is reported present once JDA has its data (its
 * {@code GUILD_CREATE} and, for a large guild, all member chunks); until then, and while a guild is unavailable in
 * an outage, {@link #contains} is false and the other methods are empty.
 *
 * <p><b>Failures.</b>
 * <ul>
 *   <li>A token that Discord refuses at start: {@code start} throws {@link InvalidDiscordTokenException}, whose
 *       message is one line for the caller to print before it exits non-zero.</li>
 *   <li>Discord unreachable at start: {@code start} returns an empty view and logs one WARN line; the view tries
 *       again in the background with back-off (1 s doubling to 1 min), one line per attempt.</li>
 *   <li>Discord unreachable later: JDA reconnects with its own back-off, one WARN line per attempt; it keeps the
 *       last known data while it can resume the session, and rebuilds it guild by guild when it cannot.</li>
 *   <li>A failure nothing will fix that happens after {@code start} returned (the token refused on a background
 *       attempt, the gateway closed for good, e.g. because the privileged Server Members intent is not enabled):
 *       the view closes itself and calls the {@link FatalFailureListener} once, with a
 *       {@link FatalDiscordException} (an {@link InvalidDiscordTokenException} for a refused token).</li>
 * </ul>
 *
 * <p><b>Stop.</b> {@link #close()} shuts JDA down. JDA's own shutdown hook is off: the caller owns the life cycle.
 */
public final class DiscordGuildView implements GuildView, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DiscordGuildView.class);
    private static final long STALL_CHECK_SECONDS = 10;
    /** How long {@link #close()} lets a shard close its gateway session before it cuts it. */
    private static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(5);

    private final DiscordSettings settings;
    private final FatalFailureListener onFatalFailure;
    private final Backoff backoff;
    private final GatewayProbe probe;
    private final ScheduledExecutorService logins;
    private final MemberIndex members = new MemberIndex();
    private final MemberFeed feed = new MemberFeed(members);
    private final AtomicBoolean fatalReported = new AtomicBoolean();
    private final Object lock = new Object();
    private volatile ShardManager shards;
    private RestGatewaySessionController sessions;
    private boolean closed;
    private int failedLogins;
    /** {@link System#nanoTime()} of the last gateway event, 0 before the first. */
    private volatile long lastEventNanos;

    private DiscordGuildView(DiscordSettings settings, FatalFailureListener onFatalFailure, Backoff backoff) {
        this.settings = settings;
        this.onFatalFailure = onFatalFailure;
        this.backoff = backoff;
        this.probe = new GatewayProbe(settings);
        this.logins = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "discord-login-retry");
            thread.setDaemon(true);
            return thread;
        });
        logins.scheduleWithFixedDelay(
                () -> feed.retryStalled(System.nanoTime()), STALL_CHECK_SECONDS, STALL_CHECK_SECONDS, TimeUnit.SECONDS);
    }

    /**
     * Starts the view; a fatal failure after the start is only logged. Prefer
     * {@link #start(DiscordSettings, FatalFailureListener)} in a service, so that it can stop.
     *
     * @throws InvalidDiscordTokenException when Discord refuses the token
     */
    public static DiscordGuildView start(DiscordSettings settings) {
        return start(settings, failure -> LOG.error("{}", failure.getMessage()));
    }

    /**
     * Starts the view: logs in to Discord, or schedules the login when Discord cannot be reached.
     *
     * @param onFatalFailure told of a failure after the start that the view cannot recover from
     * @throws InvalidDiscordTokenException when Discord refuses the token
     */
    public static DiscordGuildView start(DiscordSettings settings, FatalFailureListener onFatalFailure) {
        return start(settings, onFatalFailure, Backoff.DEFAULT);
    }

    static DiscordGuildView start(DiscordSettings settings, FatalFailureListener onFatalFailure, Backoff backoff) {
        DiscordGuildView view = new DiscordGuildView(settings, onFatalFailure, backoff);
        try {
            view.attemptLogin(true);
        } catch (RuntimeException e) {
            view.close();
            throw e;
        }
        return view;
    }

    @Override
    public boolean contains(GuildId guild) {
        return guild(guild).isPresent();
    }

    @Override
    public Optional<List<Role>> roles(GuildId guild) {
        return guild(guild)
                .map(g ->
                        g.getRoleCache().stream().map(DiscordGuildView::toRole).toList());
    }

    @Override
    public Optional<Member> member(GuildId guild, UserId user) {
        return guild(guild).isPresent() ? members.member(guild, user) : Optional.empty();
    }

    /**
     * The guild's members from the index: the guild's {@code GuildMembers} object stays as it was when a lost
     * session takes the guild out of the index, and its replacement is a new object, so a leaderboard being
     * written keeps every name.
     */
    @Override
    public Optional<Members> members(GuildId guild) {
        return guild(guild).flatMap(g -> members.guild(guild)).map(held -> held);
    }

    /** The gateway's state now: each shard's connection and ping, what is cached, the time since the last event. */
    public GatewayStatus gatewayStatus() {
        ShardManager manager = shards;
        long lastEvent = lastEventNanos;
        Optional<Duration> sinceLastEvent =
                lastEvent == 0 ? Optional.empty() : Optional.of(Duration.ofNanos(System.nanoTime() - lastEvent));
        if (manager == null) {
            return new GatewayStatus(false, List.of(), 0, 0, sinceLastEvent);
        }
        List<GatewayStatus.Shard> states = manager.getShardCache().stream()
                .map(jda -> new GatewayStatus.Shard(
                        jda.getShardInfo().getShardId(),
                        jda.getStatus().name(),
                        jda.getStatus() == JDA.Status.CONNECTED,
                        jda.getGatewayPing(),
                        jda.getUnavailableGuilds().size()))
                .sorted(Comparator.comparingInt(GatewayStatus.Shard::id))
                .toList();
        // Members are the view's own index, not JDA's member cache (which is off).
        return new GatewayStatus(true, states, manager.getGuildCache().size(), members.memberCount(), sinceLastEvent);
    }

    /** Stops the background login and shuts JDA down; the view is empty afterwards. */
    @Override
    public void close() {
        ShardManager manager;
        RestGatewaySessionController controller;
        synchronized (lock) {
            closed = true;
            manager = shards;
            controller = sessions;
            shards = null;
            sessions = null;
        }
        logins.shutdownNow();
        if (manager != null) {
            shutDown(manager);
        }
        if (controller != null) {
            controller.close();
        }
    }

    /**
     * Shuts the shards down one by one, waits for each (bounded), and only then the manager. {@code
     * ShardManager#shutdown()} alone stops the thread pools the shards share at once and the shards later, on its
     * own executor (JDA's {@code DefaultShardManager#shutdown}): a shard whose gateway worker runs in between still
     * reads {@code CONNECTED}, finds its pool refused and logs an ERROR ("Was unable to schedule next packet due to
     * rejected execution by threadpool"), seen in CI on {@code DiscordApiTest}. A shard that is shut down first
     * reads {@code SHUTTING_DOWN}, and JDA takes the refusal for what it is.
     */
    private static void shutDown(ShardManager manager) {
        List<JDA> running = List.copyOf(manager.getShards());
        running.forEach(JDA::shutdown);
        for (JDA jda : running) {
            try {
                if (!jda.awaitShutdown(SHUTDOWN_WAIT)) {
                    jda.shutdownNow();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                jda.shutdownNow();
            }
        }
        manager.shutdown();
    }

    /**
     * A guild is there once the member index holds it (all its members arrived) and while JDA holds it (JDA drops a
     * guild it leaves or that becomes unavailable, just before it tells the feed).
     */
    private Optional<Guild> guild(GuildId id) {
        ShardManager manager = shards;
        if (manager == null || !members.contains(id)) {
            return Optional.empty();
        }
        return Optional.ofNullable(manager.getGuildById(id.value()));
    }

    private static Role toRole(net.dv8tion.jda.api.entities.Role role) {
        // JDA stands for "no colour" with a value of its own that is not a colour; Discord sends 0.
        RoleColors colors = role.getColors();
        long color = colors.isDefault() ? 0 : Integer.toUnsignedLong(colors.getPrimaryRaw());
        // getPosition() is JDA's rank among the roles (-1 for @everyone); the contract wants Discord's value.
        return new Role(new RoleId(role.getIdLong()), role.getName(), color, role.getPositionRaw());
    }

    /** One login attempt; on failure, the next one is scheduled, or the failure thrown ({@code atStart}) or reported. */
    private void attemptLogin(boolean atStart) {
        GatewayProbe.Outcome outcome = probe.probe();
        if (outcome instanceof GatewayProbe.Reachable) {
            outcome = login();
        }
        if (outcome instanceof GatewayProbe.Unauthorized) {
            InvalidDiscordTokenException failure = new InvalidDiscordTokenException("401 from " + probe.url());
            if (atStart) {
                throw failure;
            }
            reportFatal(failure);
        } else if (outcome instanceof GatewayProbe.Unavailable unavailable) {
            failedLogins++;
            long delay = backoff.delayAfter(failedLogins).toMillis();
            LOG.warn(
                    "Discord unreachable at {} ({}); attempt {}, next in {} ms",
                    probe.url(),
                    unavailable.reason(),
                    failedLogins,
                    delay);
            try {
                logins.schedule(() -> attemptLogin(false), delay, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException closedMeanwhile) {
                LOG.debug("Login not retried: the view is closed");
            }
        }
    }

    private GatewayProbe.Outcome login() {
        RestGatewaySessionController controller = new RestGatewaySessionController(backoff);
        ShardManager manager;
        try {
            manager = builder(controller).build();
        } catch (InvalidTokenException e) {
            controller.close();
            return new GatewayProbe.Unauthorized();
        } catch (RuntimeException e) {
            controller.close();
            return new GatewayProbe.Unavailable(Failures.oneLine(e));
        }
        synchronized (lock) {
            if (!closed) {
                shards = manager;
                sessions = controller;
                return new GatewayProbe.Reachable();
            }
        }
        shutDown(manager);
        controller.close();
        return new GatewayProbe.Reachable();
    }

    private DefaultShardManagerBuilder builder(RestGatewaySessionController controller) {
        // GUILDS (always on in JDA) brings guilds and roles; GUILD_MEMBERS (privileged) brings member chunks and
        // member joins, leaves and updates. No other intent: the API reads nothing else.
        return DefaultShardManagerBuilder.create(settings.token(), EnumSet.of(GatewayIntent.GUILD_MEMBERS))
                // Members are the feed's: JDA keeps none, and chunks none at a guild's start, where it would hold
                // every chunk of the guild as parsed JSON until the last came. The feed reads the members of a
                // GUILD_CREATE from its raw event and asks for the rest with Guild#loadMembers.
                .setMemberCachePolicy(MemberCachePolicy.NONE)
                .setChunkingFilter(ChunkingFilter.NONE)
                .setRawEventsEnabled(true)
                // Roles are always cached; none of these flags' data is read, so none costs memory per member.
                .disableCache(EnumSet.allOf(CacheFlag.class))
                .setRestConfig(new RestConfig().setBaseUrl(settings.restBaseUrl()))
                .setSessionController(controller)
                .setEnableShutdownHook(false)
                .addEventListeners(new FatalCloseListener(), feed, new EventClock());
    }

    private void reportFatal(FatalDiscordException failure) {
        if (!fatalReported.compareAndSet(false, true)) {
            return;
        }
        // Not on the calling thread: that may be one of JDA's, which close() shuts down.
        Thread reporter = new Thread(
                () -> {
                    close();
                    onFatalFailure.onFatalFailure(failure);
                },
                "discord-fatal-failure");
        reporter.setDaemon(true);
        reporter.start();
    }

    private boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /** Notes when the gateway last said anything, so a silent connection shows in the metrics. */
    private final class EventClock implements EventListener {
        @Override
        public void onEvent(GenericEvent event) {
            lastEventNanos = System.nanoTime();
        }
    }

    /** A shard that JDA shuts down without close() will not come back: that ends the live view. */
    private final class FatalCloseListener extends ListenerAdapter {
        @Override
        public void onShutdown(ShutdownEvent event) {
            if (isClosed()) {
                return;
            }
            CloseCode code = event.getCloseCode();
            if (code == CloseCode.AUTHENTICATION_FAILED) {
                reportFatal(new InvalidDiscordTokenException("gateway close code 4004"));
            } else if (code == CloseCode.DISALLOWED_INTENTS) {
                reportFatal(new FatalDiscordException("Discord refused the Server Members intent (gateway close code"
                        + " 4014): enable it for the bot in Discord's developer portal"));
            } else {
                reportFatal(new FatalDiscordException("Discord closed the gateway for good (close code "
                        + event.getCode() + (code == null ? "" : ": " + code.getMeaning()) + ")"));
            }
        }
    }
}
