package com.communitybot.http;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.usecase.LevelTracks;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Patch;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Spec 4.4 to 4.7: a guild's level tracks. The store blocks, so requests run on the blocking pool. */
@Controller("/api/{guild_id:" + PathSegment.ANY + "}/level/track")
@ExecuteOn(TaskExecutors.BLOCKING)
final class LevelTrackController {

    private final LevelTracks tracks;

    LevelTrackController(LevelTracks tracks) {
        this.tracks = tracks;
    }

    @Operation(operationId = "levelTracks", summary = "Spec 4.4: the guild's level tracks")
    @ApiResponse(responseCode = "200", description = "Track name to its roles, each sorted by level")
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @ErrorResponses.StoreFailed
    @Get
    Map<String, List<Responses.TrackLevelRoleBody>> all(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild) {
        Map<String, List<Responses.TrackLevelRoleBody>> body = new LinkedHashMap<>();
        tracks.all(guild)
                .forEach((name, roles) -> body.put(
                        name,
                        roles.stream().map(Responses.TrackLevelRoleBody::from).toList()));
        return body;
    }

    @Operation(operationId = "createLevelTrack", summary = "Spec 4.5: create a level track")
    @ApiResponse(
            responseCode = "201",
            description = "Level track '<track_name>' created successfully",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = SuccessBody.class)))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @ApiResponse(
            responseCode = "409",
            description = "Track already exists. Use PATCH to update.",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.TooLarge
    @ErrorResponses.Unsupported
    @ErrorResponses.StoreFailed
    @Post
    HttpResponse<SuccessBody> create(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild, @Body Requests.Track body) {
        LevelTrack track = body.track();
        tracks.create(guild, track);
        return HttpResponse.status(HttpStatus.CREATED).body(SuccessBody.of(LevelTracks.createdMessage(track.name())));
    }

    @Operation(operationId = "replaceLevelTrack", summary = "Spec 4.6: replace or create a level track")
    @ApiResponse(
            responseCode = "200",
            description = "Level track '<track_name>' updated successfully",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = SuccessBody.class)))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @ErrorResponses.TooLarge
    @ErrorResponses.Unsupported
    @ErrorResponses.StoreFailed
    @Patch
    SuccessBody replace(@Parameter(hidden = true) @PathSegment("guild_id") GuildId guild, @Body Requests.Track body) {
        LevelTrack track = body.track();
        tracks.replace(guild, track);
        return SuccessBody.of(LevelTracks.updatedMessage(track.name()));
    }

    @Operation(operationId = "deleteLevelTrack", summary = "Spec 4.7: delete a level track")
    @ApiResponse(
            responseCode = "200",
            description = "Level track '<track_name>' deleted successfully",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = SuccessBody.class)))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.NotInGuild
    @ErrorResponses.TooLarge
    @ErrorResponses.Unsupported
    @ErrorResponses.StoreFailed
    @Delete
    SuccessBody delete(
            @Parameter(hidden = true) @PathSegment("guild_id") GuildId guild, @Body Requests.TrackName body) {
        tracks.delete(guild, body.trackName());
        return SuccessBody.of(LevelTracks.deletedMessage(body.trackName()));
    }
}
