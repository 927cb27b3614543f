package com.communitybot.core.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The core's own classes keep the borders; the app's test checks the whole tree with the adapters. */
class CoreArchitectureTest {

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.communitybot.core");

    @Test
    void coreIsFrameworkFree() {
        ArchitectureRules.coreIsFrameworkFree("com.communitybot").check(CORE);
    }

    @Test
    void portsAreInterfaces() {
        ArchitectureRules.portsAreInterfaces("com.communitybot").check(CORE);
    }

    @Test
    void coreDependsOnNoAdapterAndNotOnTheApp() {
        ArchitectureRules.onlyTheAppDependsOnAdapters("com.communitybot").check(CORE);
        ArchitectureRules.nothingDependsOnTheApp("com.communitybot").check(CORE);
    }
}
