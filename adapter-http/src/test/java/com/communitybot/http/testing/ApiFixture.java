package com.communitybot.http.testing;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.model.UserId;
import java.util.List;

/** The live view every API test runs against: which guilds the bot is in, with their roles and members. */
public final class ApiFixture {

    public record Guild(GuildId id, String name, List<Role> roles, List<Member> members) {}

    public static final String API_KEY = "test-key-0123";
    public static final String GUILD = "100000000000000001";
    public static final String MAX_GUILD = "18446744073709551615";
    /** A guild the bot is not in, whose id starts with {@link #GUILD}'s digits minus the last. */
    public static final String ABSENT = "100000000000000002";

    public static final String SHORT_GUILD = "12";
    public static final String LONG_GUILD = "123";

    public static final Member ALICE =
            new Member(new UserId(300000000000000001L), "Alice", "https://cdn.example/a.png");
    public static final Member BOB =
            new Member(new UserId(300000000000000002L), "Bob Nick", "https://cdn.example/b.png");
    public static final Member MAX_MEMBER = new Member(new UserId(-1L), "Max", "https://cdn.example/max.png");

    public static final List<Guild> GUILDS = List.of(
            new Guild(
                    new GuildId(100000000000000001L),
                    "Test Guild",
                    List.of(
                            new Role(new RoleId(100000000000000001L), "@everyone", 0, 0),
                            new Role(new RoleId(200000000000000001L), "Level 5", 3447003, 1),
                            new Role(new RoleId(-1L), "Top", 0xFFFFFFFFL, 65535)),
                    List.of(ALICE, BOB)),
            new Guild(new GuildId(-1L), "Max Guild", List.of(), List.of(MAX_MEMBER)),
            new Guild(new GuildId(12L), "Short", List.of(new Role(new RoleId(12L), "@everyone", 0, 0)), List.of()),
            new Guild(new GuildId(123L), "Long", List.of(new Role(new RoleId(123L), "@everyone", 0, 0)), List.of()));

    private ApiFixture() {}
}
