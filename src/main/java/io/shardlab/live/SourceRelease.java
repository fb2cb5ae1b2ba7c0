package io.shardlab.live;

import io.shardlab.cluster.MongoVersion;
import java.util.Objects;

/**
 * The MongoDB release a source's metadata came from, and how ShardLab knows it: what the simulator
 * applies to a layout read from that source unless the user names another release.
 *
 * @param version the release (exact when a server, snapshot or dump recorded it; a release line when
 *     inferred)
 * @param basis how it was found
 * @param evidence what it was found from, one line, e.g. {@code "the server reports 7.0.12"} or
 *     {@code "config.chunks keyed by ns and 'dropped' in config.collections mean 4.0 to 4.4"}
 */
public record SourceRelease(MongoVersion version, Basis basis, String evidence) {

    /** How the release was found, most reliable first. */
    public enum Basis {
        /** The server answered {@code buildInfo}. */
        SERVER,
        /** A snapshot recorded the server it was captured from, or the release it was simulated with. */
        SNAPSHOT,
        /** A mongodump archive's prelude recorded {@code server_version}. */
        DUMP,
        /** {@code config.mongos} recorded each router's {@code mongoVersion}. */
        ROUTERS,
        /** Inferred from the metadata's shape (which fields MongoDB writes in which release). */
        INFERRED,
        /** Nothing told: ShardLab's default release. */
        ASSUMED
    }

    public SourceRelease {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(basis, "basis");
        Objects.requireNonNull(evidence, "evidence");
    }

    /** Whether the release is a guess (inferred or assumed) rather than recorded. */
    public boolean guessed() {
        return basis == Basis.INFERRED || basis == Basis.ASSUMED;
    }

    /**
     * One line for notes and reports: {@code "MongoDB 4.4 rules, inferred: config.chunks keyed by ns …"},
     * with the nearest-lower-line note for a version ShardLab does not know.
     */
    public String note() {
        String how = switch (basis) {
            case INFERRED -> ", inferred: ";
            case ASSUMED -> ", assumed: ";
            default -> ": ";
        };
        return "MongoDB " + version + " rules" + how + evidence
                + version.modellingNote().map(n -> " (" + n + ")").orElse("");
    }
}
