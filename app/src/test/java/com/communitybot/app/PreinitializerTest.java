package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.core.io.service.MicronautMetaServiceLoaderUtils;
import io.micronaut.inject.BeanDefinitionReference;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PreinitializerTest {

    @Test
    void everyClassItNamesIsOnTheClassPath() throws ClassNotFoundException {
        // A name that a new version of Micronaut, Netty or Jackson no longer has would silently do nothing.
        List<String> names = new ArrayList<>(Preinitializer.CLASSES);
        names.add(Preinitializer.CONVERSION_SERVICE);
        for (String name : names) {
            assertThat(Class.forName(name, false, getClass().getClassLoader()))
                    .as(name)
                    .isNotNull();
        }
    }

    @Test
    void micronautsIndexListsTheBeanDefinitions() throws IOException {
        assertThat(MicronautMetaServiceLoaderUtils.findMicronautMetaServiceEntries(
                        getClass().getClassLoader(), BeanDefinitionReference.class.getName()))
                .hasSizeGreaterThan(100)
                .anyMatch(name -> name.startsWith("com.communitybot."));
    }

    @Test
    void awaitingWithoutAStart_returnsAtOnce() throws InterruptedException {
        Preinitializer.awaitServiceIndex();
        assertThat(Preinitializer.awaitFinished(0)).isFalse();
    }

    @Test
    void inAJvmOfItsOwn_itInitialisesWhatItNames_butNoBufferAllocatorOfNetty() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(
                        java,
                        "-Xlog:class+init=info",
                        "-cp",
                        System.getProperty("java.class.path"),
                        PreinitializerProbe.class.getName())
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();

        assertThat(output)
                .contains("probe: finished")
                .contains("Initializing 'io/micronaut/core/convert/ConversionService'")
                .contains("Initializing 'io/micronaut/http/server/netty/handler/Http1RequestEvent'")
                .contains("Initializing 'io/netty/buffer/AllocateChunkEvent'")
                .contains("Initializing 'com/fasterxml/jackson/databind/ObjectMapper'");
        assertThat(output.lines().filter(line -> line.contains("Initializing '") && line.contains("$Definition'")))
                .hasSizeGreaterThan(100);
        // Micronaut sets Netty's allocator properties (io.netty.allocator.maxOrder) before it makes the first
        // allocator; an allocator initialised ahead would not see them.
        assertThat(output)
                .doesNotContain("Initializing 'io/netty/buffer/ByteBufAllocator'")
                .doesNotContain("Initializing 'io/netty/buffer/PooledByteBufAllocator'")
                .doesNotContain("Initializing 'io/netty/buffer/AdaptiveByteBufAllocator'")
                .doesNotContain("Initializing 'io/netty/buffer/ByteBufUtil'");
    }
}
