package io.shardlab.session;

import io.shardlab.sim.SimulationSnapshot;
import java.util.List;
import java.util.Objects;

/**
 * A sharded collection at a glance, for a small multiple (the class board's tile): the cluster as it is now and
 * the writes per shard of the newest windows only. An {@link ExplorerFrame} holds far more (the heat map, the
 * history, the targeting, every window since the clock started, which grows while a served cluster runs live);
 * forty of them twice a second would fill the heap. Immutable.
 *
 * @param cluster the simulated cluster now: chunks, per-chunk documents and bytes, shards
 * @param writes inserts per shard (rows in {@link #shardIds()} order) in the newest windows
 */
public record CollectionGlance(SimulationSnapshot cluster, WindowedCounts.Snapshot writes) {

    public CollectionGlance {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(writes, "writes");
    }

    /** The shards, in the order of the writes' rows. */
    public List<String> shardIds() {
        return cluster.cluster().shardIds();
    }
}
