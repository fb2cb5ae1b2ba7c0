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
 * @param components the third-party components in shardlab.jar, in display order
 */
public record AboutInfo(AppInfo app, String licence, List<BundledComponent> components) {

    /** ShardLab's own licence (see LICENSE at the repository root). */
    public static final String SHARDLAB_LICENCE = "Apache License 2.0"; // untranslated: a licence's name

    static final String COMPONENTS_RESOURCE = "bundled-components.tsv";

    public AboutInfo {
        components = List.copyOf(components);
    }

    /** The About information for this build: the given version and the bundled component list. */
    public static AboutInfo load(AppInfo app) {
        try (InputStream in = AboutInfo.class.getResourceAsStream(COMPONENTS_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(COMPONENTS_RESOURCE + ": missing from the class path");
            }
            return new AboutInfo(
                    app,
                    SHARDLAB_LICENCE,
                    parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))));
        } catch (IOException e) {
            throw new UncheckedIOException(COMPONENTS_RESOURCE + ": cannot be read", e);
        }
    }

    /**
     * Parses the component table: one component per line, five tab-separated columns
     * (name, coordinates, version, licence, probe); blank lines and lines starting with {@code #}
     * are ignored.
     */
    static List<BundledComponent> parse(BufferedReader reader) throws IOException {
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
                throw new IllegalArgumentException(COMPONENTS_RESOURCE + " line " + number
                        + ": expected 5 tab-separated columns, got " + columns.length);
            }
            components.add(new BundledComponent(
                    columns[0].strip(),
                    columns[1].strip(),
                    columns[2].strip(),
                    columns[3].strip(),
                    columns[4].strip()));
        }
        return components;
    }
}
