package io.shardlab.ui.shell;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.text.Message;
import java.util.Objects;
import java.util.Optional;

/**
 * Names the cluster the window is looking at, as the status bar shows it.
 *
 * @param kind what kind of cluster it is, in words of the {@code window} bundle: {@link #IN_MEMORY},
 *        {@link #LIVE}, {@link #SNAPSHOT}, {@link #CONFIG_DUMP}, {@link #TWO_IN_MEMORY}
 * @param serverVersion the MongoDB release it behaves like (in memory) or runs (live), e.g. {@code "8.0"} or
 *        {@code "7.0.12"}; empty when the source does not say
 * @param inferred whether the release is ShardLab's inference from the metadata (or its default) rather than
 *        what the server or a recording said
 */
public record ClusterDescription(Message kind, Optional<String> serverVersion, boolean inferred) {

    /** ShardLab's simulated cluster. */
    public static final Message IN_MEMORY = Message.of("window.cluster.inMemory");

    /** The two simulated clusters of a side-by-side comparison. */
    public static final Message TWO_IN_MEMORY = Message.of("window.cluster.twoInMemory");

    /** A real cluster read through a connection. */
    public static final Message LIVE = Message.of("window.cluster.live");

    /** A snapshot file. */
    public static final Message SNAPSHOT = Message.of("window.cluster.snapshot");

    /** A dump of a config database. */
    public static final Message CONFIG_DUMP = Message.of("window.cluster.configDump");

    public ClusterDescription {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(serverVersion, "serverVersion");
        serverVersion.ifPresent(ClusterDescription::release);
    }

    /** A cluster of a kind worded already, said as it is in every language (a part that does not say messages). */
    public ClusterDescription(String kind, Optional<String> serverVersion, boolean inferred) {
        this(said(kind), serverVersion, inferred);
    }

    /** A cluster of a known release, e.g. {@code (LIVE, "7.0.12")}. */
    public ClusterDescription(Message kind, String serverVersion) {
        this(kind, Optional.of(release(serverVersion)), false);
    }

    /** A cluster of a known release whose kind is worded already. */
    public ClusterDescription(String kind, String serverVersion) {
        this(said(kind), serverVersion);
    }

    /** A cluster whose release is recorded (or not known at all). */
    public ClusterDescription(Message kind, Optional<String> serverVersion) {
        this(kind, serverVersion, false);
    }

    /** A cluster whose release is recorded (or not known at all), its kind worded already. */
    public ClusterDescription(String kind, Optional<String> serverVersion) {
        this(said(kind), serverVersion, false);
    }

    /** A cluster whose release the source does not tell, e.g. a config dump. */
    public static ClusterDescription withoutVersion(Message kind) {
        return new ClusterDescription(kind, Optional.empty());
    }

    /** A cluster whose release the source does not tell, its kind worded already. */
    public static ClusterDescription withoutVersion(String kind) {
        return new ClusterDescription(said(kind), Optional.empty());
    }

    private static Message said(String kind) {
        if (kind == null || kind.isBlank()) {
            throw new IllegalArgumentException(
                    "kind: must name the cluster kind, got '" + kind + "'"); // untranslated: a developer's contract
        }
        return Message.of("window.said", kind);
    }

    private static String release(String serverVersion) {
        if (serverVersion == null || !parses(serverVersion)) {
            throw new IllegalArgumentException(String.format(
                    "serverVersion: expected a MongoDB release such as '8.0', got '%s'", // untranslated: a contract
                    serverVersion));
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
    public Message label() {
        return serverVersion
                .map(v -> Message.of(inferred ? "window.cluster.inferred" : "window.cluster.release", kind, v))
                .orElse(kind);
    }
}
