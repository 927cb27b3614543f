package com.communitybot.http;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;

/** In a test server with {@value #SETTING}, {@link RegisteredContentCodings} is replaced by a filter that does nothing. */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Replaces(RegisteredContentCodings.class)
@Requires(property = MicronautCompressionAlone.SETTING, value = "true")
final class MicronautCompressionAlone {

    static final String SETTING = "test.micronaut-compression-alone";

    @RequestFilter
    public void nothing(HttpRequest<?> request) {}
}
