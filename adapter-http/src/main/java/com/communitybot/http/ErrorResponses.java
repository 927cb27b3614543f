package com.communitybot.http;

import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The error answers the operations share, each declared once for the API document: an operation names the ones it
 * can give ({@code @ErrorResponses.Unauthorized}, ...), and micronaut-openapi reads the {@link ApiResponse} each
 * carries, with the contract's error body.
 */
final class ErrorResponses {

    private ErrorResponses() {}

    /** A request the service cannot read (400). */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(
            responseCode = "400",
            description = ApiDocument.BAD_REQUEST,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @interface BadRequest {}

    /** No or a wrong API key (401). */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(
            responseCode = "401",
            description = ApiDocument.UNAUTHORIZED,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @interface Unauthorized {}

    /** The bot is not in the guild (404). */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(
            responseCode = "404",
            description = ApiDocument.NOT_IN_GUILD,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @interface NotInGuild {}

    /** As many live streams as {@code MAX_STREAMS} allows are open (503). */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(
            responseCode = "503",
            description = "Too many streams",
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @interface TooManyStreams {}

    /** A body over the size limit (413). */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(
            responseCode = "413",
            description = ApiDocument.TOO_LARGE,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @interface TooLarge {}

    /** A body of another content type (415). */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(
            responseCode = "415",
            description = ApiDocument.UNSUPPORTED,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @interface Unsupported {}

    /** The store failed (500). */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(
            responseCode = "500",
            description = ApiDocument.STORE_FAILED,
            content = @Content(mediaType = ApiDocument.JSON, schema = @Schema(implementation = ErrorBody.class)))
    @interface StoreFailed {}
}
