package com.communitybot.discord.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.Deflater;

/**
 * A small Discord for tests, on loopback: the REST calls a bot makes at login and a gateway WebSocket that speaks
 * Discord's protocol (HELLO, IDENTIFY, READY, GUILD_CREATE, member chunks on op 8, heartbeat ACKs, zlib-stream
 * compression when asked), with guilds that a test sets up and changes.
 *
 * <p>Use: {@code FakeDiscord.start()}, point the client at {@link #baseUrl()} with the token {@link #TOKEN},
 * {@link #addGuild} before or after the client connects, then send events ({@link #addMember},
 * {@link #removeMember}, {@link #updateRole}, {@link #deleteGuild}, {@link #makeUnavailable}). Any other token is
 * refused: 401 on REST, close code 4004 on the gateway. {@link #close()} stops it.
 */
public final class FakeDiscord implements AutoCloseable {

    /** The token the fake accepts unless built with another. */
    public static final String TOKEN = "fake-discord-bot-token";
    /** The bot's user id. */
    public static final long BOT_USER_ID = 900_000_000_000_000_001L;
    /** The bot as a member of each guild, as Discord sends it: it is counted in {@code member_count}. */
    static final FakeMember BOT_MEMBER = FakeMember.of(BOT_USER_ID, "fake-bot");

    private static final String API_PREFIX = "/api/v10/";
    private static final String GATEWAY_PATH = "/gateway";
    private static final int HEARTBEAT_INTERVAL_MS = 41_250;
    private static final int MEMBERS_PER_CHUNK = 1000;
    private static final long GUILD_MEMBERS_INTENT = 1L << 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String token;
    private final int shards;
    private final EventLoopGroup group;
    private final Channel server;
    private final Map<Long, FakeGuild.State> guilds = new LinkedHashMap<>();
    private final Set<GatewaySession> sessions = ConcurrentHashMap.newKeySet();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger memberChunkRequests = new AtomicInteger();
    private final AtomicInteger gatewayHandshakes = new AtomicInteger();
    private final List<Long> identifyIntents = new CopyOnWriteArrayList<>();
    private volatile boolean tokenRevoked;
    private volatile boolean gatewayRefused;
    private volatile boolean membersIntentDisallowed;
    private boolean holdLastChunk;
    private final List<Runnable> heldChunks = new ArrayList<>();

