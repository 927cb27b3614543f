package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.testing.InMemoryGuildView;
import com.communitybot.core.usecase.GuildRoles;
import com.communitybot.http.testing.ApiFixture;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link RolesController} keeps each guild's body, and answers what the live view shows now. */
class RolesBodyKeptTest {

    private static final GuildId GUILD = new GuildId(41L);
    private static final Role EVERYONE = new Role(new RoleId(41L), "@everyone", 0, 0);

    private final InMemoryGuildView guilds = new InMemoryGuildView();
    private final HttpClient client = HttpClient.newHttpClient();
    private ApplicationContext context;
    private URI base;

    @BeforeEach
    void start() {
        guilds.withGuild(GUILD, List.of(EVERYONE, new Role(new RoleId(7L), "Level 5", 1, 1)), List.of());
        context = ApplicationContext.builder()
                .properties(Map.of("bot.api-key", ApiFixture.API_KEY, "micronaut.server.port", -1))
                .singletons(new GuildRoles(guilds))
                .start();
        base = context.getBean(EmbeddedServer.class).start().getURI();
    }

    @AfterEach
    void stop() {
        context.close();
    }

    private HttpResponse<String> roles(GuildId guild) throws Exception {
        return client.send(
                HttpRequest.newBuilder(base.resolve("/api/" + guild + "/roles"))
                        .header("X-API-Key", ApiFixture.API_KEY)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aChangedRole_aNewRole_andAGoneGuild_areAnsweredAsTheViewShowsThem() throws Exception {
        String first = "[{\"role_id\":\"41\",\"role_name\":\"@everyone\",\"color\":0,\"position\":0},"
                + "{\"role_id\":\"7\",\"role_name\":\"Level 5\",\"color\":1,\"position\":1}]";
        assertThat(roles(GUILD).body()).isEqualTo(first);
        assertThat(roles(GUILD).body()).isEqualTo(first);

        // Equal roles in another list: the same body.
        guilds.withGuild(
                GUILD, new ArrayList<>(List.of(EVERYONE, new Role(new RoleId(7L), "Level 5", 1, 1))), List.of());
        assertThat(roles(GUILD).body()).isEqualTo(first);

        guilds.withGuild(GUILD, List.of(EVERYONE, new Role(new RoleId(7L), "Level 6", 1, 2)), List.of());
        assertThat(roles(GUILD).body())
                .isEqualTo("[{\"role_id\":\"41\",\"role_name\":\"@everyone\",\"color\":0,\"position\":0},"
                        + "{\"role_id\":\"7\",\"role_name\":\"Level 6\",\"color\":1,\"position\":2}]");

        guilds.withGuild(GUILD, List.of(EVERYONE), List.of());
        assertThat(roles(GUILD).body())
                .isEqualTo("[{\"role_id\":\"41\",\"role_name\":\"@everyone\",\"color\":0,\"position\":0}]");

        guilds.withoutGuild(GUILD);
        HttpResponse<String> gone = roles(GUILD);
        assertThat(gone.statusCode()).isEqualTo(404);
        assertThat(gone.body()).contains("Bot is not in this guild");
    }

    @Test
    void moreGuildsThanKept_eachStillGetsItsOwnRoles() throws Exception {
        for (long id = 1000; id < 1000 + RolesController.KEPT_GUILDS + 50; id++) {
            guilds.withGuild(new GuildId(id), List.of(new Role(new RoleId(id), "@everyone", 0, 0)), List.of());
        }
        for (long id = 1000; id < 1000 + RolesController.KEPT_GUILDS + 50; id += 97) {
            assertThat(roles(new GuildId(id)).body())
                    .isEqualTo("[{\"role_id\":\"" + id + "\",\"role_name\":\"@everyone\",\"color\":0,\"position\":0}]");
        }
        assertThat(roles(GUILD).body()).contains("\"Level 5\"");
    }
}
