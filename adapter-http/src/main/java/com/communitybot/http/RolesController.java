package com.communitybot.http;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.usecase.GuildRoles;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.List;

/** Spec 4.3: a guild's roles from the live view. */
@Controller("/api/{guild_id:" + PathSegment.ANY + "}/roles")
final class RolesController {

    private final GuildRoles roles;

    RolesController(GuildRoles roles) {
        this.roles = roles;
    }

    @Operation(operationId = "guildRoles", summary = "Spec 4.3: the guild's roles")
    @ApiResponse(
            responseCode = "200",
            description = "Every role of the guild, in no particular order",
            content =
                    @Content(
                            mediaType = ApiDocument.JSON,
                            array = @ArraySchema(schema = @Schema(implementation = Responses.RoleBody.class))))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @Get
    List<Responses.RoleBody> roles(@Parameter(hidden = true) @PathSegment("guild_id") GuildId guild) {
        return roles.of(guild).stream().map(Responses.RoleBody::from).toList();
    }
}
