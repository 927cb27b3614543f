package com.communitybot.core.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import java.util.List;

/**
 * The borders of the hexagon, for a tree of modules under one root package: {@code <root>.core} is the
 * library, {@code <root>.http}, {@code <root>.persistence} and {@code <root>.discord} are the adapters,
 * {@code <root>.app} assembles them. Parameterised by root so each rule can be shown to fail on the
 * deliberately bad classes under {@code com.communitybot.archfixture}.
 */
public final class ArchitectureRules {

    public static final List<String> ADAPTERS = List.of("http", "persistence", "discord");

    private ArchitectureRules() {}

    /** The core is a library anyone can reuse: no framework, no Discord client, no JDBC, no Jakarta. */
    public static ArchRule coreIsFrameworkFree(String root) {
        return noClasses()
                .that()
                .resideInAPackage(root + ".core..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.micronaut..", "net.dv8tion..", "java.sql..", "javax.sql..", "jakarta..")
                .because("core must stay a framework-free library");
    }

    /** A port is an interface that an adapter implements; exceptions a port declares are its only classes. */
    public static ArchRule portsAreInterfaces(String root) {
        return classes()
                .that()
                .resideInAPackage(root + ".core.port..")
                .and()
                .areNotAssignableTo(Throwable.class)
                .should()
                .beInterfaces()
                .because("ports are interfaces in core that adapters implement");
    }

    /**
     * Only the app depends on an adapter: no adapter depends on another, and the core depends on none.
     * Adapters may be absent from a tree, so an adapter with no classes passes.
     */
    public static ArchRule onlyTheAppDependsOnAdapters(String root) {
        List<ArchRule> rules = ADAPTERS.stream()
                .map(adapter -> (ArchRule) classes()
                        .that()
                        .resideInAPackage(root + "." + adapter + "..")
                        .should()
                        .onlyHaveDependentClassesThat()
                        .resideInAnyPackage(root + "." + adapter + "..", root + ".app..")
                        .allowEmptyShould(true))
                .toList();
        return CompositeArchRule.of(rules).because("adapters are assembled by the app alone");
    }

    /** Nothing but the app itself depends on the app. */
    public static ArchRule nothingDependsOnTheApp(String root) {
        return noClasses()
                .that()
                .resideOutsideOfPackage(root + ".app..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(root + ".app..")
                .because("the app assembles the adapters; it is nobody's dependency");
    }

    /**
     * H2 stays behind its seam: no class outside {@code <root>.persistence.h2} depends on H2's classes, so the
     * generic SQL adapter reads as JDBC and SQL (docs/store.md, "H2's quirks"). Naming H2's JDBC driver in a
     * configuration string is no dependency. {@code persistence.GuildSizeTrigger}, the name migration V3 gave H2's
     * trigger, is an empty subclass of the one in {@code h2} and names nothing of H2 itself. Shown to fail in the
     * app's ArchitectureTest, whose classpath has H2.
     */
    public static ArchRule h2StaysBehindItsSeam(String root) {
        return noClasses()
                .that()
                .resideOutsideOfPackage(root + ".persistence.h2..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.h2..")
                .because("what only H2 needs lives in package persistence.h2");
    }
}
