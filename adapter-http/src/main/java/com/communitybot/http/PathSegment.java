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

    /** The variable's name in the route, such as {@code guild_id}. */
    String value();

    /**
     * Whether a {@code UserId} of 0 is refused too, as the ledger's paths refuse it (user 0 is nobody); the
     * leaderboard's member path answers it 404 {@code User not ranked}, as it did before the ledger.
     */
    boolean nonZero() default false;
}
