package io.shardlab.ui.about;

import java.util.Objects;

/**
 * A third-party component shipped inside shardlab.jar, as the About dialog credits it.
 *
 * @param name the component's name, e.g. {@code "AtlantaFX"}
 * @param kind how it comes into shardlab.jar: a Maven jar the build bundles, or a file kept in ShardLab's own
 *     resources
 * @param coordinates for a {@link Kind#MAVEN_JAR}, the Maven {@code groupId:artifactId} it comes from (or the
 *     artifact that embeds it); for a {@link Kind#BUNDLED_RESOURCE}, the package it was taken from, e.g.
 *     {@code "Debian fonts-droid-fallback"}
 * @param version the version bundled (for a resource, the version of the package it was taken from)
 * @param licence the licence it is used under, as its own pom or licence file states it
 * @param probe a resource path inside the component ({@code a/b/C.class}), or for a bundled resource the file
 *     itself; tests use it to check that {@code version} matches what is on the class path
 */
public record BundledComponent(
        String name, Kind kind, String coordinates, String version, String licence, String probe) {

    /** How a component comes into shardlab.jar. */
    public enum Kind {
        /** A library jar the build bundles (its classes and resources are unpacked into shardlab.jar). */
        MAVEN_JAR,
        /**
         * A file kept under {@code src/main/resources} beside a {@code SOURCES} file naming where it was taken from,
         * its version and licence (e.g. the CJK font in {@code io/shardlab/fonts}).
         */
        BUNDLED_RESOURCE
    }

    public BundledComponent {
        requireText("name", name);
        Objects.requireNonNull(kind, "kind");
        requireText("coordinates", coordinates);
        requireText("version", version);
        requireText("licence", licence);
        requireText("probe", probe);
        if (kind == Kind.MAVEN_JAR && !coordinates.contains(":")) {
            throw new IllegalArgumentException(String.format(
                    "coordinates: expected 'groupId:artifactId', got '%s'", // untranslated: the shipped list's contract
                    coordinates));
        }
    }

    /** A Maven jar's credit. */
    public BundledComponent(String name, String coordinates, String version, String licence, String probe) {
        this(name, Kind.MAVEN_JAR, coordinates, version, licence, probe);
    }

    private static void requireText(String what, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(
                    what + ": must not be blank, got '" + value + "'"); // untranslated: the shipped list's contract
        }
    }
}
