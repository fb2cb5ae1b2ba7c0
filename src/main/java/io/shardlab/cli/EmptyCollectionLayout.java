package io.shardlab.cli;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.HashedSplitPoints;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonInt64;
import org.bson.BsonMinKey;
import org.bson.BsonValue;

/**
 * The chunks {@code shardCollection} creates for an empty collection on MongoDB 8.0, with no zones
 * (mongo {@code src/mongo/db/s/config/initial_split_policy.cpp}, {@code calculateOptimizationStrategy}):
 * a key with a hashed prefix gets one chunk per shard, cut at {@code calculateHashedSplitPoints(n)}
 * ({@code SplitPointsBasedSplitPolicy}, one chunk per shard since 7.2, SERVER-76405), fields after the
 * hashed one set to MinKey in the split points; any other key, including a compound key whose hashed
 * field is not the prefix, gets one chunk [MinKey, MaxKey) on the primary shard
 * ({@code SingleChunkOnPrimarySplitPolicy}).
 *
 * <p>Shards are named {@code shard01}, {@code shard02}, … as in a local test cluster, and the primary
 * shard is {@code shard01}. MongoDB assigns chunk i to the i-th shard of a shuffled shard list
 * ({@code getAllNonDrainingShardIdsShuffled}); here chunk i goes to the i-th shard in name order.
 */
final class EmptyCollectionLayout {

    private EmptyCollectionLayout() {
    }

    /** {@code shard01} for index 0, {@code shard02} for 1, …. */
    static String shardName(int index) {
        return String.format("shard%02d", index + 1);
    }

    /**
     * The initial chunks for {@code pattern} on {@code numShards} shards.
     *
     * @throws IllegalArgumentException when numShards is below 1
     */
    static ChunkMap of(ShardKeyPattern pattern, int numShards) {
        if (numShards < 1) {
            throw new IllegalArgumentException("--shards: a sharded cluster has at least 1 shard, got " + numShards);
        }
        List<String> shards = new ArrayList<>();
        for (int i = 0; i < numShards; i++) {
            shards.add(shardName(i));
        }
        if (!pattern.hasHashedPrefix()) {
            return ChunkMap.single(pattern.arity(), shards.get(0));
        }
        List<ShardKey> splitPoints = new ArrayList<>();
        for (long point : HashedSplitPoints.of(numShards)) {
            BsonValue[] values = new BsonValue[pattern.arity()];
            values[0] = new BsonInt64(point);
            for (int f = 1; f < values.length; f++) {
                values[f] = new BsonMinKey();
            }
            splitPoints.add(ShardKey.of(values));
        }
        return ChunkMap.fromSplitPoints(pattern.arity(), splitPoints, shards, 1);
    }
}
