package io.shardlab.workload;

import java.time.Instant;

/**
 * How much of a workload to generate and from which seed.
 *
 * @param docs the number of documents to insert; at least 1. A dataset-backed workload inserts at
 *        most this many (the whole file when it is shorter).
 * @param seed the random seed: the same settings always give the same documents
 * @param start the simulated wall-clock time of the first insert; timestamps, ObjectIds and months
 *        of time-based workloads start here
 */
public record WorkloadSettings(long docs, long seed, Instant start) {

    /** The documents a generated workload inserts when no count is given. */
    public static final long DEFAULT_DOCS = 100_000;

    /** The default start: 2024-01-01T00:00:00Z, a fixed instant so runs are reproducible. */
    public static final Instant DEFAULT_START = Instant.parse("2024-01-01T00:00:00Z");

    public WorkloadSettings {
        if (docs < 1) {
            throw new IllegalArgumentException(String.format(
                    "docs: at least 1 document, got %s", // untranslated: a developer's contract
                    docs));
        }
        if (start == null) {
            throw new IllegalArgumentException("start: required"); // untranslated: a developer's contract
        }
    }

    /** {@code docs} documents from {@code seed}, starting at {@link #DEFAULT_START}. */
    public static WorkloadSettings of(long docs, long seed) {
        return new WorkloadSettings(docs, seed, DEFAULT_START);
    }
}
