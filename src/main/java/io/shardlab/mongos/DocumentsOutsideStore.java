package io.shardlab.mongos;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.InsertBatch;

/**
 * The documents of a sharded collection that its simulated cluster counts but the mongos document store
 * does not keep: an explorer's insert stream, which goes straight to the cluster as shard keys. A command
 * that places every document again under another key ({@code reshardCollection},
 * {@code refineCollectionShardKey}) reads them here as well as from the store, as MongoDB reads every
 * document from the shards.
 */
@FunctionalInterface
public interface DocumentsOutsideStore {

    /**
     * Those documents in insert order, keyed on {@code key} as stored documents are keyed when a
     * collection changes key (a missing field is null, a hashed field hashed), with their BSON sizes.
     *
     * @throws io.shardlab.key.InvalidShardKeyException if a document holds an array on a path of {@code key}
     */
    InsertBatch keyedOn(ShardKeyPattern key);
}
