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
import java.util.List;

/** Spec 4.8 to 4.11: a guild's level bridges. */
@Controller("/api/{guild_id:[^/]+}/level_bridger")
@ExecuteOn(TaskExecutors.BLOCKING)
final class LevelBridgeController {

    private final LevelBridges bridges;

    LevelBridgeController(LevelBridges bridges) {
        this.bridges = bridges;
    }

    @Get
    List<Responses.LevelBridgeBody> all(@PathSegment("guild_id") GuildId guild) {
        return bridges.all(guild).stream().map(Responses.LevelBridgeBody::from).toList();
    }

    @Post
    HttpResponse<SuccessBody> create(@PathSegment("guild_id") GuildId guild, @Body Requests.Bridge body) {
        bridges.create(guild, body.inRoleId(), body.outRoleId());
        return HttpResponse.status(HttpStatus.CREATED).body(SuccessBody.of(LevelBridges.CREATED));
    }

    @Put
    SuccessBody replace(@PathSegment("guild_id") GuildId guild, @Body Requests.Bridge body) {
        bridges.replace(guild, body.inRoleId(), body.outRoleId());
        return SuccessBody.of(LevelBridges.UPDATED);
    }

    @Delete
    SuccessBody delete(@PathSegment("guild_id") GuildId guild, @Body Requests.InRole body) {
        bridges.delete(guild, body.inRoleId());
        return SuccessBody.of(LevelBridges.DELETED);
    }
}
