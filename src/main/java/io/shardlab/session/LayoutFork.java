package io.shardlab.session;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.LoadLayout;
import java.util.Objects;

/**
 * A layout read from outside the simulator (a live cluster, a snapshot file, a config dump), to be
 * copied into the explorer's in-memory cluster for "what if" experiments: the shards, chunks, zones and,
 * where the source knew them, per-chunk documents and bytes ({@link LoadLayout}), with the rules and
 * chunk size to simulate it under. Immutable: it crosses from the JavaFX thread to the simulation
 * thread.
 *
 * @param load the layout and what each chunk holds (empty contents when unknown)
 * @param version the MongoDB release whose rules apply: the source's (4.0 or later)
 * @param chunkSizeBytes the maximum chunk size, in bytes, from the source, or 0 for the version's default
 * @param origin where the layout came from, for the title, e.g. {@code "orders.snapshot.json"}
 */
public record LayoutFork(LoadLayout load, MongoVersion version, long chunkSizeBytes, String origin) {

    public LayoutFork {
        Objects.requireNonNull(load, "load");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(origin, "origin");
        version.modelledLine(); // refuses versions before 4.0
        if (chunkSizeBytes < 0) {
            throw new IllegalArgumentException(
                    "chunkSizeBytes: 0 or more, got " + chunkSizeBytes); // untranslated: a developer's contract
        }
    }

    /** The namespace of the forked collection. */
    public String namespace() {
        return load.layout().namespace();
    }
}
