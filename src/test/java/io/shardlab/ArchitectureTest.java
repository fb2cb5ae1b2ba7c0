package io.shardlab;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.scene.Node;
import javafx.scene.control.Label;

/**
 * DESIGN.md's layering rules 1–3, checked on the production classes. Packages that have no
 * classes yet pass (allowEmptyShould), so the rules hold from the first commit onwards.
 */
@AnalyzeClasses(packages = "io.shardlab", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /** DESIGN.md rule 1: the pure packages, deterministic and fast to test. */
    static final String[] PURE_PACKAGES = {
        "io.shardlab.bson..", "io.shardlab.key..", "io.shardlab.cluster..", "io.shardlab.routing..",
        "io.shardlab.sim..", "io.shardlab.workload..", "io.shardlab.advisor..", "io.shardlab.files..",
    };

    /** The packages that may touch a toolkit, a driver or the outside world. */
    static final String[] OUTER_PACKAGES = {
        "io.shardlab.ui..", "io.shardlab.cli..", "io.shardlab.live..", "io.shardlab.render..",
    };

    static ArchRule pureCodeIn(String... packages) {
        return noClasses().that().resideInAnyPackage(packages)
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.mongodb..", "java.awt..")
                .allowEmptyShould(true)
                .because("DESIGN.md rule 1: bson, key, cluster, routing, sim, workload and advisor are pure Java");
    }

    /** Rule 1: no JavaFX, no MongoDB driver, no AWT in the pure packages. */
    @ArchTest
    static final ArchRule pure_packages_use_no_toolkit_driver_or_awt = pureCodeIn(PURE_PACKAGES);

    /** Rule 1, the other half of "pure": the domain never reaches out to the layers built on it. */
    @ArchTest
    static final ArchRule pure_packages_do_not_depend_on_outer_layers = noClasses()
            .that().resideInAnyPackage(PURE_PACKAGES)
            .should().dependOnClassesThat().resideInAnyPackage(OUTER_PACKAGES)
            .allowEmptyShould(true)
            .because("DESIGN.md rule 1: the pure packages are the core the ui, cli, live and render layers use");

    /** Rule 2: only live talks to a server. */
    @ArchTest
    static final ArchRule only_live_uses_the_mongodb_driver = noClasses()
            .that().resideOutsideOfPackage("io.shardlab.live..")
            .should().dependOnClassesThat().resideInAnyPackage("com.mongodb..")
            .allowEmptyShould(true)
            .because("DESIGN.md rule 2: only live talks to a server; it converts driver documents at the border");

    /** Rule 3: ViewModels hold no nodes. */
    @ArchTest
    static final ArchRule view_models_hold_no_nodes = noClasses()
            .that().haveSimpleNameEndingWith("ViewModel")
            .should().dependOnClassesThat().areAssignableTo(Node.class)
            .allowEmptyShould(true)
            .because("DESIGN.md rule 3: ViewModels expose properties and verbs; Views build nodes and bind");

    /** Rule 3: ViewModels are part of the ui layer. */
    @ArchTest
    static final ArchRule view_models_live_in_ui = classes()
            .that().haveSimpleNameEndingWith("ViewModel")
            .should().resideInAPackage("io.shardlab.ui..")
            .allowEmptyShould(true)
            .because("DESIGN.md rule 3: the ui package holds one package per feature with View + ViewModel");

    // ---- the rules catch what they are meant to catch ----

    /** Breaks rule 3: a ViewModel holding a node. */
    static final class LeakyViewModel {
        final Label label = new Label();
    }

    /** Keeps rule 3: a ViewModel with a read-only property. */
    static final class TidyViewModel {
        ReadOnlyStringProperty title;
    }

    /** Breaks rule 2: a driver client outside live. */
    static final class ServerReader {
        MongoClient client;
    }

    private static JavaClasses fixtures() {
        return new ClassFileImporter().importClasses(LeakyViewModel.class, TidyViewModel.class, ServerReader.class);
    }

    @org.junit.jupiter.api.Test
    void rule_3_flags_a_view_model_holding_a_node_and_only_that() {
        var result = view_models_hold_no_nodes.evaluate(fixtures());
        assertTrue(result.hasViolation());
        assertTrue(result.getFailureReport().toString().contains("LeakyViewModel"));
        assertFalse(result.getFailureReport().toString().contains("TidyViewModel"));
    }

    @org.junit.jupiter.api.Test
    void rule_2_flags_driver_use_outside_live() {
        var result = only_live_uses_the_mongodb_driver.evaluate(fixtures());
        assertTrue(result.hasViolation());
        assertTrue(result.getFailureReport().toString().contains("ServerReader"));
    }

    @org.junit.jupiter.api.Test
    void rule_1_flags_toolkit_and_driver_use_in_a_pure_package() {
        var result = pureCodeIn("io.shardlab").evaluate(fixtures());
        assertTrue(result.getFailureReport().toString().contains("LeakyViewModel"));
        assertTrue(result.getFailureReport().toString().contains("ServerReader"));
    }
}
