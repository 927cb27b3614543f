package com.communitybot.discord;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the live view's connection to Discord looks like now, for health checks and metrics: each shard's
 * gateway state and ping, the guilds and members held, and how long ago the gateway last said anything.
 *
 * @param loggedIn      whether the login to Discord has happened (it is retried in the background until then)
 * @param shards        every shard, by id
 * @param guilds        guilds whose data is complete and available
 * @param membersCached members held across those guilds
 * @param sinceLastEvent time since the last gateway event of any shard; empty before the first
 */
public record GatewayStatus(
        boolean loggedIn, List<Shard> shards, long guilds, long membersCached, Optional<Duration> sinceLastEvent) {

    public GatewayStatus {
        shards = List.copyOf(shards);
        Objects.requireNonNull(sinceLastEvent, "sinceLastEvent");
    }

    /**
     * One shard's gateway connection.
     *
     * @param id                 the shard id
     * @param status             JDA's status name, such as {@code CONNECTED} or {@code ATTEMPTING_TO_RECONNECT}
     * @param connected          whether the shard is connected and has received all its guilds
     * @param pingMillis         the last heartbeat's round trip, -1 before the first
     * @param unavailableGuilds  guilds of the shard that Discord reports unavailable
     */
    public record Shard(int id, String status, boolean connected, long pingMillis, int unavailableGuilds) {
        public Shard {
            Objects.requireNonNull(status, "status");
        }
    }

    /** Ready to answer from Discord: logged in, every shard connected, no guild still missing. */
    public boolean ready() {
        return loggedIn
                && !shards.isEmpty()
                && shards.stream().allMatch(s -> s.connected() && s.unavailableGuilds() == 0);
    }
}
