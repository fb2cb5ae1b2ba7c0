package io.shardlab.render;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * What render may use: java.awt and the export writers (Batik, PDFBox), the pure model; not JavaFX (the app wraps the
 * painter in FXGraphics2D itself). That it uses none of the packages whose results it draws is
 * {@code ArchitectureTest.render_draws_its_own_records_and_uses_no_producer}, the front ends and the driver the
 * adapter rules there.
 */
@AnalyzeClasses(packages = "io.shardlab.render", importOptions = ImportOption.DoNotIncludeTests.class)
class RenderDependenciesTest {

    @ArchTest
    static final ArchRule the_painter_is_pure_graphics2d = noClasses()
            .that()
            .resideInAPackage("io.shardlab.render..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx..", "org.jfree.fx..")
            .because("the same painter draws the Canvas (through FXGraphics2D, wrapped by the ui), PNG, SVG and PDF");
}
