package com.communitybot.http;

import com.communitybot.core.usecase.BetaTesting;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.List;

/** Spec 4.12 to 4.15: the global beta-testing list; no presence check. */
@Controller("/api")
@ExecuteOn(TaskExecutors.BLOCKING)
final class BetaController {

    private final BetaTesting beta;

    BetaController(BetaTesting beta) {
        this.beta = beta;
    }

    @Operation(operationId = "listBetaServers", summary = "Spec 4.12: every beta-testing guild")
    @ApiResponse(
            responseCode = "200",
            description = "All entries, in no particular order",
            content =
                    @Content(
                            mediaType = ApiDocument.JSON,
                            array = @ArraySchema(schema = @Schema(implementation = Responses.BetaServerBody.class))))
    @ErrorResponses.Unauthorized
    @ErrorResponses.StoreFailed
    @Get("/beta_testing")
    List<Responses.BetaServerBody> all() {
        return beta.all().stream().map(Responses.BetaServerBody::from).toList();
    }

    @Operation(operationId = "addBetaServer", summary = "Spec 4.13: add a guild to beta testing")
    @ApiResponse(
            responseCode = "201",
            description = "Server <guild_id> added to beta testing",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = SuccessBody.class)))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ApiResponse(
            responseCode = "409",
            description = "Server <guild_id> is already in beta testing",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.TooLarge
    @ErrorResponses.Unsupported
    @ErrorResponses.StoreFailed
    @Post("/beta_testing")
    HttpResponse<SuccessBody> add(@Body Requests.BetaGuild body) {
        beta.add(body.guildId());
        return HttpResponse.status(HttpStatus.CREATED).body(SuccessBody.of(BetaTesting.addedMessage(body.guildId())));
    }

    /** Any string: the path segment, percent-decoded (contract 2). */
    @Operation(
            operationId = "removeBetaServer",
            summary = "Spec 4.14: remove a guild from beta testing (200 also when it was not there)")
    @ApiResponse(
            responseCode = "200",
            description = "Server <guild_id> removed from beta testing",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = SuccessBody.class)))
    @ErrorResponses.Unauthorized
    @ErrorResponses.StoreFailed
    @Delete("/beta_testing/{guild_id:" + PathSegment.ANY + "}")
    SuccessBody remove(@Parameter(hidden = true) @PathSegment("guild_id") String guildId) {
        beta.remove(guildId);
        return SuccessBody.of(BetaTesting.removedMessage(guildId));
    }

    @Operation(operationId = "isBetaServer", summary = "Spec 4.15: which of these guilds are on the beta list")
    @ApiResponse(
            responseCode = "200",
            description = "One boolean per guild id, in order",
            content =
                    @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = Responses.Results.class)))
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.TooLarge
    @ErrorResponses.Unsupported
    @ErrorResponses.StoreFailed
    @Post("/is_beta_server")
    Responses.Results isBetaServer(@Body Requests.GuildIds body) {
        return new Responses.Results(beta.areListed(body.guildIds()));
    }
}
