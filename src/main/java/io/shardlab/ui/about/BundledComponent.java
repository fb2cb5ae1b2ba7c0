package io.shardlab.ui.about;

/**
 * A third-party component shipped inside shardlab.jar, as the About dialog credits it.
 *
 * @param name the component's name, e.g. {@code "AtlantaFX"}
 * @param coordinates the Maven {@code groupId:artifactId} it comes from (or the artifact that embeds it)
 * @param version the version bundled
 * @param licence the licence it is used under, as its own pom or licence file states it
 * @param probe a resource path inside the component ({@code a/b/C.class}); tests use it to check
 *     that {@code version} matches the jar on the class path
 */
public record BundledComponent(String name, String coordinates, String version, String licence, String probe) {

    public BundledComponent {
        requireText("name", name);
        requireText("coordinates", coordinates);
        requireText("version", version);
        requireText("licence", licence);
        requireText("probe", probe);
        if (!coordinates.contains(":")) {
            throw new IllegalArgumentException("coordinates: expected 'groupId:artifactId', got '" + coordinates + "'");
        }
    }

    private static void requireText(String what, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(what + ": must not be blank, got '" + value + "'");
        }
    }
}
