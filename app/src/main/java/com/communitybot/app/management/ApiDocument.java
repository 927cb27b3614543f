package com.communitybot.app.management;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.micronaut.context.annotation.Executable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;

/**
 * The OpenAPI document micronaut-openapi wrote from the controllers at compile time, as YAML and as JSON,
 * and the Swagger UI and Redoc pages it wrote beside it, scripts included, all read from the jar: the
 * pages work without internet.
 */
@Singleton
class ApiDocument {

    static final String DOCUMENT = "META-INF/swagger/community-bot-api.yml";
    private static final String VIEWS = "META-INF/swagger/views/";
    private static final Map<String, MediaType> TYPES = Map.of(
            "js",
            MediaType.of("text/javascript"),
            "css",
            MediaType.of("text/css"),
            "png",
            MediaType.IMAGE_PNG_TYPE,
            "html",
            MediaType.TEXT_HTML_TYPE);

    private final byte[] yaml;
    /**
     * The JSON form, made when first asked for: made at start, the YAML reader and its classes would lengthen every
     * start (BENCHMARKS.md, "Start-up", says what a start costs) for a document few clients ask for.
     */
    private volatile byte[] json;

    ApiDocument() {
        this.yaml = resource(DOCUMENT).orElseThrow(() -> new IllegalStateException(DOCUMENT + " is not in the jar"));
    }

    @Executable
    HttpResponse<byte[]> yaml() {
        return HttpResponse.ok(yaml).contentType(MediaType.of("application/yaml"));
    }

    @Executable
    HttpResponse<byte[]> json() {
        return HttpResponse.ok(jsonBytes()).contentType(MediaType.APPLICATION_JSON_TYPE);
    }

    private byte[] jsonBytes() {
        byte[] made = json;
        if (made == null) {
            try {
                // Two first requests at once may both convert; they make the same bytes.
                made = new ObjectMapper()
                        .writerWithDefaultPrettyPrinter()
                        .writeValueAsBytes(new YAMLMapper().readTree(yaml));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            json = made;
        }
        return made;
    }

    @Executable
    HttpResponse<byte[]> swaggerUi() {
        return file("swagger-ui/index.html");
    }

    @Executable
    HttpResponse<byte[]> swaggerUiAsset(String file) {
        return file("swagger-ui/res/" + file);
    }

    @Executable
    HttpResponse<byte[]> redoc() {
        return file("redoc/index.html");
    }

    @Executable
    HttpResponse<byte[]> redocAsset(String file) {
        return file("redoc/res/" + file);
    }

    /** A file of the pages; a name with anything but letters, digits, dots and dashes is no such file. */
    private static HttpResponse<byte[]> file(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9.-]*")) {
            return HttpResponse.notFound();
        }
        MediaType type = TYPES.get(name.substring(name.lastIndexOf('.') + 1));
        return resource(VIEWS + path)
                .<HttpResponse<byte[]>>map(bytes -> HttpResponse.ok(bytes)
                        .contentType(type == null ? MediaType.APPLICATION_OCTET_STREAM_TYPE : type))
                .orElseGet(HttpResponse::notFound);
    }

    private static Optional<byte[]> resource(String path) {
        try (InputStream in = ApiDocument.class.getClassLoader().getResourceAsStream(path)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
