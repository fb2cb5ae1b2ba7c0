package io.shardlab.ui.about;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.AppInfo;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The About dialog's credits: complete, versions true to the class path, licences as published. */
class AboutInfoTest {

    private final AboutInfo about = AboutInfo.load(new AppInfo("ShardLab", "1.2.3"));

    @Test
    void every_credited_version_is_the_jar_on_the_class_path() {
        assertFalse(about.components().isEmpty());
        for (BundledComponent component : about.components()) {
            if (component.kind() != BundledComponent.Kind.MAVEN_JAR) {
                continue;
            }
            URL probe = AboutInfoTest.class.getClassLoader().getResource(component.probe());
            assertNotNull(probe, component.name() + ": probe " + component.probe() + " not on the class path");
            String artifactId =
                    component.coordinates().substring(component.coordinates().indexOf(':') + 1);
            String location = probe.toString();
            assertTrue(location.contains(artifactId), component.name() + ": " + location + " is not " + artifactId);
            assertTrue(
                    location.contains(component.version()),
                    component.name() + ": credited as " + component.version() + " but loaded from " + location);
        }
    }

    /** A file kept in ShardLab's own resources is credited as its folder's SOURCES file says it was taken. */
    @Test
    void every_credited_resource_is_on_the_class_path_with_the_package_and_version_its_sources_name()
            throws IOException {
        long resources = about.components().stream()
                .filter(component -> component.kind() == BundledComponent.Kind.BUNDLED_RESOURCE)
                .count();
        assertEquals(1, resources, "the CJK font is the one bundled resource");
        for (BundledComponent component : about.components()) {
            if (component.kind() != BundledComponent.Kind.BUNDLED_RESOURCE) {
                continue;
            }
            ClassLoader loader = AboutInfoTest.class.getClassLoader();
            assertNotNull(loader.getResource(component.probe()), component.name() + ": " + component.probe());
            String folder = component.probe().substring(0, component.probe().lastIndexOf('/') + 1);
            assertNotNull(loader.getResource(folder + "LICENSE"), component.name() + ": " + folder + "LICENSE");
            try (InputStream in = loader.getResourceAsStream(folder + "SOURCES")) {
                assertNotNull(in, component.name() + ": " + folder + "SOURCES");
                String sources = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                String debianPackage = component.coordinates().substring("Debian ".length());
                assertTrue(
                        sources.contains("Package:   Debian " + debianPackage + " " + component.version()),
                        component.name() + ": SOURCES does not name " + component.coordinates() + " "
                                + component.version());
                assertTrue(sources.contains("Apache License, Version 2.0"), component.name() + ": licence in SOURCES");
            }
        }
    }

    /** Licences as each artifact's pom in Maven Central (or the project's README) states them. */
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', textBlock = """
            JavaFX                       | GPLv2 with Classpath Exception
            AtlantaFX                    | MIT License
            ControlsFX                   | The 3-Clause BSD License
            Ikonli                       | Apache License 2.0
            Material Design Icons (font) | Apache License 2.0 (Pictogrammers Free License)
            MongoDB Java Driver          | Apache License 2.0
            BSON                         | Apache License 2.0
            FXGraphics2D                 | BSD 3-Clause License
            Apache PDFBox                | Apache License 2.0
            PdfBoxGraphics2D             | Apache License 2.0
            Apache Batik SVG Generator   | Apache License 2.0
            Apache XML Graphics Commons  | Apache License 2.0
            Apache Commons IO            | Apache License 2.0
            Apache Commons Logging       | Apache License 2.0
            picocli                      | Apache License 2.0
            SLF4J API                    | MIT License
            SLF4J NOP binding            | MIT License
            mongo-java-server            | BSD License
            Netty                        | Apache License 2.0
            GraalVM Polyglot API         | Universal Permissive License 1.0
            GraalJS                      | Universal Permissive License 1.0 and MIT License
            Truffle API                  | Universal Permissive License 1.0
            ICU4J (GraalVM shadowed)     | Unicode/ICU License
            Droid Sans Fallback (font)   | Apache License 2.0
            """)
    void credits_each_component_under_its_published_licence(String name, String licence) {
        Map<String, String> byName = about.components().stream()
                .collect(Collectors.toMap(BundledComponent::name, BundledComponent::licence));
        assertEquals(licence, byName.get(name), name);
    }

    /** Whoever hands out shardlab.jar or an installer meets Apache 2.0-compatible terms only: no GPLv3 part. */
    @Test
    void no_bundled_component_is_under_a_copyleft_licence_beyond_javafx_classpath_exception() {
        for (BundledComponent component : about.components()) {
            String licence = component.licence();
            assertTrue(
                    !licence.contains("GPL") || licence.equals("GPLv2 with Classpath Exception"),
                    component.name() + " is " + licence);
        }
    }

    @Test
    void carries_the_product_version_and_its_own_licence() {
        assertEquals("1.2.3", about.app().version());
        assertEquals("Apache License 2.0", about.licence());
    }

    @Test
    void a_malformed_line_is_reported_with_its_number() {
        String table = "# comment\n\nJavaFX\torg.openjfx:javafx-controls\t21\tGPL\n";
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> AboutInfo.parse(new BufferedReader(new StringReader(table))));
        assertEquals("bundled-components.tsv line 3: expected 5 tab-separated columns, got 4", e.getMessage());
    }

    @Test
    void coordinates_must_name_group_and_artifact() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> new BundledComponent("X", "x-only", "1", "MIT", "x/X.class"));
        assertEquals("coordinates: expected 'groupId:artifactId', got 'x-only'", e.getMessage());
    }

    @Test
    void a_bundled_resource_names_the_package_it_was_taken_from_not_maven_coordinates() {
        BundledComponent font = new BundledComponent(
                "F", BundledComponent.Kind.BUNDLED_RESOURCE, "Debian fonts-x", "1.0", "MIT", "a/F.ttf");
        assertEquals("Debian fonts-x", font.coordinates());
    }
}
