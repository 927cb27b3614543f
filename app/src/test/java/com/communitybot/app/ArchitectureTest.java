package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

    @Test
    void h2StaysBehindItsSeam() {
        ArchitectureRules.h2StaysBehindItsSeam(ROOT).check(PRODUCTION);
    }

    /** Here rather than in core's ArchitectureRulesCanFailTest: the fixtures need H2 on the classpath. */
    @Test
    void h2StaysBehindItsSeam_failsOnAPersistenceClassUsingH2_notOnOneInItsPackage() {
        String fixtures = "com.communitybot.archfixture";
        JavaClasses classes = new ClassFileImporter().importPackages(fixtures + ".persistence");

        assertThatThrownBy(
                        () -> ArchitectureRules.h2StaysBehindItsSeam(fixtures).check(classes))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("PersistenceUsingH2")
                .hasMessageContaining("org.h2.api.Trigger")
                .hasMessageNotContaining("H2InItsPackage");
    }
}
