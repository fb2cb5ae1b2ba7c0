package io.shardlab.workload;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.List;

/**
 * A pre-split layout for an empty collection: split the single initial chunk at every point, then
 * move the chunks round-robin, chunk {@code i} (in key order) to the {@code i mod n}-th shard in id
 * order, as a DBA does by hand with {@code split} and {@code moveRange} while the balancer is
 * stopped (the seed material's "pre-split the chunks … and migrate the chunks manually").
 *
 * @param key the shard key the points belong to; the layout applies only to this key
 * @param splitPoints strictly increasing, none equal to MinKey or MaxKey
 */
public record InitialSplit(ShardKeyPattern key, List<ShardKey> splitPoints) {

    public InitialSplit {
        if (key == null) {
            throw new IllegalArgumentException("key: required");
        }
        splitPoints = List.copyOf(splitPoints);
        for (int i = 0; i < splitPoints.size(); i++) {
            ShardKey point = splitPoints.get(i);
            if (point.arity() != key.arity()) {
                throw new IllegalArgumentException("splitPoints: " + point + " has " + point.arity()
                        + " fields but the key " + key + " has " + key.arity());
            }
            if (i > 0 && splitPoints.get(i - 1).compareTo(point) >= 0) {
                throw new IllegalArgumentException("splitPoints: not increasing at " + point);
            }
        }
    }

    /** The shard, by its index in id order among {@code shardCount} shards, that chunk {@code i} goes to. */
    public static int shardIndexOfChunk(int chunkIndex, int shardCount) {
        return chunkIndex % shardCount;
    }
}
