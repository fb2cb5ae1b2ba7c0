package io.shardlab;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The product's name and version, read from the build's filtered {@code shardlab.properties}.
 *
 * @param name the product name
 * @param version the Maven project version
 */
public record AppInfo(String name, String version) {

    /** Reads the version the build stamped into the jar. */
    public static AppInfo load() {
        Properties p = new Properties();
        try (InputStream in = AppInfo.class.getResourceAsStream("shardlab.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("shardlab.properties: cannot be read", e);
        }
        return new AppInfo("ShardLab", p.getProperty("version", "dev"));
    }
}
