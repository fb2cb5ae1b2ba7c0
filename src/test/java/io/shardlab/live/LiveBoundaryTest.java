package io.shardlab.live;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/** docs/ARCHITECTURE.md rule 2: only io.shardlab.live talks to a server; nothing else sees the driver. */
class LiveBoundaryTest {

    @Test
    void onlyTheLivePackageUsesTheDriver() {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("io.shardlab");
        EvaluationResult result = noClasses()
                .that()
                .resideOutsideOfPackage("io.shardlab.live..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("com.mongodb..")
                .evaluate(classes);
        assertFalse(result.hasViolation(), () -> result.getFailureReport().toString());
    }
}
