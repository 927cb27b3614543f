package com.communitybot.http;

import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.runtime.server.EmbeddedServer;
import io.netty.channel.Channel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The connections a test server accepted, and a barrier on their event loops: a test that proves that something
 * does NOT happen after a response (no access line, no second report of a failure) waits until each connection's
 * event loop has run everything it was given, so whatever was coming has come. A loop runs its tasks in order,
 * and what follows a response's last write (its listeners, the close and what that fires) runs on that loop.
 */
final class ServerConnections implements NettyServerCustomizer {

    private final List<Channel> channels = new CopyOnWriteArrayList<>();

    private ServerConnections() {}

    /** Records the connections {@code server} accepts from now on. */
    static ServerConnections of(EmbeddedServer server) {
        ServerConnections connections = new ServerConnections();
        server.getApplicationContext()
                .getBean(NettyServerCustomizer.Registry.class)
                .register(connections);
        return connections;
    }

    @Override
    public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
        if (role == ChannelRole.CONNECTION) {
            channels.add(channel);
        }
        return this;
    }

    /**
     * Returns once the event loop of every connection so far has run what it had been given, and what those tasks
     * gave it in turn (a close fires the connection's inactive event as a task of its own), three rounds deep.
     */
    void settle() throws Exception {
        for (int round = 0; round < 3; round++) {
            for (Channel channel : channels) {
                // Runs after every task queued on the loop before it.
                channel.eventLoop().submit(() -> {}).get(10, TimeUnit.SECONDS);
            }
        }
    }
}
