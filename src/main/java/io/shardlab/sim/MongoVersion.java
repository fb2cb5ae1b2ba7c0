package io.shardlab.sim;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The MongoDB release series whose sharding behaviour the simulator reproduces. Each version picks
 * its own policies (see {@link VersionPolicies}): how shardCollection lays out the initial chunks,
 * whether inserts auto-split chunks, how the balancer measures imbalance, whether the auto-merger
 * runs, and the default chunk size.
 *
 * <p>Order: declaration order is release order, so {@link #atLeast} compares releases.
 */
public enum MongoVersion {
    V4_4("4.4"),
    V5_0("5.0"),
    V6_0("6.0"),
    V7_0("7.0"),
    V8_0("8.0");

    /** The version the simulator uses when none is chosen: the newest supported release. */
    public static final MongoVersion DEFAULT = V8_0;

    private final String label;

    MongoVersion(String label) {
        this.label = label;
    }

    /**
     * The version written as {@code "7.0"}; a patch suffix such as {@code "7.0.12"} is accepted and
     * ignored.
     *
     * @throws IllegalArgumentException naming the input and the supported versions when unknown
     */
    public static MongoVersion parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("version: empty; expected one of " + supported());
        }
        String trimmed = text.strip();
        String series = trimmed;
        int firstDot = trimmed.indexOf('.');
        if (firstDot >= 0) {
            int secondDot = trimmed.indexOf('.', firstDot + 1);
            if (secondDot >= 0) {
                series = trimmed.substring(0, secondDot);
            }
        }
        for (MongoVersion v : values()) {
            if (v.label.equals(series)) {
                return v;
            }
        }
        throw new IllegalArgumentException("version: unknown MongoDB version '" + text + "'; expected one of "
                + supported());
    }

    private static String supported() {
        return Arrays.stream(values()).map(MongoVersion::label).collect(Collectors.joining(", "));
    }

    /** {@code "7.0"}. */
    public String label() {
        return label;
    }

    /** Whether this release is {@code other} or newer. */
    public boolean atLeast(MongoVersion other) {
        return compareTo(other) >= 0;
    }

    @Override
    public String toString() {
        return label;
    }
}
