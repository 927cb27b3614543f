package com.communitybot.http;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The generic success body of spec 2.7.
 *
 * @param success always true
 * @param message the endpoint's message
 */
public record SuccessBody(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) boolean success,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "Level bridge created successfully")
                String message) {

    public static SuccessBody of(String message) {
        return new SuccessBody(true, message);
    }
}
