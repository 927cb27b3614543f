package com.communitybot.http;

import com.communitybot.core.usecase.BotPresence;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;

/** Spec 4.1: which guilds the bot is in. Answers from memory, so it stays on the event loop. */
@Controller("/api")
final class PresenceController {

    private final BotPresence presence;

    PresenceController(BotPresence presence) {
        this.presence = presence;
    }

    @Post("/is_bot_there")
    Responses.Results isBotThere(@Body Requests.GuildIds body) {
        return new Responses.Results(presence.isBotThere(body.guildIds()));
    }
}
