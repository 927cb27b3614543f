package com.communitybot.http;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The one error body of the contract: {@code {"success": false, "message": "<text>"}}.
 *
 * @param success always false
 * @param message what went wrong, with the spec's text where it names one
 */
public record ErrorBody(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) boolean success,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "Bot is not in this guild") String message) {

    public static ErrorBody of(String message) {
        return new ErrorBody(false, message);
    }
}
