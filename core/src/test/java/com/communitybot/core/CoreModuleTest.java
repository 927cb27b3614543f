package com.communitybot.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.usecase.Leaderboard;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Exports;
import java.lang.module.ModuleDescriptor.Requires;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The module descriptor promises what docs/core.md says: the API packages and nothing else, and Jackson's
 * streaming core as the one dependency. The tests run on the class path, so the descriptor is read from the
 * compiled classes rather than from a running module.
 */
class CoreModuleTest {

    private static final ModuleDescriptor CORE = descriptor();

    private static ModuleDescriptor descriptor() {
        try {
            Path classes = Path.of(Leaderboard.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            ModuleReference module =
                    ModuleFinder.of(classes).findAll().iterator().next();
            return module.descriptor();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void isNamedComCommunitybotCore() {
        assertThat(CORE.name()).isEqualTo("com.communitybot.core");
        assertThat(CORE.isAutomatic()).isFalse();
    }

    @Test
    void exportsTheApiPackagesToEveryone_andNotTheDataFile() {
        assertThat(CORE.exports()).allSatisfy(e -> assertThat(e.isQualified()).isFalse());
        assertThat(CORE.exports().stream().map(Exports::source).collect(Collectors.toSet()))
                .isEqualTo(Set.of(
                        "com.communitybot.core.error",
                        "com.communitybot.core.json",
                        "com.communitybot.core.model",
                        "com.communitybot.core.port",
                        "com.communitybot.core.usecase"));
        assertThat(CORE.opens()).isEmpty();
    }

    @Test
    void requiresOnlyJacksonCore_transitively_becauseTheParserTakesAJsonParser() {
        assertThat(CORE.requires().stream()
                        .filter(r -> !r.name().equals("java.base"))
                        .map(r -> r.name() + " " + r.modifiers()))
                .containsExactly("com.fasterxml.jackson.core " + Set.of(Requires.Modifier.TRANSITIVE));
    }
}
