package io.shardlab.sim;

import org.bson.BsonDocument;

/**
 * A zone range defined with {@code updateZoneKeyRange} before its collection is sharded (allowed
 * from 4.0.2, docs {@code reference/command/updateZoneKeyRange}): bounds are kept as documents
 * until shardCollection gives them a shard key pattern. A lone cluster keeps its own; a catalog keeps
 * those of every namespace it has not sharded yet, and sets them on the collection's cluster when it
 * shards it ({@link #command()}).
 *
 * @param namespace the collection
 * @param min inclusive lower bound document
 * @param max exclusive upper bound document
 * @param zone the zone name
 */
public record PendingZoneRange(String namespace, BsonDocument min, BsonDocument max, String zone) {

    public PendingZoneRange {
        min = min.clone();
        max = max.clone();
    }

    /** The command that sets this range ({@code sh.updateZoneKeyRange(namespace, min, max, zone)}). */
    public UpdateZoneKeyRange command() {
        return new UpdateZoneKeyRange(namespace, min, max, zone);
    }
}
