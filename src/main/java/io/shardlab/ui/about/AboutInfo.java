package io.shardlab.ui.about;

import io.shardlab.AppInfo;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What the About dialog shows: the product, its own licence and the bundled components.
 *
 * @param app the product name and version
 * @param licence ShardLab's own licence
 * @param components the third-party components in shardlab.jar, in display order: the Maven jars, then the
 *     files kept in ShardLab's own resources
 */
public record AboutInfo(AppInfo app, String licence, List<BundledComponent> components) {

    /** ShardLab's own licence (see LICENSE at the repository root). */
    public static final String SHARDLAB_LICENCE = "Apache License 2.0"; // untranslated: a licence's name

    static final String COMPONENTS_RESOURCE = "bundled-components.tsv";

    /** Third-party files kept in ShardLab's own resources (the CJK font), same columns as the jars' table. */
    static final String RESOURCES_RESOURCE = "bundled-resources.tsv";

    public AboutInfo {
        components = List.copyOf(components);
    }

    /** The About information for this build: the given version and the bundled component list. */
    public static AboutInfo load(AppInfo app) {
        List<BundledComponent> components = new ArrayList<>(read(COMPONENTS_RESOURCE, BundledComponent.Kind.MAVEN_JAR));
        components.addAll(read(RESOURCES_RESOURCE, BundledComponent.Kind.BUNDLED_RESOURCE));
        return new AboutInfo(app, SHARDLAB_LICENCE, components);
    }

    private static List<BundledComponent> read(String resource, BundledComponent.Kind kind) {
        try (InputStream in = AboutInfo.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + ": missing from the class path");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), resource, kind);
        } catch (IOException e) {
            throw new UncheckedIOException(resource + ": cannot be read", e); // untranslated: a build fault
        }
    }

    /** Parses the Maven jars' table ({@value #COMPONENTS_RESOURCE}); see {@link #parse(BufferedReader, String, BundledComponent.Kind)}. */
    static List<BundledComponent> parse(BufferedReader reader) throws IOException {
        return parse(reader, COMPONENTS_RESOURCE, BundledComponent.Kind.MAVEN_JAR);
    }

    /**
     * Parses the component table: one component per line, five tab-separated columns
     * (name, coordinates, version, licence, probe); blank lines and lines starting with {@code #}
     * are ignored.
     *
     * @param resource the table's file name, for messages
     * @param kind the kind of every component in the table
     */
    static List<BundledComponent> parse(BufferedReader reader, String resource, BundledComponent.Kind kind)
            throws IOException {
        List<BundledComponent> components = new ArrayList<>();
        String line;
        int number = 0;
        while ((line = reader.readLine()) != null) {
            number++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] columns = line.split("\t", -1);
            if (columns.length != 5) {
                throw new IllegalArgumentException(String.format(
                        "%s line %s: expected 5 tab-separated columns, got %s", // untranslated: a build fault
                        resource, number, columns.length));
            }
            components.add(new BundledComponent(
                    columns[0].strip(),
                    kind,
                    columns[1].strip(),
                    columns[2].strip(),
                    columns[3].strip(),
                    columns[4].strip()));
        }
        return components;
    }
}
