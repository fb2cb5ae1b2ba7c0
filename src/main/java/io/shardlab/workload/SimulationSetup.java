package io.shardlab.workload;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;

/**
 * How a workload simulation is set up: the cluster and the pace of the inserts.
 *
 * @param version the MongoDB version whose rules apply
 * @param shards number of shards, 1 to {@value #MAX_SHARDS}; named {@code shard01}, {@code shard02}, …
 * @param maxChunkSizeBytes the maximum chunk size in bytes; 0 for the version's default
 * @param seed seed of the simulation's own random choices
 * @param window inserts per window of the write distribution, at least 1
 * @param insertsPerSecond the pace of the inserts in simulated time, positive
 * @param docSize the size every document counts as at least, in bytes; 0 for the real size
 */
public record SimulationSetup(
        MongoVersion version,
        int shards,
        long maxChunkSizeBytes,
        long seed,
        int window,
        double insertsPerSecond,
        int docSize) {

    /** The most shards a simulated cluster may have. */
    public static final int MAX_SHARDS = 1000;
    /** The default window: 1,000 inserts. */
    public static final int DEFAULT_WINDOW = 1000;

    public SimulationSetup {
        if (version == null) {
            throw new IllegalArgumentException(
                    "version: required"); // untranslated: a developer's contract (CLI, lessons)
        }
        if (shards < 1 || shards > MAX_SHARDS) {
            throw new IllegalArgumentException(
                    "shards: 1 to " + MAX_SHARDS + ", got " + shards); // untranslated: a developer's contract (bounds)
        }
        if (maxChunkSizeBytes < 0) {
            throw new IllegalArgumentException("maxChunkSizeBytes < 0: "
                    + maxChunkSizeBytes); // untranslated: a developer's contract (SourceLayout.chunkSize, OptionBounds)
        }
        checkPace(window, insertsPerSecond);
        if (docSize < 0) {
            throw new IllegalArgumentException(
                    "docSize < 0: " + docSize); // untranslated: a developer's contract (OptionBounds.DOC_SIZE)
        }
    }

    /**
     * Checks the pace of the inserts, for this setup and for the {@link WorkloadDriver} it drives.
     *
     * @throws IllegalArgumentException if {@code window} is below 1 or {@code insertsPerSecond} is not a positive
     *     finite number
     */
    static void checkPace(int window, double insertsPerSecond) {
        if (window < 1) {
            throw new IllegalArgumentException(
                    "window: at least 1, got " + window); // untranslated: a developer's contract (OptionBounds)
        }
        if (!(insertsPerSecond > 0) || Double.isInfinite(insertsPerSecond)) {
            throw new IllegalArgumentException(
                    "pace <= 0: " + insertsPerSecond); // untranslated: a developer's contract (OptionBounds)
        }
    }

    /** Defaults for {@code version} and {@code shards}: default chunk size, seed 1, window 1000, 1000 inserts/s. */
    public static SimulationSetup of(MongoVersion version, int shards) {
        return new SimulationSetup(version, shards, 0, 1, DEFAULT_WINDOW, WorkloadDriver.DEFAULT_INSERTS_PER_SECOND, 0);
    }

    public SimulationSetup withChunkSizeMegabytes(int megabytes) {
        return new SimulationSetup(version, shards, megabytes * 1024L * 1024L, seed, window, insertsPerSecond, docSize);
    }

    public SimulationSetup withSeed(long s) {
        return new SimulationSetup(version, shards, maxChunkSizeBytes, s, window, insertsPerSecond, docSize);
    }

    public SimulationSetup withWindow(int w) {
        return new SimulationSetup(version, shards, maxChunkSizeBytes, seed, w, insertsPerSecond, docSize);
    }

    public SimulationSetup withInsertsPerSecond(double rate) {
        return new SimulationSetup(version, shards, maxChunkSizeBytes, seed, window, rate, docSize);
    }

    public SimulationSetup withDocSize(int bytes) {
        return new SimulationSetup(version, shards, maxChunkSizeBytes, seed, window, insertsPerSecond, bytes);
    }

    /** The id of shard {@code i} (1-based): {@code shard01} …, zero-padded to at least two digits. */
    public String shardId(int i) {
        return Shard.newClusterId(i, shards);
    }
}
