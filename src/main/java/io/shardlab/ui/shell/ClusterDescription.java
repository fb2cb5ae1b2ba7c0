package io.shardlab.ui.shell;

/**
 * Names the cluster the window is looking at, as the status bar shows it.
 *
 * @param kind what kind of cluster it is, e.g. {@code "In-memory cluster"}
 * @param serverVersion the MongoDB release it behaves like (in memory) or runs (live), e.g. {@code "8.0"}
 */
public record ClusterDescription(String kind, String serverVersion) {

    public ClusterDescription {
        if (kind == null || kind.isBlank()) {
            throw new IllegalArgumentException("kind: must name the cluster kind, got '" + kind + "'");
        }
        if (serverVersion == null || !serverVersion.matches("\\d+\\.\\d+(\\.\\d+)?")) {
            throw new IllegalArgumentException("serverVersion: expected a MongoDB release such as '8.0', got '"
                    + serverVersion + "'");
        }
    }

    /** The status bar text, e.g. {@code "In-memory cluster · MongoDB 8.0"}. */
    public String label() {
        return kind + " · MongoDB " + serverVersion;
    }
}
