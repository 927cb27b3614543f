package com.communitybot.discord;

import com.communitybot.core.model.GuildId;
import com.communitybot.discord.members.DiscordCdn;
import com.communitybot.discord.members.DiscordMember;
import com.communitybot.discord.members.GuildMembers;
import com.communitybot.discord.members.MemberIndex;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import net.dv8tion.jda.api.JDA;
import net.dv8tion.jda.api.entities.Guild;
import net.dv8tion.jda.api.entities.Member;
import net.dv8tion.jda.api.entities.User;
import net.dv8tion.jda.api.events.RawGatewayEvent;
import net.dv8tion.jda.api.events.guild.GuildLeaveEvent;
import net.dv8tion.jda.api.events.guild.GuildUnavailableEvent;
import net.dv8tion.jda.api.events.guild.member.GuildMemberJoinEvent;
import net.dv8tion.jda.api.events.guild.member.GuildMemberRemoveEvent;
import net.dv8tion.jda.api.events.guild.member.GuildMemberUpdateEvent;
import net.dv8tion.jda.api.events.session.SessionInvalidateEvent;
import net.dv8tion.jda.api.events.session.ShutdownEvent;
import net.dv8tion.jda.api.hooks.ListenerAdapter;
import net.dv8tion.jda.api.utils.concurrent.Task;
import net.dv8tion.jda.api.utils.data.DataArray;
import net.dv8tion.jda.api.utils.data.DataObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Feeds the {@link MemberIndex} from JDA's gateway events while JDA itself keeps no member (its member cache is
 * off): a guild's members come from its {@code GUILD_CREATE} (read as a raw event, since JDA builds and drops them
 * there), then, for a guild larger than that, from the member chunks {@link Guild#loadMembers} asks for; joins,
 * updates and leaves come from JDA's member events, which JDA fires whether or not it caches the member.
 *
 * <p>A guild enters the index only once all its members have arrived; until then it is built apart. Every event of
 * a shard arrives on that shard's one gateway thread, in gateway order, so chunks and member events never
 * overlap; a member that an event touched while the guild loads keeps the event's data over any later chunk's,
 * since a chunk may have been taken before the event.
 */
final class MemberFeed extends ListenerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(MemberFeed.class);

    /** How long a guild may load without a chunk arriving before its members are asked for again. */
    static final Duration STALLED = Duration.ofSeconds(60);

    private final MemberIndex index;
    private final Map<Long, Loading> loading = new ConcurrentHashMap<>();

    MemberFeed(MemberIndex index) {
        this.index = index;
    }

    @Override
    public void onRawGateway(RawGatewayEvent event) {
        if (!"GUILD_CREATE".equals(event.getType())) {
            return;
        }
        DataObject guild = event.getPayload();
        if (guild.getBoolean("unavailable", false)) {
            return;
        }
        long guildId = guild.getUnsignedLong("id");
        int memberCount = guild.getInt("member_count", 0);
        DataArray members = guild.optArray("members").orElseGet(DataArray::empty);
        Loading load = new Loading(event.getJDA(), new GuildMembers(guildId, Math.max(memberCount, members.length())));
        for (int i = 0; i < members.length(); i++) {
            load.members.put(fromJson(members.getObject(i)));
        }
        cancel(loading.remove(guildId));
        if (members.length() >= memberCount) {
            index.publish(load.members);
            return;
        }
        Guild jdaGuild = event.getJDA().getGuildById(guildId);
        if (jdaGuild == null) {
            LOG.debug("GUILD_CREATE of guild {} that JDA does not hold; waiting for the next", guildId);
            return;
        }
        loading.put(guildId, load);
        load.request(jdaGuild);
    }

    @Override
    public void onGuildMemberJoin(GuildMemberJoinEvent event) {
        upsert(event.getGuild().getIdLong(), event.getMember());
    }

    @Override
    public void onGuildMemberUpdate(GuildMemberUpdateEvent event) {
        upsert(event.getGuild().getIdLong(), event.getMember());
    }

    @Override
    public void onGuildMemberRemove(GuildMemberRemoveEvent event) {
        long guildId = event.getGuild().getIdLong();
        long userId = event.getUser().getIdLong();
        Loading load = loading.get(guildId);
        if (load != null) {
            load.byEvent(userId, null);
        }
        index.guild(new GuildId(guildId)).ifPresent(members -> members.remove(userId));
    }

    @Override
    public void onGuildLeave(GuildLeaveEvent event) {
        drop(event.getGuild().getIdLong());
    }

    @Override
    public void onGuildUnavailable(GuildUnavailableEvent event) {
        drop(event.getGuild().getIdLong());
    }

    /** A new session without resume: JDA has cleared the shard's guilds and sends them again. */
    @Override
    public void onSessionInvalidate(SessionInvalidateEvent event) {
        dropShard(event.getJDA());
    }

    @Override
    public void onShutdown(ShutdownEvent event) {
        dropShard(event.getJDA());
    }

    /** Asks again for the members of guilds whose chunks stopped coming. */
    void retryStalled(long nowNanos) {
        for (Loading load : loading.values()) {
            if (load.stalledAt(nowNanos)) {
                Guild guild = load.jda.getGuildById(load.members.guildId());
                if (guild != null && loading.get(load.members.guildId()) == load) {
                    LOG.warn(
                            "No member chunk of guild {} for {} s; asking for its members again",
                            load.members.guildId(),
                            STALLED.toSeconds());
                    load.request(guild);
                }
            }
        }
    }

    private void upsert(long guildId, Member member) {
        DiscordMember data = fromEntity(member);
        Loading load = loading.get(guildId);
        if (load != null) {
            load.byEvent(data.userId(), data);
        }
        index.guild(new GuildId(guildId)).ifPresent(members -> members.put(data));
    }

    private void drop(long guildId) {
        cancel(loading.remove(guildId));
        index.remove(new GuildId(guildId));
    }

    private void dropShard(JDA jda) {
        JDA.ShardInfo shard = jda.getShardInfo();
        int total = shard.getShardTotal();
        int id = shard.getShardId();
        // Discord's rule for which shard holds a guild.
        loading.entrySet().removeIf(entry -> {
            boolean ofShard = (entry.getKey() >>> 22) % total == id;
            if (ofShard) {
                entry.getValue().cancel();
            }
            return ofShard;
        });
        index.removeIf(guildId -> (guildId >>> 22) % total == id);
    }

    private static void cancel(Loading load) {
        if (load != null) {
            load.cancel();
        }
    }

    private void completed(Loading load) {
        if (loading.remove(load.members.guildId(), load)) {
            index.publish(load.members);
        }
    }

    private void failed(Loading load, Throwable failure) {
        Throwable cause =
                failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof CancellationException || loading.get(load.members.guildId()) != load) {
            return;
        }
        LOG.warn("Loading the members of guild {} failed ({}); retrying", load.members.guildId(), cause.toString());
        Guild guild = load.jda.getGuildById(load.members.guildId());
        if (guild != null) {
            load.request(guild);
        }
    }

    static DiscordMember fromEntity(Member member) {
        User user = member.getUser();
        return new DiscordMember(
                user.getIdLong(),
                user.getName(),
                user.getGlobalName(),
                member.getNickname(),
                user.getAvatarId(),
                member.getAvatarId(),
                Integer.parseInt(user.getDefaultAvatarId()));
    }

    /** A member as the gateway sends it in {@code GUILD_CREATE}; read as JDA's EntityBuilder reads it. */
    static DiscordMember fromJson(DataObject member) {
        DataObject user = member.getObject("user");
        long userId = user.getUnsignedLong("id");
        int discriminator = Short.parseShort(user.getString("discriminator", "0"));
        return new DiscordMember(
                userId,
                user.getString("username"),
                user.getString("global_name", null),
                member.getString("nick", null),
                user.getString("avatar", null),
                member.getString("avatar", null),
                DiscordCdn.defaultAvatarIndex(userId, discriminator));
    }

    /**
     * A guild whose members are being loaded: those that arrived, and which users events have spoken for. Chunks
     * and events reach it on its shard's gateway thread only; no lock is held while JDA is called, since JDA calls
     * back into it (chunks) while holding its own.
     */
    private final class Loading {
        final JDA jda;
        final GuildMembers members;
        private final Set<Long> byEvents = new HashSet<>();
        private volatile Task<Void> task;
        private volatile long lastProgress = System.nanoTime();

        Loading(JDA jda, GuildMembers members) {
            this.jda = jda;
            this.members = members;
        }

        void request(Guild guild) {
            if (task != null) {
                task.cancel();
            }
            lastProgress = System.nanoTime();
            Task<Void> next = guild.loadMembers(this::chunkMember);
            // JDA gives up on a request 10 s after sending it, however fast chunks arrive; a million members take
            // longer. Progress is watched here instead (retryStalled).
            next.setTimeout(Duration.ofDays(1));
            task = next;
            next.onSuccess(ignored -> completed(this)).onError(failure -> failed(this, failure));
        }

        void chunkMember(Member member) {
            lastProgress = System.nanoTime();
            long userId = member.getIdLong();
            if (!byEvents.contains(userId)) {
                members.put(fromEntity(member));
            }
        }

        /** An event's word on a member, {@code null} for a leave: later chunks are older news for it. */
        void byEvent(long userId, DiscordMember member) {
            byEvents.add(userId);
            if (member == null) {
                members.remove(userId);
            } else {
                members.put(member);
            }
        }

        boolean stalledAt(long nowNanos) {
            return nowNanos - lastProgress > STALLED.toNanos();
        }

        void cancel() {
            if (task != null) {
                task.cancel();
            }
        }
    }
}
