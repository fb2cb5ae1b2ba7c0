package io.shardlab.ui.shell;

import io.shardlab.cluster.MongoVersion;
import java.util.Objects;
import java.util.Optional;

/**
 * Names the cluster the window is looking at, as the status bar shows it.
 *
 * @param kind what kind of cluster it is, e.g. {@code "In-memory cluster"}, {@code "Live cluster"},
 *        {@code "Snapshot"}, {@code "Config dump"}
 * @param serverVersion the MongoDB release it behaves like (in memory) or runs (live), e.g. {@code "8.0"} or
 *        {@code "7.0.12"}; empty when the source does not say
 * @param inferred whether the release is ShardLab's inference from the metadata (or its default) rather than
 *        what the server or a recording said
 */
public record ClusterDescription(String kind, Optional<String> serverVersion, boolean inferred) {

    public ClusterDescription {
        if (kind == null || kind.isBlank()) {
            throw new IllegalArgumentException("kind: must name the cluster kind, got '" + kind + "'");
        }
        Objects.requireNonNull(serverVersion, "serverVersion");
        serverVersion.ifPresent(ClusterDescription::release);
    }

    /** A cluster of a known release, e.g. {@code ("Live cluster", "7.0.12")}. */
    public ClusterDescription(String kind, String serverVersion) {
        this(kind, Optional.of(release(serverVersion)), false);
    }

    /** A cluster whose release is recorded (or not known at all). */
    public ClusterDescription(String kind, Optional<String> serverVersion) {
        this(kind, serverVersion, false);
    }

    /** A cluster whose release the source does not tell, e.g. a config dump. */
    public static ClusterDescription withoutVersion(String kind) {
        return new ClusterDescription(kind, Optional.empty());
    }

    private static String release(String serverVersion) {
        if (serverVersion == null || !parses(serverVersion)) {
            throw new IllegalArgumentException(
                    "serverVersion: expected a MongoDB release such as '8.0', got '" + serverVersion + "'");
        }
        return serverVersion;
    }

    private static boolean parses(String version) {
        try {
            MongoVersion.parse(version);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The status bar text, e.g. {@code "In-memory cluster · MongoDB 8.0"}, {@code "Config dump · MongoDB 4.4
     * (inferred)"}, or just the kind without a version.
     */
    public String label() {
        return serverVersion
                .map(v -> kind + " · MongoDB " + v + (inferred ? " (inferred)" : ""))
                .orElse(kind);
    }
}
