package com.communitybot.http;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer.ChannelRole;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;

/**
 * Netty handlers of the service's own in each connection's pipeline, added once Micronaut has built it. The
 * subclasses say where their handlers go ({@link #addTo}); Micronaut may report a pipeline built more than
 * once, so {@code addTo} is only called while the pipeline has the HTTP/1 codec and lacks {@link #name()}.
 */
abstract class ConnectionHandlers implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    static final String CODEC = ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC;
    /** Micronaut's own handler, the last of an HTTP/1 pipeline: it routes each request to the controllers. */
    static final String MICRONAUT = ChannelPipelineCustomizer.HANDLER_MICRONAUT_INBOUND;

    /** The name of the (first) handler {@link #addTo} adds, by which a pipeline that has it is known. */
    abstract String name();

    /** Adds the handlers to a built pipeline that has the HTTP/1 codec and not yet {@link #name()}. */
    abstract void addTo(ChannelPipeline pipeline);

    /** The channels whose pipelines get the handlers: the connection's by default. */
    boolean appliesTo(ChannelRole role) {
        return role == ChannelRole.CONNECTION;
    }

    /** Whether the built pipeline is one to add to; by default, one with the HTTP/1 codec. */
    boolean accepts(ChannelPipeline pipeline) {
        return pipeline.get(CODEC) != null;
    }

    @Override
    public final NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        NettyServerCustomizer.Registry registry = event.getBean();
        registry.register(new NettyServerCustomizer() {
            @Override
            public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
                return appliesTo(role) ? new OnChannel(channel) : this;
            }
        });
        return registry;
    }

    private final class OnChannel implements NettyServerCustomizer {
        private final Channel channel;

        OnChannel(Channel channel) {
            this.channel = channel;
        }

        @Override
        public void onStreamPipelineBuilt() {
            ChannelPipeline pipeline = channel.pipeline();
            if (pipeline.get(name()) == null && accepts(pipeline)) {
                addTo(pipeline);
            }
        }
    }
}
