package com.communitybot.http;

import com.communitybot.core.usecase.BotPresence;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

/** Spec 4.1: which guilds the bot is in. Answers from memory, so it stays on the event loop. */
@Controller("/api")
final class PresenceController {

    private final BotPresence presence;

    PresenceController(BotPresence presence) {
        this.presence = presence;
    }

    @Operation(operationId = "isBotThere", summary = "Spec 4.1: which of these guilds the bot is in")
    @ApiResponse(
            responseCode = "200",
            description = "One boolean per guild id, in order",
            content =
                    @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = Responses.Results.class)))
    @ApiResponse(
            responseCode = "400",
            description = ApiDocument.BAD_REQUEST,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(
            responseCode = "401",
            description = ApiDocument.UNAUTHORIZED,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(
            responseCode = "413",
            description = ApiDocument.TOO_LARGE,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(
            responseCode = "415",
            description = ApiDocument.UNSUPPORTED,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @Post("/is_bot_there")
    Responses.Results isBotThere(@Body Requests.GuildIds body) {
        return new Responses.Results(presence.isBotThere(body.guildIds()));
    }
}
