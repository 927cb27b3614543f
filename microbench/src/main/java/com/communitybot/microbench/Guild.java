package com.communitybot.microbench;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.usecase.LeaderboardOrder;
import com.communitybot.discord.members.GuildMembers;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * One guild for the benchmarks, held in memory so that only the code measured costs: its level records already in
 * leaderboard order (as the store returns them) and its members in the live view's compact index, as the snapshot
 * and Discord views keep them. The records follow bench/GenerateLevels.java: one in 997 has a user part that is not
 * a user id (left out of the leaderboard, its rank kept), and a given share of the ranked users are members (the
 * others are shown as Unknown User).
 */
public final class Guild implements GuildView, LevelStore {

    public static final GuildId ID = new GuildId(100000000000000001L);
    private static final long USER_BASE = 300000000000000000L;

    private final List<LevelRecord> ordered;
    private final GuildMembers members = new GuildMembers(ID.value());

    /**
     * @param records how many level records
     * @param memberPercent the share of record users, 0 to 100, that are members of the guild
     */
    public Guild(int records, int memberPercent) {
        SplittableRandom random = new SplittableRandom(records);
        List<LevelRecord> all = new ArrayList<>(records);
        for (int i = 1; i <= records; i++) {
            String user = i % 997 == 0 ? "abc" + i : Long.toString(USER_BASE + i);
            all.add(new LevelRecord(
                    ID + ":" + user,
                    U64.ofNonNegative(random.nextLong(1_000_000)),
                    U64.ofNonNegative(random.nextLong(100))));
            if (i % 997 != 0 && random.nextInt(100) < memberPercent) {
                // Names with quotes, backslashes and non-ASCII now and then, which the JSON writer must escape.
                String name = i % 50 == 0 ? "Ünïcødé \"" + i + "\\" : "member" + i;
                String avatar = i % 3 == 0
                        ? "https://cdn.discordapp.com/avatars/" + (USER_BASE + i) + "/"
                                + String.format("%032x", random.nextLong() & Long.MAX_VALUE) + ".png"
                        : "https://cdn.discordapp.com/embed/avatars/" + (i % 6) + ".png";
                members.put(USER_BASE + i, name, avatar);
            }
        }
        all.sort(LeaderboardOrder.COMPARATOR);
        members.trim();
        this.ordered = List.copyOf(all);
    }

    public List<LevelRecord> ordered() {
        return ordered;
    }

    @Override
    public boolean contains(GuildId guild) {
        return guild.equals(ID);
    }

    @Override
    public Optional<List<Role>> roles(GuildId guild) {
        return contains(guild) ? Optional.of(List.of()) : Optional.empty();
    }

    @Override
    public Optional<Member> member(GuildId guild, UserId user) {
        return contains(guild) ? members.member(user) : Optional.empty();
    }

    /** The guild's GuildMembers itself, as the service's views hand it out. */
    @Override
    public Optional<Members> members(GuildId guild) {
        return contains(guild) ? Optional.of(members) : Optional.empty();
    }

    @Override
    public Stream<LevelRecord> recordsInLeaderboardOrder(GuildId guild) {
        return contains(guild) ? ordered.stream() : Stream.empty();
    }
}
