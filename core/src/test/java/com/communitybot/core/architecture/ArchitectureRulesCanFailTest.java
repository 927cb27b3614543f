package com.communitybot.core.architecture;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** Each rule, run against deliberately bad classes, reports the violation: none of them passes vacuously. */
class ArchitectureRulesCanFailTest {

    private static final String ROOT = "com.communitybot.archfixture";
    private static final JavaClasses FIXTURES = new ClassFileImporter().importPackages(ROOT);

    @Test
    void coreIsFrameworkFree_failsOnACoreClassThatUsesJdbc() {
        assertThatThrownBy(() -> ArchitectureRules.coreIsFrameworkFree(ROOT).check(FIXTURES))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("CoreUsingJdbc")
                .hasMessageContaining("java.sql.Connection");
    }

    @Test
    void portsAreInterfaces_failsOnAPortThatIsAClass() {
        assertThatThrownBy(() -> ArchitectureRules.portsAreInterfaces(ROOT).check(FIXTURES))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("PortAsClass")
                .hasMessageNotContaining("FixtureStoreException");
    }

    @Test
    void onlyTheAppDependsOnAdapters_failsOnAnAdapterUsingAnother() {
        assertThatThrownBy(() ->
                        ArchitectureRules.onlyTheAppDependsOnAdapters(ROOT).check(FIXTURES))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("HttpUsingPersistence");
    }

    @Test
    void nothingDependsOnTheApp_failsOnAnAdapterUsingTheApp() {
        assertThatThrownBy(() -> ArchitectureRules.nothingDependsOnTheApp(ROOT).check(FIXTURES))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("PersistenceUsingApp");
    }
}
