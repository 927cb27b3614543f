package com.communitybot.http;

import com.communitybot.core.json.TrackLevelRoleParser;
import com.communitybot.core.model.TrackLevelRole;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import java.util.List;

/** Hands a request's list of track level roles to core's one parser of spec 2.3, whose messages a client sees. */
final class TrackLevelRolesDeserializer extends StdDeserializer<List<TrackLevelRole>> {

    TrackLevelRolesDeserializer() {
        super(List.class);
    }

    @Override
    public List<TrackLevelRole> deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        return TrackLevelRoleParser.readList(parser);
    }
}
