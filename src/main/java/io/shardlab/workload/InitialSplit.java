package io.shardlab.workload;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.SetBalancerState;
import io.shardlab.sim.SimulatedCluster;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

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

    /**
     * Lays {@code points} out on {@code cluster} as a DBA does by hand: the balancer stopped, a split at every
     * point, chunk {@code i} moved to the {@link #shardIndexOfChunk i mod n}-th shard one migration at a time
     * (each let commit within {@code settleLimitMillis} of simulated time), the balancer started again. With
     * the balancer stopped nothing else changes the chunks meanwhile, so the chunk list read after the splits
     * stays the list the moves walk.
     *
     * @param splitAt the split command at a point, in the form the caller's release and client use
     * @param move the move of a chunk to a shard in that form; null where the chunks cannot be moved (they
     *     stay where the splits leave them)
     * @throws io.shardlab.sim.CommandFailedException with MongoDB's text when the cluster refuses a command
     */
    public static void layOut(
            SimulatedCluster cluster,
            List<ShardKey> points,
            Function<ShardKey, ClusterCommand> splitAt,
            BiFunction<Chunk, String, ClusterCommand> move,
            long settleLimitMillis) {
        cluster.execute(new SetBalancerState(false));
        for (ShardKey point : points) {
            cluster.execute(splitAt.apply(point));
        }
        if (move != null) {
            List<String> shards = cluster.snapshot().cluster().shardIds();
            ChunkMap chunks = cluster.snapshot().cluster().chunks();
            for (int i = 0; i < chunks.size(); i++) {
                Chunk chunk = chunks.get(i);
                String target = shards.get(shardIndexOfChunk(i, shards.size()));
                if (!chunk.shard().equals(target)) {
                    cluster.execute(move.apply(chunk, target));
                    cluster.settle(settleLimitMillis);
                }
            }
        }
        cluster.execute(new SetBalancerState(true));
    }
}
