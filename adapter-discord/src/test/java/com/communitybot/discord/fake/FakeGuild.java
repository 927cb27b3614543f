package com.communitybot.discord.fake;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A guild as the {@link FakeDiscord} first sends it: its roles (with {@code @everyone}), its members, and how many
 * of them its {@code GUILD_CREATE} holds (the rest come in member chunks, when the client asks with op 8).
 */
public final class FakeGuild {

    private final long id;
    private final String name;
    private final List<FakeRole> roles;
    private final List<FakeMember> members;
    private final int membersInGuildCreate;

    private FakeGuild(Builder builder) {
        this.id = builder.id;
        this.name = builder.name;
        this.roles = List.copyOf(builder.roles.values());
        this.members = List.copyOf(builder.members.values());
        this.membersInGuildCreate = builder.membersInGuildCreate < 0
                ? members.size()
                : Math.min(builder.membersInGuildCreate, members.size());
    }

    /** A guild with the id {@code id}, named "Guild <id>", with its {@code @everyone} role and no members. */
    public static Builder builder(long id) {
        return new Builder(id);
    }

    public long id() {
        return id;
    }

    public String name() {
        return name;
    }

    public List<FakeRole> roles() {
        return roles;
    }

    public List<FakeMember> members() {
        return members;
    }

    public int membersInGuildCreate() {
        return membersInGuildCreate;
    }

    public static final class Builder {
        private final long id;
        private String name;
        private final Map<Long, FakeRole> roles = new LinkedHashMap<>();
        private final Map<Long, FakeMember> members = new LinkedHashMap<>();
        private int membersInGuildCreate = -1;

        private Builder(long id) {
            this.id = id;
            this.name = "Guild " + Long.toUnsignedString(id);
            roles.put(id, FakeRole.everyone(id));
        }

        public Builder name(String newName) {
            this.name = Objects.requireNonNull(newName, "name");
            return this;
        }

        /** Adds a role, or replaces the one with the same id (also {@code @everyone}). */
        public Builder role(FakeRole role) {
            roles.put(role.id(), role);
            return this;
        }

        public Builder member(FakeMember member) {
            members.put(member.userId(), member);
            return this;
        }

        /** Adds {@code count} members named {@code prefix-0}, {@code prefix-1}, ... with ids from {@code firstId}. */
        public Builder members(long firstId, int count, String prefix) {
            for (int i = 0; i < count; i++) {
                member(FakeMember.of(firstId + i, prefix + "-" + i));
            }
            return this;
        }

        /**
         * How many members the guild's {@code GUILD_CREATE} holds, as Discord sends only some of a large guild's;
         * {@code member_count} is always all of them. Default: all.
         */
        public Builder membersInGuildCreate(int count) {
            if (count < 0) {
                throw new IllegalArgumentException("count must not be negative: " + count);
            }
            this.membersInGuildCreate = count;
            return this;
        }

        public FakeGuild build() {
            return new FakeGuild(this);
        }
    }

    /** The guild's state inside the fake, changed by its events. */
    static final class State {
        final long id;
        final String name;
        final Map<Long, FakeRole> roles = new LinkedHashMap<>();
        final Map<Long, FakeMember> members = new LinkedHashMap<>();
        final int membersInGuildCreate;
        boolean available = true;

        State(FakeGuild guild) {
            this.id = guild.id;
            this.name = guild.name;
            guild.roles.forEach(role -> roles.put(role.id(), role));
            guild.members.forEach(member -> members.put(member.userId(), member));
            this.membersInGuildCreate = guild.membersInGuildCreate;
        }

        /** All members, the bot first: Discord counts the bot as a member and always sends it. */
        List<FakeMember> allMembers() {
            List<FakeMember> all = new ArrayList<>(members.size() + 1);
            all.add(FakeDiscord.BOT_MEMBER);
            all.addAll(members.values());
            return all;
        }

        /** The members a GUILD_CREATE holds: the bot and the first {@code membersInGuildCreate} others. */
        List<FakeMember> membersInCreate() {
            List<FakeMember> all = allMembers();
            return Collections.unmodifiableList(all.subList(0, Math.min(membersInGuildCreate + 1, all.size())));
        }
    }
}
