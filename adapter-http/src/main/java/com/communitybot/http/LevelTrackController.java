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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Spec 4.4 to 4.7: a guild's level tracks. The store blocks, so requests run on the blocking pool. */
@Controller("/api/{guild_id:[^/]+}/level/track")
@ExecuteOn(TaskExecutors.BLOCKING)
final class LevelTrackController {

    private final LevelTracks tracks;

    LevelTrackController(LevelTracks tracks) {
        this.tracks = tracks;
    }

    @Get
    Map<String, List<Responses.TrackLevelRoleBody>> all(@PathSegment("guild_id") GuildId guild) {
        Map<String, List<Responses.TrackLevelRoleBody>> body = new LinkedHashMap<>();
        tracks.all(guild)
                .forEach((name, roles) -> body.put(
                        name,
                        roles.stream().map(Responses.TrackLevelRoleBody::from).toList()));
        return body;
    }

    @Post
    HttpResponse<SuccessBody> create(@PathSegment("guild_id") GuildId guild, @Body Requests.Track body) {
        LevelTrack track = body.track();
        tracks.create(guild, track);
        return HttpResponse.status(HttpStatus.CREATED).body(SuccessBody.of(LevelTracks.createdMessage(track.name())));
    }

    @Patch
    SuccessBody replace(@PathSegment("guild_id") GuildId guild, @Body Requests.Track body) {
        LevelTrack track = body.track();
        tracks.replace(guild, track);
        return SuccessBody.of(LevelTracks.updatedMessage(track.name()));
    }

    @Delete
    SuccessBody delete(@PathSegment("guild_id") GuildId guild, @Body Requests.TrackName body) {
        tracks.delete(guild, body.trackName());
        return SuccessBody.of(LevelTracks.deletedMessage(body.trackName()));
    }
}
