package io.shardlab.advisor;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ReleaseRules;
import io.shardlab.workload.SimulationSetup;
import io.shardlab.workload.WorkloadDriver;

/**
 * The cluster a sample is replayed into and judged against. Immutable; start from {@link #of}.
 *
 * @param version the MongoDB version whose rules apply (splitting, balancing, routing)
 * @param shards number of shards, 1 to {@value SimulationSetup#MAX_SHARDS}
 * @param maxChunkSizeBytes the maximum chunk size, in bytes; MongoDB accepts 1 to 1024 MB
 * @param seed seed of the simulation's random choices
 * @param window inserts per window of the write distribution (meanMaxWriteShare)
 * @param insertsPerSecond the replay's pace in simulated time
 */
public record AdvisorSettings(
        MongoVersion version, int shards, long maxChunkSizeBytes, long seed, int window, double insertsPerSecond) {

    /** 1 MB, MongoDB's smallest chunk size. */
    public static final long MEGABYTE = 1024L * 1024L;

    public AdvisorSettings {
        if (version == null) {
            throw new IllegalArgumentException(
                    "version: required"); // untranslated: a developer's contract (OptionBounds, the advisor's spinners)
        }
        version.modelledLine(); // refuses versions before 4.0
        if (shards < 1 || shards > SimulationSetup.MAX_SHARDS) {
            throw new IllegalArgumentException(String.format(
                    "shards: between 1 and %s, got %s", // untranslated: a developer's contract
                    SimulationSetup.MAX_SHARDS, shards));
        }
        // config.settings {_id: "chunksize", value} accepts 1 to 1024 MB (mongo balancer_configuration.cpp)
        if (maxChunkSizeBytes < MEGABYTE || maxChunkSizeBytes > 1024 * MEGABYTE) {
            throw new IllegalArgumentException(String.format(
                    "maxChunkSizeBytes: between 1 and 1024 MB, got %s bytes", // untranslated: a developer's contract
                    maxChunkSizeBytes));
        }
        if (window < 1) {
            throw new IllegalArgumentException(String.format(
                    "window: at least 1 insert per window, got %s", // untranslated: a developer's contract
                    window));
        }
        if (!(insertsPerSecond > 0) || Double.isInfinite(insertsPerSecond)) {
            throw new IllegalArgumentException(String.format(
                    "insertsPerSecond: must be positive, got %s", // untranslated: a developer's contract
                    insertsPerSecond));
        }
    }

    /**
     * {@code shards} shards of {@code version} with its default chunk size (64 MB before 6.0, 128 MB
     * from 6.0), seed 1, windows of {@value SimulationSetup#DEFAULT_WINDOW} inserts, 1,000 inserts
     * per simulated second.
     */
    public static AdvisorSettings of(MongoVersion version, int shards) {
        return new AdvisorSettings(
                version,
                shards,
                ReleaseRules.of(version).defaultChunkSizeBytes(),
                1,
                SimulationSetup.DEFAULT_WINDOW,
                WorkloadDriver.DEFAULT_INSERTS_PER_SECOND);
    }

    public AdvisorSettings withChunkSizeMegabytes(int megabytes) {
        return new AdvisorSettings(version, shards, megabytes * MEGABYTE, seed, window, insertsPerSecond);
    }

    public AdvisorSettings withSeed(long s) {
        return new AdvisorSettings(version, shards, maxChunkSizeBytes, s, window, insertsPerSecond);
    }

    public AdvisorSettings withWindow(int w) {
        return new AdvisorSettings(version, shards, maxChunkSizeBytes, seed, w, insertsPerSecond);
    }

    public AdvisorSettings withInsertsPerSecond(double rate) {
        return new AdvisorSettings(version, shards, maxChunkSizeBytes, seed, window, rate);
    }

    /** The chunk size in whole megabytes, as {@code config.settings} stores it. */
    public long chunkSizeMegabytes() {
        return maxChunkSizeBytes / MEGABYTE;
    }
}
