package com.communitybot.http;

import io.micronaut.core.bind.annotation.Bindable;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds a controller parameter to the route's path variable of this name, as {@link PathSegmentBinder}
 * decodes it: a {@code String}, or a {@code GuildId} or {@code UserId} that must parse.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
@Bindable
@interface PathSegment {

    /**
     * The pattern of every path variable, written into a route as {@code "{guild_id:" + PathSegment.ANY + "}"}. A
     * variable without a pattern would be matched by Micronaut's own segment reader, which refuses {@code +},
     * {@code ;}, {@code &} and braces, so {@code /api/+1/roles} would be 404 instead of guild 1 (contract 2) and
     * {@code /api/a;b/roles} 404 instead of 400 {@code Invalid guild_id}. With a pattern Micronaut matches the rest
     * of the path with one regular expression per route, for every route of the method, on every request; the
     * possessive {@code ++} lets a route that does not match fail at once, instead of giving back the segment one
     * character at a time.
     */
    String ANY = "[^/]++";

    /** The variable's name in the route, such as {@code guild_id}. */
    String value();

    /**
     * Whether a {@code UserId} of 0 is refused too, as the ledger's paths refuse it (user 0 is nobody); the
     * leaderboard's member path answers it 404 {@code User not ranked}, as it did before the ledger.
     */
    boolean nonZero() default false;
}
