package io.shardlab.sim;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;

/**
 * How a simulation is set up. Immutable; build with {@link #of(MongoVersion)} and the {@code with…}
 * methods.
 *
 * @param version the MongoDB version whose rules apply
 * @param maxChunkSizeBytes the maximum chunk size ({@code config.settings chunksize}); 0 means the
 *     version's default ({@link ReleaseRules#defaultChunkSizeBytes()})
 * @param seed seed of every random choice, so a simulation replays exactly
 * @param migrationBytesPerSecond how fast a migration copies data; its duration is bytes / this
 * @param migrationOverheadMillis fixed cost of every migration (critical section, commit, refresh)
 * @param historyLimit most undoable history entries kept (older ones are forgotten)
 * @param historyDocumentLimit most inserted documents whose undo data is kept across the history
 * @param checkInvariants check the chunk/document invariants after every change (tests); costs time
 */
public record SimulationConfig(
        MongoVersion version,
        long maxChunkSizeBytes,
        long seed,
        long migrationBytesPerSecond,
        long migrationOverheadMillis,
        int historyLimit,
        long historyDocumentLimit,
        boolean checkInvariants) {

    /**
     * Default copy speed of a migration: 32 MiB/s. ShardLab's own figure (a real migration's speed
     * depends on hardware, secondaryThrottle and write concern), chosen so a full 128 MB chunk moves
     * in a few seconds as in a small production cluster.
     */
    public static final long DEFAULT_MIGRATION_BYTES_PER_SECOND = 32L * 1024 * 1024;

    public SimulationConfig {
        if (version == null) {
            throw new IllegalArgumentException("version: required");
        }
        version.modelledLine(); // refuses versions before 4.0
        if (maxChunkSizeBytes < 0) {
            throw new IllegalArgumentException("maxChunkSizeBytes: must not be negative, got " + maxChunkSizeBytes);
        }
        if (migrationBytesPerSecond <= 0) {
            throw new IllegalArgumentException(
                    "migrationBytesPerSecond: must be positive, got " + migrationBytesPerSecond);
        }
        if (migrationOverheadMillis < 0 || historyLimit < 0 || historyDocumentLimit < 0) {
            throw new IllegalArgumentException(
                    "migrationOverheadMillis/historyLimit/historyDocumentLimit: must not be " + "negative");
        }
    }

    /** Defaults for {@code version}: its default chunk size, seed 1, 32 MiB/s migrations, 500 undo entries. */
    public static SimulationConfig of(MongoVersion version) {
        return new SimulationConfig(version, 0, 1, DEFAULT_MIGRATION_BYTES_PER_SECOND, 100, 500, 2_000_000, false);
    }

    /** The effective maximum chunk size in bytes. */
    public long effectiveMaxChunkSizeBytes() {
        return maxChunkSizeBytes > 0
                ? maxChunkSizeBytes
                : ReleaseRules.of(version).defaultChunkSizeBytes();
    }

    public SimulationConfig withMaxChunkSizeBytes(long bytes) {
        return new SimulationConfig(
                version,
                bytes,
                seed,
                migrationBytesPerSecond,
                migrationOverheadMillis,
                historyLimit,
                historyDocumentLimit,
                checkInvariants);
    }

    public SimulationConfig withSeed(long s) {
        return new SimulationConfig(
                version,
                maxChunkSizeBytes,
                s,
                migrationBytesPerSecond,
                migrationOverheadMillis,
                historyLimit,
                historyDocumentLimit,
                checkInvariants);
    }

    public SimulationConfig withMigrationBytesPerSecond(long bytesPerSecond) {
        return new SimulationConfig(
                version,
                maxChunkSizeBytes,
                seed,
                bytesPerSecond,
                migrationOverheadMillis,
                historyLimit,
                historyDocumentLimit,
                checkInvariants);
    }

    public SimulationConfig withMigrationOverheadMillis(long millis) {
        return new SimulationConfig(
                version,
                maxChunkSizeBytes,
                seed,
                migrationBytesPerSecond,
                millis,
                historyLimit,
                historyDocumentLimit,
                checkInvariants);
    }

    public SimulationConfig withHistoryLimit(int entries, long documents) {
        return new SimulationConfig(
                version,
                maxChunkSizeBytes,
                seed,
                migrationBytesPerSecond,
                migrationOverheadMillis,
                entries,
                documents,
                checkInvariants);
    }

    public SimulationConfig withInvariantChecks(boolean check) {
        return new SimulationConfig(
                version,
                maxChunkSizeBytes,
                seed,
                migrationBytesPerSecond,
                migrationOverheadMillis,
                historyLimit,
                historyDocumentLimit,
                check);
    }
}
