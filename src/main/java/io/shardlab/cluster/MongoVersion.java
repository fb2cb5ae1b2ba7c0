package io.shardlab.cluster;

/**
 * A MongoDB server version, major.minor, whose rules (routing, splitting, balancing) ShardLab models.
 *
 * @param major e.g. 8; at least 3
 * @param minor e.g. 0; not negative
 */
public record MongoVersion(int major, int minor) implements Comparable<MongoVersion> {

    /** The default version ShardLab models: 8.0. */
    public static final MongoVersion V8_0 = new MongoVersion(8, 0);

    public MongoVersion {
        if (major < 3 || minor < 0) {
            throw new IllegalArgumentException("version: expected a MongoDB version such as 8.0, got "
                    + major + "." + minor);
        }
    }

    /**
     * Parses {@code "8.0"}, {@code "7.1"} or {@code "6.0.14"} (the patch number is ignored).
     *
     * @throws IllegalArgumentException naming the text when it is not a version
     */
    public static MongoVersion parse(String text) {
        String[] parts = text == null ? new String[0] : text.strip().split("\\.");
        if (parts.length < 2 || parts.length > 3) {
            throw new IllegalArgumentException("version: expected MAJOR.MINOR such as 8.0, got '" + text + "'");
        }
        try {
            return new MongoVersion(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("version: expected MAJOR.MINOR such as 8.0, got '" + text + "'");
        }
    }

    /** Whether this version is at least {@code major.minor}. */
    public boolean atLeast(int major, int minor) {
        return compareTo(new MongoVersion(major, minor)) >= 0;
    }

    @Override
    public int compareTo(MongoVersion o) {
        return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
    }

    @Override
    public String toString() {
        return major + "." + minor;
    }
}
