package com.communitybot.http;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.usecase.LevelBridges;
import io.micronaut.core.annotation.Nullable;
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

/**
 * Spec 4.8 to 4.11: a guild's level bridges. {@code out_role_id} must be a string here; whether it is an
 * unsigned integer is the use case's check, made after the presence and existence checks (spec 4.9).
 */
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
    HttpResponse<SuccessBody> create(@PathSegment("guild_id") GuildId guild, @Body @Nullable byte[] body) {
        JsonRequest json = JsonRequest.of(body);
        String in = json.string("in_role_id");
        String out = json.string("out_role_id");
        bridges.create(guild, in, out);
        return HttpResponse.status(HttpStatus.CREATED).body(SuccessBody.of(LevelBridges.CREATED));
    }

    @Put
    SuccessBody replace(@PathSegment("guild_id") GuildId guild, @Body @Nullable byte[] body) {
        JsonRequest json = JsonRequest.of(body);
        String in = json.string("in_role_id");
        String out = json.string("out_role_id");
        bridges.replace(guild, in, out);
        return SuccessBody.of(LevelBridges.UPDATED);
    }

    @Delete
    SuccessBody delete(@PathSegment("guild_id") GuildId guild, @Body @Nullable byte[] body) {
        bridges.delete(guild, JsonRequest.of(body).string("in_role_id"));
        return SuccessBody.of(LevelBridges.DELETED);
    }
}
