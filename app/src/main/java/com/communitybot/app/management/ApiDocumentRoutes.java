package com.communitybot.app.management;

import io.micronaut.context.ExecutionHandleLocator;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.convert.ConversionService;
import io.micronaut.web.router.DefaultRouteBuilder;
import io.micronaut.web.router.RouteBuilder;
import jakarta.inject.Singleton;

/**
 * The API document and its pages on the management port only, as Micronaut's own management endpoints are:
 * each route is bound to that port, so the API's port answers them as any unknown path (401, then 404).
 * Micronaut's endpoints cannot serve these paths ({@code /openapi.yml} is no valid endpoint id).
 */
@Singleton
@Requires(property = "endpoints.all.port")
final class ApiDocumentRoutes extends DefaultRouteBuilder {

    ApiDocumentRoutes(
            ExecutionHandleLocator locator,
            RouteBuilder.UriNamingStrategy naming,
            ConversionService conversion,
            ApiDocument document,
            @Value("${endpoints.all.port}") int port) {
        super(locator, naming, conversion);
        GET("/openapi.yml", document, "yaml").exposedPort(port);
        GET("/openapi.json", document, "json").exposedPort(port);
        GET("/swagger-ui", document, "swaggerUi").exposedPort(port);
        GET("/swagger-ui/res/{file}", document, "swaggerUiAsset", String.class).exposedPort(port);
        GET("/redoc", document, "redoc").exposedPort(port);
        GET("/redoc/res/{file}", document, "redocAsset", String.class).exposedPort(port);
    }
}