    private FakeDiscord(Builder builder) {
        this.token = builder.token;
        this.shards = builder.shards;
        this.group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            this.server = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            channel.pipeline()
                                    .addLast(new HttpServerCodec())
                                    .addLast(new HttpObjectAggregator(1 << 20))
                                    .addLast(new GatewayDoor())
                                    .addLast(new WebSocketServerProtocolHandler(
                                            WebSocketServerProtocolConfig.newBuilder()
                                                    .websocketPath(GATEWAY_PATH)
                                                    .checkStartsWith(true)
                                                    .maxFramePayloadLength(1 << 24)
                                                    .build()))
                                    .addLast(new Handler());
                        }
                    })
                    .bind(new InetSocketAddress("127.0.0.1", builder.port))
                    .syncUninterruptibly()
                    .channel();
        } catch (RuntimeException e) {
            group.shutdownGracefully();
            throw e;
        }
    }

    /** A fake on a free loopback port, with one shard and the token {@link #TOKEN}. */
    public static FakeDiscord start() {
        return builder().start();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The REST API's base URL, e.g. {@code http://127.0.0.1:40123/api/v10/}: the value for DISCORD_API_URL. */
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + port() + API_PREFIX);
    }

    /** The gateway's URL, as {@code GET /gateway/bot} answers it. */
    public URI gatewayUrl() {
        return URI.create("ws://127.0.0.1:" + port() + GATEWAY_PATH);
    }

    /** The token the fake accepts. */
    public String token() {
        return token;
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Adds a guild; a connected client learns of it by a GUILD_CREATE, as when a bot joins a guild. */
    public synchronized FakeDiscord addGuild(FakeGuild guild) {
        FakeGuild.State state = new FakeGuild.State(guild);
        guilds.put(guild.id(), state);
        dispatchToShard(guild.id(), "GUILD_CREATE", guildCreate(state));
        return this;
    }

    /** Adds a member to a guild and sends GUILD_MEMBER_ADD. */
    public synchronized void addMember(long guildId, FakeMember member) {
        FakeGuild.State guild = guild(guildId);
        guild.members.put(member.userId(), member);
        ObjectNode event = memberJson(member);
        event.put("guild_id", id(guildId));
        dispatchToShard(guildId, "GUILD_MEMBER_ADD", event);
    }

    /**
     * Replaces a member of a guild (by its user id) and sends GUILD_MEMBER_UPDATE, as Discord does when the member's
     * nickname or guild avatar changes, or the user's name or avatar (for each guild the user is in).
     */
    public synchronized void updateMember(long guildId, FakeMember member) {
        FakeGuild.State guild = guild(guildId);
        if (!guild.members.containsKey(member.userId())) {
            throw new IllegalArgumentException("no member " + member.userId() + " in guild " + guildId);
        }
        guild.members.put(member.userId(), member);
        ObjectNode event = memberJson(member);
        event.put("guild_id", id(guildId));
        dispatchToShard(guildId, "GUILD_MEMBER_UPDATE", event);
    }

    /** Removes a member from a guild and sends GUILD_MEMBER_REMOVE. */
    public synchronized void removeMember(long guildId, long userId) {
        FakeMember member = guild(guildId).members.remove(userId);
        if (member == null) {
            throw new IllegalArgumentException("no member " + userId + " in guild " + guildId);
        }
        ObjectNode event = JSON.createObjectNode();
        event.put("guild_id", id(guildId));
        event.set("user", userJson(member));
        dispatchToShard(guildId, "GUILD_MEMBER_REMOVE", event);
    }

    /** Replaces a role of a guild (by its id) and sends GUILD_ROLE_UPDATE. */
    public synchronized void updateRole(long guildId, FakeRole role) {
        FakeGuild.State guild = guild(guildId);
        if (!guild.roles.containsKey(role.id())) {
            throw new IllegalArgumentException("no role " + role.id() + " in guild " + guildId);
        }
        guild.roles.put(role.id(), role);
        ObjectNode event = JSON.createObjectNode();
        event.put("guild_id", id(guildId));
        event.set("role", roleJson(role));
        dispatchToShard(guildId, "GUILD_ROLE_UPDATE", event);
    }

    /** Removes the bot from a guild (kicked, or the guild deleted) and sends GUILD_DELETE. */
    public synchronized void deleteGuild(long guildId) {
        guild(guildId);
        guilds.remove(guildId);
        ObjectNode event = JSON.createObjectNode();
        event.put("id", id(guildId));
        dispatchToShard(guildId, "GUILD_DELETE", event);
    }

    /** A guild outage: sends GUILD_DELETE with {@code unavailable: true}; the guild stays the bot's. */
    public synchronized void makeUnavailable(long guildId) {
        FakeGuild.State guild = guild(guildId);
        guild.available = false;
        ObjectNode event = JSON.createObjectNode();
        event.put("id", id(guildId));
        event.put("unavailable", true);
        dispatchToShard(guildId, "GUILD_DELETE", event);
    }

    /** The end of a guild outage: sends the guild's GUILD_CREATE again. */
    public synchronized void makeAvailable(long guildId) {
        FakeGuild.State guild = guild(guildId);
        guild.available = true;
        dispatchToShard(guildId, "GUILD_CREATE", guildCreate(guild));
    }

    /**
     * From now on refuse the token too: 401 on REST, and connected gateway sessions are closed with 4004, as
     * when a bot's token is reset.
     */
    public void revokeToken() {
        tokenRevoked = true;
        sessions.forEach(session -> session.closeWith(4004, "Authentication failed."));
    }

    /**
     * From now on close an IDENTIFY that asks for GUILD_MEMBERS with 4014, as Discord does for a bot whose
     * privileged Server Members intent is not enabled in the developer portal.
     */
    public void disallowMembersIntent() {
        membersIntentDisallowed = true;
    }

    /**
     * While {@code held}, the last member chunk of each op 8 request is built (with the members as they are at the
     * request) but not sent, until {@link #releaseMemberChunks()}: events sent meanwhile reach the client before it,
     * as on a busy gateway.
     */
    public synchronized void holdLastMemberChunk(boolean held) {
        holdLastChunk = held;
    }

    /** Sends the member chunks held back by {@link #holdLastMemberChunk}. */
    public synchronized void releaseMemberChunks() {
        heldChunks.forEach(Runnable::run);
        heldChunks.clear();
    }

    /** Drops every gateway connection without a close frame, as a network failure would. */
    public void dropGatewayConnections() {
        sessions.forEach(session -> session.channel.close());
    }

    /** Drops the gateway connections of one shard without a close frame; the other shards' stay. */
    public void dropGatewayConnection(int shard) {
        sessions.stream().filter(session -> session.shardId == shard).forEach(session -> session.channel.close());
    }

    /**
     * While {@code refused}, the gateway answers WebSocket handshakes with 503, as in a gateway outage while the
     * REST API still answers.
     */
    public void refuseGateway(boolean refused) {
        gatewayRefused = refused;
    }

    /** The {@code intents} of each IDENTIFY received, in order. */
    public List<Long> identifyIntents() {
        return List.copyOf(identifyIntents);
    }

    /** How many WebSocket handshakes the gateway has received, refused ones included. */
    public int gatewayHandshakes() {
        return gatewayHandshakes.get();
    }

    /** The REST requests received so far, as {@code "GET /api/v10/users/@me"}. */
    public List<String> restRequests() {
        return List.copyOf(requests);
    }

    /** How many op 8 (REQUEST_GUILD_MEMBERS) payloads the gateway has received. */
    public int memberChunkRequests() {
        return memberChunkRequests.get();
    }

    /** The shard ids of the gateway sessions that have identified and are still connected. */
    public List<Integer> identifiedShards() {
        return sessions.stream()
                .filter(s -> s.shardId >= 0)
                .map(s -> s.shardId)
                .sorted()
                .toList();
    }

    @Override
    public void close() {
        sessions.forEach(session -> session.channel.close());
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    public static final class Builder {
        private String token = TOKEN;
        private int shards = 1;
        private int port = 0;

        private Builder() {}

        /** The one token the fake accepts. */
        public Builder token(String newToken) {
            this.token = newToken;
            return this;
        }

        /** The shard count that {@code GET /gateway/bot} recommends; guilds go to shard {@code (id >> 22) % n}. */
        public Builder shards(int count) {
            if (count < 1) {
                throw new IllegalArgumentException("count must be positive: " + count);
            }
            this.shards = count;
            return this;
        }

        /** A fixed port instead of a free one, e.g. to start the fake after a client that waits for it. */
        public Builder port(int fixedPort) {
            this.port = fixedPort;
            return this;
        }

        public FakeDiscord start() {
            return new FakeDiscord(this);
        }
    }

    // ---- state and payloads ------------------------------------------------------------------------------------

    private FakeGuild.State guild(long guildId) {
        FakeGuild.State guild = guilds.get(guildId);
        if (guild == null) {
            throw new IllegalArgumentException("no guild " + guildId);
        }
        return guild;
    }

    private int shardOf(long guildId) {
        return (int) ((guildId >>> 22) % shards);
    }

    private boolean accepts(String presented) {
        return !tokenRevoked && token.equals(presented);
    }

    private void dispatchToShard(long guildId, String type, ObjectNode data) {
        int shard = shardOf(guildId);
        for (GatewaySession session : sessions) {
            if (session.shardId == shard) {
                session.dispatch(type, data);
            }
        }
    }

    private static String id(long id) {
        return Long.toUnsignedString(id);
    }

    private ObjectNode guildCreate(FakeGuild.State guild) {
        ObjectNode json = JSON.createObjectNode();
        json.put("id", id(guild.id));
        json.put("name", guild.name);
        json.putNull("icon");
        json.putNull("splash");
        json.putNull("discovery_splash");
        json.putNull("banner");
        json.putNull("description");
        json.put("owner_id", id(BOT_USER_ID));
        json.putNull("afk_channel_id");
        json.put("afk_timeout", 300);
        json.put("verification_level", 0);
        json.put("default_message_notifications", 0);
        json.put("explicit_content_filter", 0);
        json.put("mfa_level", 0);
        json.put("nsfw_level", 0);
        json.put("premium_tier", 0);
        json.put("premium_subscription_count", 0);
        json.put("premium_progress_bar_enabled", false);
        json.put("preferred_locale", "en-US");
        json.putNull("system_channel_id");
        json.put("system_channel_flags", 0);
        json.putNull("rules_channel_id");
        json.putNull("public_updates_channel_id");
        json.putNull("safety_alerts_channel_id");
        json.putNull("vanity_url_code");
        json.put("max_members", 500_000);
        json.put("joined_at", "2024-01-01T00:00:00.000000+00:00");
        json.put("large", guild.members.size() + 1 > 250);
        json.put("unavailable", false);
        json.put("lazy", true);
        json.put("member_count", guild.members.size() + 1);
        json.putArray("features");
        ArrayNode roles = json.putArray("roles");
        guild.roles.values().forEach(role -> roles.add(roleJson(role)));
        ArrayNode members = json.putArray("members");
        guild.membersInCreate().forEach(member -> members.add(memberJson(member)));
        for (String empty : List.of(
                "channels",
                "threads",
                "emojis",
                "stickers",
                "soundboard_sounds",
                "voice_states",
                "presences",
                "stage_instances",
                "guild_scheduled_events")) {
            json.putArray(empty);
        }
        return json;
    }

    private static ObjectNode roleJson(FakeRole role) {
        ObjectNode json = JSON.createObjectNode();
        json.put("id", id(role.id()));
        json.put("name", role.name());
        json.put("color", role.color());
        ObjectNode colors = json.putObject("colors");
        colors.put("primary_color", role.color());
        colors.putNull("secondary_color");
        colors.putNull("tertiary_color");
        json.put("position", role.position());
        json.put("permissions", "0");
        json.put("hoist", false);
        json.put("managed", false);
        json.put("mentionable", false);
        json.putNull("icon");
        json.putNull("unicode_emoji");
        json.put("flags", 0);
        return json;
    }

    private static ObjectNode userJson(FakeMember member) {
        ObjectNode json = JSON.createObjectNode();
        json.put("id", id(member.userId()));
        json.put("username", member.username());
        json.put("global_name", member.globalName());
        json.put("avatar", member.avatar());
        json.put("discriminator", "0");
        json.put("public_flags", 0);
        json.put("bot", member.userId() == BOT_USER_ID);
        return json;
    }

    private static ObjectNode memberJson(FakeMember member) {
        ObjectNode json = JSON.createObjectNode();
        json.set("user", userJson(member));
        json.put("nick", member.nickname());
        json.put("avatar", member.guildAvatar());
        json.putArray("roles");
        json.put("joined_at", "2024-01-01T00:00:00.000000+00:00");
        json.putNull("premium_since");
        json.put("deaf", false);
        json.put("mute", false);
        json.put("flags", 0);
        json.put("pending", false);
        json.putNull("communication_disabled_until");
        return json;
    }

    private static ObjectNode selfUser() {
        ObjectNode json = JSON.createObjectNode();
        json.put("id", id(BOT_USER_ID));
        json.put("username", "fake-bot");
        json.putNull("global_name");
        json.putNull("avatar");
        json.put("discriminator", "0");
        json.put("bot", true);
        json.put("verified", true);
        json.put("mfa_enabled", false);
        json.put("flags", 0);
        json.put("public_flags", 0);
        return json;
    }

    // ---- REST --------------------------------------------------------------------------------------------------

    private void handleRest(ChannelHandlerContext ctx, FullHttpRequest request) {
        String path = new QueryStringDecoder(request.uri()).path();
        requests.add(request.method() + " " + path);
        String authorization = request.headers().get(HttpHeaderNames.AUTHORIZATION, "");
        if (!path.startsWith(API_PREFIX)) {
            respond(ctx, HttpResponseStatus.NOT_FOUND, error("404: Not Found"));
        } else if (!authorization.startsWith("Bot ") || !accepts(authorization.substring("Bot ".length()))) {
            respond(ctx, HttpResponseStatus.UNAUTHORIZED, error("401: Unauthorized"));
        } else if (request.method() != HttpMethod.GET) {
            respond(ctx, HttpResponseStatus.METHOD_NOT_ALLOWED, error("405: Method Not Allowed"));
        } else {
            String route = path.substring(API_PREFIX.length());
            switch (route) {
                case "gateway/bot" -> respond(ctx, HttpResponseStatus.OK, gatewayBot());
                case "gateway" -> respond(ctx, HttpResponseStatus.OK, gateway());
                case "users/@me" -> respond(ctx, HttpResponseStatus.OK, selfUser());
                case "applications/@me" -> respond(ctx, HttpResponseStatus.OK, application());
                default -> respond(ctx, HttpResponseStatus.NOT_FOUND, error("404: Not Found"));
            }
        }
    }

    private ObjectNode gateway() {
        ObjectNode json = JSON.createObjectNode();
        json.put("url", gatewayUrl().toString());
        return json;
    }

    private ObjectNode gatewayBot() {
        ObjectNode json = gateway();
        json.put("shards", shards);
        ObjectNode limit = json.putObject("session_start_limit");
        limit.put("total", 1000);
        limit.put("remaining", 1000);
        limit.put("reset_after", 0);
        // Discord's value for large bots; it lets the client start all shards at once instead of one per 5 s.
        limit.put("max_concurrency", 16);
        return json;
    }

    private static ObjectNode application() {
        ObjectNode json = JSON.createObjectNode();
        json.put("id", id(BOT_USER_ID));
        json.put("name", "fake-bot");
        json.put("description", "");
        json.putNull("icon");
        json.put("bot_public", false);
        json.put("bot_require_code_grant", false);
        json.put("flags", 0);
        return json;
    }

    private static ObjectNode error(String message) {
        ObjectNode json = JSON.createObjectNode();
        json.put("message", message);
        json.put("code", 0);
        return json;
    }

    private static void respond(ChannelHandlerContext ctx, HttpResponseStatus status, JsonNode body) {
        ByteBuf content = Unpooled.wrappedBuffer(bytes(body));
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, content);
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, content.readableBytes());
        ctx.writeAndFlush(response);
    }

    private static byte[] bytes(JsonNode json) {
        try {
            return JSON.writeValueAsBytes(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- gateway -----------------------------------------------------------------------------------------------

    private void onGatewayMessage(GatewaySession session, JsonNode message) {
        int op = message.path("op").asInt(-1);
        JsonNode data = message.path("d");
        switch (op) {
            case 1 -> session.send(payload(11, null));
            case 2 -> identify(session, data);
            case 6 ->
                session.send(payload(9, JSON.getNodeFactory().booleanNode(false))); // no session kept: re-identify
            case 8 -> requestMembers(session, data);
            default -> {
                // presence updates and the like: nothing the fake keeps
            }
        }
    }

    private void identify(GatewaySession session, JsonNode data) {
        if (!accepts(data.path("token").asText())) {
            session.closeWith(4004, "Authentication failed.");
            return;
        }
        long intents = data.path("intents").asLong();
        identifyIntents.add(intents);
        if (membersIntentDisallowed && (intents & GUILD_MEMBERS_INTENT) != 0) {
            session.closeWith(4014, "Disallowed intent(s).");
            return;
        }
        JsonNode shard = data.path("shard");
        int shardId = shard.isArray() ? shard.path(0).asInt() : 0;
        synchronized (this) {
            session.shardId = shardId;
            ObjectNode ready = JSON.createObjectNode();
            ready.put("v", 10);
            ready.set("user", selfUser());
            ready.put("session_id", "fake-session-" + System.identityHashCode(session));
            ready.put("resume_gateway_url", gatewayUrl().toString());
            ready.putArray("private_channels");
            ArrayNode unavailable = ready.putArray("guilds");
            List<FakeGuild.State> ofShard = new ArrayList<>();
            for (FakeGuild.State guild : guilds.values()) {
                if (shardOf(guild.id) == shardId) {
                    ofShard.add(guild);
                    unavailable.addObject().put("id", id(guild.id)).put("unavailable", true);
                }
            }
            ObjectNode application = ready.putObject("application");
            application.put("id", id(BOT_USER_ID));
            application.put("flags", 0);
            if (shard.isArray()) {
                ready.set("shard", shard);
            }
            session.dispatch("READY", ready);
            for (FakeGuild.State guild : ofShard) {
                if (guild.available) {
                    session.dispatch("GUILD_CREATE", guildCreate(guild));
                }
            }
        }
    }

    private void requestMembers(GatewaySession session, JsonNode data) {
        memberChunkRequests.incrementAndGet();
        JsonNode ids = data.path("guild_id");
        List<Long> guildIds = new ArrayList<>();
        if (ids.isArray()) {
            ids.forEach(id -> guildIds.add(Long.parseUnsignedLong(id.asText())));
        } else {
            guildIds.add(Long.parseUnsignedLong(ids.asText()));
        }
        synchronized (this) {
            for (long guildId : guildIds) {
                FakeGuild.State guild = guilds.get(guildId);
                if (guild == null || !guild.available) {
                    continue;
                }
                List<FakeMember> members = guild.allMembers();
                int count = Math.max(1, (members.size() + MEMBERS_PER_CHUNK - 1) / MEMBERS_PER_CHUNK);
                for (int index = 0; index < count; index++) {
                    ObjectNode chunk = JSON.createObjectNode();
                    chunk.put("guild_id", id(guildId));
                    ArrayNode array = chunk.putArray("members");
                    members.subList(
                                    index * MEMBERS_PER_CHUNK,
                                    Math.min(members.size(), (index + 1) * MEMBERS_PER_CHUNK))
                            .forEach(member -> array.add(memberJson(member)));
                    chunk.put("chunk_index", index);
                    chunk.put("chunk_count", count);
                    chunk.putArray("not_found");
                    if (data.hasNonNull("nonce")) {
                        chunk.set("nonce", data.get("nonce"));
                    }
                    if (holdLastChunk && index == count - 1) {
                        heldChunks.add(() -> session.dispatch("GUILD_MEMBERS_CHUNK", chunk));
                    } else {
                        session.dispatch("GUILD_MEMBERS_CHUNK", chunk);
                    }
                }
            }
        }
    }

    private static ObjectNode payload(int op, JsonNode data) {
        ObjectNode json = JSON.createObjectNode();
        json.put("op", op);
        json.set("d", data);
        json.putNull("s");
        json.putNull("t");
        return json;
    }

    /** One client connection to the gateway. All writes run on the channel's event loop, in order. */
    private static final class GatewaySession {
        final Channel channel;
        final Deflater deflater;
        volatile int shardId = -1;
        int sequence;

        GatewaySession(Channel channel, boolean zlibStream) {
            this.channel = channel;
            this.deflater = zlibStream ? new Deflater() : null;
        }

        void dispatch(String type, ObjectNode data) {
            ObjectNode json = JSON.createObjectNode();
            json.put("op", 0);
            json.put("t", type);
            json.set("d", data);
            channel.eventLoop().execute(() -> {
                json.put("s", ++sequence);
                write(json);
            });
        }

        void send(ObjectNode json) {
            channel.eventLoop().execute(() -> write(json));
        }

        void closeWith(int code, String reason) {
            channel.eventLoop().execute(() -> channel.writeAndFlush(new CloseWebSocketFrame(code, reason))
                    .addListener(ChannelFutureListener.CLOSE));
        }

        private void write(ObjectNode json) {
            if (!channel.isActive()) {
                return;
            }
            byte[] raw = bytes(json);
            if (deflater == null) {
                channel.writeAndFlush(new TextWebSocketFrame(new String(raw, StandardCharsets.UTF_8)));
                return;
            }
            // zlib-stream: one deflate stream per connection, each message ending in a sync flush (00 00 ff ff).
            deflater.setInput(raw);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            int written;
            do {
                written = deflater.deflate(buffer, 0, buffer.length, Deflater.SYNC_FLUSH);
                out.write(buffer, 0, written);
            } while (written == buffer.length);
            channel.writeAndFlush(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(out.toByteArray())));
        }

        void release() {
            if (deflater != null) {
                channel.eventLoop().execute(deflater::end);
            }
        }
    }

    /** Counts gateway handshakes, and refuses them during a {@link #refuseGateway gateway outage}. */
    private final class GatewayDoor extends io.netty.channel.ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object message) {
            if (message instanceof FullHttpRequest request
                    && new QueryStringDecoder(request.uri()).path().equals(GATEWAY_PATH)) {
                gatewayHandshakes.incrementAndGet();
                if (gatewayRefused) {
                    request.release();
                    ByteBuf body = Unpooled.copiedBuffer("gateway unavailable", StandardCharsets.UTF_8);
                    FullHttpResponse response = new DefaultFullHttpResponse(
                            HttpVersion.HTTP_1_1, HttpResponseStatus.SERVICE_UNAVAILABLE, body);
                    response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
                    ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
                    return;
                }
            }
            ctx.fireChannelRead(message);
        }
    }

    /** One per connection: REST requests, or the gateway session after the WebSocket handshake. */
    private final class Handler extends SimpleChannelInboundHandler<Object> {
        private GatewaySession session;

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
            if (event instanceof WebSocketServerProtocolHandler.HandshakeComplete handshake) {
                boolean zlib = new QueryStringDecoder(handshake.requestUri())
                        .parameters()
                        .getOrDefault("compress", List.of())
                        .contains("zlib-stream");
                session = new GatewaySession(ctx.channel(), zlib);
                sessions.add(session);
                ObjectNode hello = JSON.createObjectNode();
                hello.put("heartbeat_interval", HEARTBEAT_INTERVAL_MS);
                session.send(payload(10, hello));
            } else {
                super.userEventTriggered(ctx, event);
            }
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Object message) throws Exception {
            if (message instanceof FullHttpRequest request) {
                handleRest(ctx, request);
            } else if (message instanceof TextWebSocketFrame text && session != null) {
                onGatewayMessage(session, JSON.readTree(text.text()));
            } else if (message instanceof BinaryWebSocketFrame binary && session != null) {
                byte[] raw = new byte[binary.content().readableBytes()];
                binary.content().readBytes(raw);
                onGatewayMessage(session, JSON.readTree(raw));
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            if (session != null) {
                sessions.remove(session);
                session.release();
            }
            super.channelInactive(ctx);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
