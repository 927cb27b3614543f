package com.communitybot.app.metrics;

import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.inject.Singleton;
import java.util.regex.Pattern;

/**
 * Route templates in the {@code uri} tag as the API documents them, {@code /api/{guild_id}/leaderboard},
 * without the pattern a controller gives a variable ({@code {guild_id:[^/]++}}). Micronaut tags requests
 * with the matched template, never the raw path, and 404s with {@code NOT_FOUND}, so the tag stays bounded.
 */
@Singleton
final class RouteTemplateTags implements MeterFilter {

    private static final Pattern VARIABLE_PATTERN = Pattern.compile("\\{([^}:]+):[^}]*}");

    private final MeterFilter delegate = MeterFilter.replaceTagValues(
            "uri", uri -> VARIABLE_PATTERN.matcher(uri).replaceAll("{$1}"));

    @Override
    public io.micrometer.core.instrument.Meter.Id map(io.micrometer.core.instrument.Meter.Id id) {
        return delegate.map(id);
    }
}
