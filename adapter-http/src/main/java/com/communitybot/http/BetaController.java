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
import java.util.List;

/** Spec 4.12 to 4.15: the global beta-testing list; no presence check. */
@Controller("/api")
@ExecuteOn(TaskExecutors.BLOCKING)
final class BetaController {

    private final BetaTesting beta;

    BetaController(BetaTesting beta) {
        this.beta = beta;
    }

    @Get("/beta_testing")
    List<Responses.BetaServerBody> all() {
        return beta.all().stream().map(Responses.BetaServerBody::from).toList();
    }

    @Post("/beta_testing")
    HttpResponse<SuccessBody> add(@Body Requests.BetaGuild body) {
        beta.add(body.guildId());
        return HttpResponse.status(HttpStatus.CREATED).body(SuccessBody.of(BetaTesting.addedMessage(body.guildId())));
    }

    /** Any string: the path segment, percent-decoded (contract 2). */
    @Delete("/beta_testing/{guild_id:[^/]+}")
    SuccessBody remove(@PathSegment("guild_id") String guildId) {
        beta.remove(guildId);
        return SuccessBody.of(BetaTesting.removedMessage(guildId));
    }

    @Post("/is_beta_server")
    Responses.Results isBetaServer(@Body Requests.GuildIds body) {
        return new Responses.Results(beta.areListed(body.guildIds()));
    }
}
