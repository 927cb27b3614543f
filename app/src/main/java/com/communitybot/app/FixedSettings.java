package com.communitybot.app;

import io.micronaut.context.env.AbstractPropertySourceLoader;
import io.micronaut.context.env.PropertySource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The service's fixed Micronaut settings, {@value #RESOURCE} in the jar, as the property source Micronaut would
 * make of an {@code application.properties}: the same place among the sources (environment variables and system
 * properties above it, defaults below), the same string values.
 *
 * <p>Why not {@code application.properties} itself: Micronaut reads that resource by opening the whole jar as a zip
 * file system to check that it is not a directory, which indexes the jar's 22,000 entries on the start's critical
 * path (30-46 ms of the main thread, BENCHMARKS.md "Start-up: the settings file and the routes' JSON"). Read
 * through the class loader, which has the jar open already, it costs nothing. The service's contexts ({@code
 * serve}, {@code import}, {@code export}) all start with this source.
 */
final class FixedSettings {

    /** The resource, at the root of the class path. */
    static final String RESOURCE = "community-bot-api.properties";

    private FixedSettings() {}

    static PropertySource propertySource() {
        Properties properties = new Properties();
        try (InputStream in = FixedSettings.class.getResourceAsStream("/" + RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("The jar has no " + RESOURCE + ": it was built without its resources");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + RESOURCE + " from the jar", e);
        }
        Map<String, Object> settings = new LinkedHashMap<>();
        properties.stringPropertyNames().forEach(name -> settings.put(name, properties.getProperty(name)));
        return PropertySource.of(
                "classpath:" + RESOURCE,
                settings,
                PropertySource.Origin.of(RESOURCE),
                AbstractPropertySourceLoader.DEFAULT_POSITION);
    }
}
