package io.shardlab.cluster;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A MongoDB server version, {@code major.minor}: the release whose rules (routing, splitting,
 * balancing, metadata shapes) ShardLab applies.
 *
 * <p>Any version can be named (routing rules differ at 4.4, 5.0, 7.1, 8.0, …); the in-memory cluster
 * models the release series in {@link #simulated()}, and {@link #parseSimulated} refuses the others.
 *
 * @param major e.g. 8; at least 3
 * @param minor e.g. 0; not negative
 */
public record MongoVersion(int major, int minor) implements Comparable<MongoVersion> {

    public static final MongoVersion V4_4 = new MongoVersion(4, 4);
    public static final MongoVersion V5_0 = new MongoVersion(5, 0);
    public static final MongoVersion V6_0 = new MongoVersion(6, 0);
    public static final MongoVersion V7_0 = new MongoVersion(7, 0);
    public static final MongoVersion V8_0 = new MongoVersion(8, 0);

    /** The version ShardLab uses when none is chosen: the newest modelled release, 8.0. */
    public static final MongoVersion DEFAULT = V8_0;

    private static final List<MongoVersion> SIMULATED = List.of(V4_4, V5_0, V6_0, V7_0, V8_0);

    public MongoVersion {
        if (major < 3 || minor < 0) {
            throw new IllegalArgumentException("version: expected a MongoDB version such as 8.0, got "
                    + major + "." + minor);
        }
    }

    /** The release series the in-memory cluster models, oldest first: 4.4, 5.0, 6.0, 7.0, 8.0. */
    public static List<MongoVersion> simulated() {
        return SIMULATED;
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

    /**
     * Parses a version the in-memory cluster models ({@link #simulated()}); {@code "7.0.12"} is 7.0.
     *
     * @throws IllegalArgumentException naming the text and the supported versions otherwise
     */
    public static MongoVersion parseSimulated(String text) {
        MongoVersion v;
        try {
            v = parse(text);
        } catch (IllegalArgumentException e) {
            v = null;
        }
        if (v == null || !SIMULATED.contains(v)) {
            throw new IllegalArgumentException("version: unknown MongoDB version '" + text + "'; expected one of "
                    + SIMULATED.stream().map(MongoVersion::toString).collect(Collectors.joining(", ")));
        }
        return v;
    }

    /** Whether this version is at least {@code major.minor}. */
    public boolean atLeast(int major, int minor) {
        return compareTo(new MongoVersion(major, minor)) >= 0;
    }

    /** Whether this version is {@code other} or newer. */
    public boolean atLeast(MongoVersion other) {
        return compareTo(other) >= 0;
    }

    /** {@code "7.0"}. */
    public String label() {
        return toString();
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
