package com.communitybot.http;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.usecase.GuildRoles;
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
    List<Responses.RoleBody> roles(@PathSegment("guild_id") GuildId guild) {
        return roles.of(guild).stream().map(Responses.RoleBody::from).toList();
    }
}
