package com.communitybot.app;

import com.communitybot.core.architecture.ArchitectureRules;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The borders of the hexagon over every module's production classes, which only this module's test
 * classpath sees together. The rules themselves are shown to fail in core's ArchitectureRulesCanFailTest.
 */
class ArchitectureTest {

    private static final String ROOT = "com.communitybot";
    /** Production classes only: test classes and test-jars (fixtures, fakes) are not part of the tree. */
    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages(ROOT);

    @Test
    void everyModuleIsImported() {
        org.assertj.core.api.Assertions.assertThat(
                        PRODUCTION.stream().map(c -> c.getPackageName()).distinct())
                .contains(
                        "com.communitybot.core.usecase",
                        "com.communitybot.http",
                        "com.communitybot.persistence",
                        "com.communitybot.discord",
                        "com.communitybot.app");
    }

    @Test
    void coreIsFrameworkFree() {
        ArchitectureRules.coreIsFrameworkFree(ROOT).check(PRODUCTION);
    }

    @Test
    void portsAreInterfaces() {
        ArchitectureRules.portsAreInterfaces(ROOT).check(PRODUCTION);
    }

    @Test
    void onlyTheAppDependsOnAdapters() {
        ArchitectureRules.onlyTheAppDependsOnAdapters(ROOT).check(PRODUCTION);
    }

    @Test
    void nothingDependsOnTheApp() {
        ArchitectureRules.nothingDependsOnTheApp(ROOT).check(PRODUCTION);
    }
}
