package com.communitybot.http;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Role;
import com.communitybot.core.usecase.GuildRoles;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Spec 4.3: a guild's roles from the live view.
 *
 * <p>A guild's roles seldom change while a dashboard asks for them again and again, so the body is kept
 * pre-serialised per guild, with the roles it was written from: a request writes the bytes again only when
 * the live view's roles are no longer equal to those. The bytes are the service's own mapper's for the list of
 * {@link Responses.RoleBody}, as Micronaut would write the list. At most {@link #KEPT_GUILDS} guilds' bodies are
 * kept; past that the kept ones are dropped and written again on their next request.
 */
@Controller("/api/{guild_id:" + PathSegment.ANY + "}/roles")
final class RolesController {

    static final int KEPT_GUILDS = 4096;

    private final GuildRoles roles;
    private final ObjectWriter writer;
    private final Map<GuildId, Written> written = new ConcurrentHashMap<>();

    RolesController(GuildRoles roles, ObjectMapper mapper) {
        this.roles = roles;
        this.writer = mapper.writerFor(new TypeReference<List<Responses.RoleBody>>() {});
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
    HttpResponse<byte[]> roles(@Parameter(hidden = true) @PathSegment("guild_id") GuildId guild)
            throws JsonProcessingException {
        List<Role> now = roles.of(guild);
        Written kept = written.get(guild);
        if (kept == null || !kept.roles().equals(now)) {
            kept = new Written(
                    now,
                    writer.writeValueAsBytes(
                            now.stream().map(Responses.RoleBody::from).toList()));
            if (written.size() >= KEPT_GUILDS) {
                written.clear();
            }
            written.put(guild, kept);
        }
        return HttpResponse.ok(kept.body()).contentType(MediaType.APPLICATION_JSON_TYPE);
    }

    /** A guild's roles and the body written from them. */
    private record Written(List<Role> roles, byte[] body) {}
}
