package com.communitybot.http;

/**
 * The generic success body of spec 2.7.
 *
 * @param success always true
 * @param message the endpoint's message
 */
public record SuccessBody(boolean success, String message) {

    public static SuccessBody of(String message) {
        return new SuccessBody(true, message);
    }
}
