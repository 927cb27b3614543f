package com.communitybot.http;

/**
 * The one error body of the contract: {@code {"success": false, "message": "<text>"}}.
 *
 * @param success always false
 * @param message what went wrong, with the spec's text where it names one
 */
public record ErrorBody(boolean success, String message) {

    public static ErrorBody of(String message) {
        return new ErrorBody(false, message);
    }
}
