package com.communitybot.http;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeIn;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.security.SecurityScheme;
import io.swagger.v3.oas.annotations.servers.Server;

/**
 * The OpenAPI document's head, and the texts its operations share. micronaut-openapi writes the document
 * from the controllers and the request and response records at compile time
 * ({@code META-INF/swagger/community-bot-api.yml}); nothing of it is kept by hand.
 */
@OpenAPIDefinition(
        info =
                @Info(
                        title = "Community Bot API",
                        version = "1",
                        description = "The management API behind a Discord community bot's web dashboard. Every"
                                + " path needs the API key in X-API-Key, unknown paths included (401 first);"
                                + " then an unknown path is 404 Not found and a wrong method 405 Method not allowed."
                                + " Errors are {\"success\": false, \"message\": \"...\"}."),
        servers =
                @Server(
                        url = "http://localhost:8080",
                        description = "The demo of the README; a deployment's own address"),
        security = @SecurityRequirement(name = ApiDocument.API_KEY))
@SecurityScheme(
        name = ApiDocument.API_KEY,
        type = SecuritySchemeType.APIKEY,
        in = SecuritySchemeIn.HEADER,
        paramName = "X-API-Key",
        description = "The one API key of the service (BOT_API_KEY), compared exactly")
final class ApiDocument {

    static final String API_KEY = "api_key";
    static final String JSON = "application/json";

    /** An unsigned 64-bit integer as the service reads it: an optional +, decimal digits, leading zeros allowed. */
    static final String U64_IN = "^\\+?[0-9]{1,20}$";
    /** An unsigned 64-bit integer as the service writes it: canonical decimal. */
    static final String U64_OUT = "^(0|[1-9][0-9]{0,19})$";

    static final String U64_MAX = "18446744073709551615";

    static final String GUILD_ID = "guild_id";
    static final String GUILD_ID_DESCRIPTION =
            "The guild: an unsigned 64-bit decimal integer, else 400 Invalid guild_id";
    static final String GUILD_EXAMPLE = "100000000000000001";
    static final String ROLE_EXAMPLE = "200000000000000001";
    static final String USER_EXAMPLE = "300000000000000001";

    static final String BAD_REQUEST = "A request the service cannot read: not JSON, not the expected object, a missing"
            + " or null field, a wrong type, a repeated key, an invalid track level role, Invalid guild_id";
    static final String UNAUTHORIZED = "Missing or invalid API key";
    static final String NOT_IN_GUILD = "Bot is not in this guild";
    static final String TOO_LARGE = "Request body is too large";
    static final String UNSUPPORTED = "Content-Type must be application/json";
    static final String STORE_FAILED = "The store failed: Database query failed, Failed to parse database response,"
            + " Database update failed, ...";

    private ApiDocument() {}
}
