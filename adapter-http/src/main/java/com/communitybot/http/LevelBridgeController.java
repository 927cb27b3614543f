package com.communitybot.http;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.usecase.LevelBridges;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Put;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.List;

/** Spec 4.8 to 4.11: a guild's level bridges. */
@Controller("/api/{guild_id:" + PathSegment.ANY + "}/level_bridger")
@ExecuteOn(TaskExecutors.BLOCKING)
final class LevelBridgeController {

    private final LevelBridges bridges;

    LevelBridgeController(LevelBridges bridges) {
        this.bridges = bridges;
    }

    @Operation(operationId = "levelBridges", summary = "Spec 4.8: the guild's level bridges")
    @ApiResponse(
            responseCode = "200",
            description = "Every bridge, in no particular order",
            content =
                    @Content(
                            mediaType = ApiDocument.JSON,
                            array = @ArraySchema(schema = @Schema(implementation = Responses.LevelBridgeBody.class))))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @ErrorResponses.StoreFailed
    @Get
    List<Responses.LevelBridgeBody> all(@Parameter(hidden = true) @PathSegment("guild_id") GuildId guild) {
        return bridges.all(guild).stream().map(Responses.LevelBridgeBody::from).toList();
    }

    @Operation(operationId = "createLevelBridge", summary = "Spec 4.9: create a level bridge")
    @ApiResponse(
            responseCode = "201",
            description = "Level bridge created successfully",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = SuccessBody.class)))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @ApiResponse(
            responseCode = "409",
            description = "Bridge already exists for this role. Use PUT to update.",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.TooLarge
    @ErrorResponses.Unsupported
    @ErrorResponses.StoreFailed
    @Post
    HttpResponse<SuccessBody> create(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild, @Body Requests.Bridge body) {
        bridges.create(guild, body.inRoleId(), body.outRoleId());
        return HttpResponse.status(HttpStatus.CREATED).body(SuccessBody.of(LevelBridges.CREATED));
    }

    @Operation(operationId = "replaceLevelBridge", summary = "Spec 4.10: set a level bridge")
    @ApiResponse(
            responseCode = "200",
            description = "Level bridge updated successfully",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = SuccessBody.class)))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @ErrorResponses.TooLarge
    @ErrorResponses.Unsupported
    @ErrorResponses.StoreFailed
    @Put
    SuccessBody replace(@Parameter(hidden = true) @PathSegment("guild_id") GuildId guild, @Body Requests.Bridge body) {
        bridges.replace(guild, body.inRoleId(), body.outRoleId());
        return SuccessBody.of(LevelBridges.UPDATED);
    }

    @Operation(operationId = "deleteLevelBridge", summary = "Spec 4.11: delete a level bridge")
    @ApiResponse(
            responseCode = "200",
            description = "Level bridge deleted successfully",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = SuccessBody.class)))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @ErrorResponses.TooLarge
    @ErrorResponses.Unsupported
    @ErrorResponses.StoreFailed
    @Delete
    SuccessBody delete(@Parameter(hidden = true) @PathSegment("guild_id") GuildId guild, @Body Requests.InRole body) {
        bridges.delete(guild, body.inRoleId());
        return SuccessBody.of(LevelBridges.DELETED);
    }
}
