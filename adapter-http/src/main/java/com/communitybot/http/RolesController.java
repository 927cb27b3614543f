package com.communitybot.http;

import com.communitybot.core.usecase.GuildRoles;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import java.util.List;

/** Spec 4.3: a guild's roles from the live view. */
@Controller("/api/{guild_id:[^/]+}/roles")
final class RolesController {

    private final GuildRoles roles;

    RolesController(GuildRoles roles) {
        this.roles = roles;
    }

    @Get
    List<Responses.RoleBody> roles(HttpRequest<?> request) {
        return roles.of(JsonRequest.guildId(request)).stream().map(Responses.RoleBody::from).toList();
    }
}
