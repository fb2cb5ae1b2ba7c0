package io.shardlab.cli;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.InitialChunks;

/**
 * The chunks {@code shardCollection} creates for an empty collection on MongoDB 8.0, with no zones, as
 * the simulator makes them ({@link InitialChunks#inShardIdOrder}): a key with a hashed prefix gets one
 * chunk per shard at the hashed split points, any other key one chunk [MinKey, MaxKey) on the primary
 * shard.
 *
 * <p>Shards are named {@code shard01}, {@code shard02}, … as in a local test cluster, and the primary
 * shard is {@code shard01}. MongoDB assigns chunk i to the i-th shard of a shuffled shard list
 * ({@code getAllNonDrainingShardIdsShuffled}); here chunk i goes to the i-th shard in name order, so a
 * diagram or an explanation needs no seed.
 */
final class EmptyCollectionLayout {

    private EmptyCollectionLayout() {}

    /**
     * The initial chunks for {@code pattern} on {@code numShards} shards.
     *
     * @throws IllegalArgumentException when numShards is below 1
     */
    static ChunkMap of(ShardKeyPattern pattern, int numShards) {
        if (numShards < 1) {
            throw new IllegalArgumentException( // OptionBounds.SHARDS refuses a bad --shards first
                    "--shards: a sharded cluster has at least 1 shard, got " // untranslated: a caller's contract
                            + numShards);
        }
        return InitialChunks.inShardIdOrder(MongoVersion.V8_0, pattern, Shard.newClusterIds(numShards));
    }
}
