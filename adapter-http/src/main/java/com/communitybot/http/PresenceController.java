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
    @ErrorResponses.BadRequest
    @ErrorResponses.Unauthorized
    @ErrorResponses.TooLarge
    @ErrorResponses.Unsupported
    @Post("/is_bot_there")
    Responses.Results isBotThere(@Body Requests.GuildIds body) {
        return new Responses.Results(presence.isBotThere(body.guildIds()));
    }
}
