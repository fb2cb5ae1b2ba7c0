package io.shardlab.workload;

import io.shardlab.cluster.Chunk;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.SetBalancerState;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SplitAt;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

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
            throw new IllegalArgumentException("key: required"); // untranslated: a developer's contract
        }
        splitPoints = List.copyOf(splitPoints);
        for (int i = 0; i < splitPoints.size(); i++) {
            ShardKey point = splitPoints.get(i);
            if (point.arity() != key.arity()) {
                throw new IllegalArgumentException(String.format(
                        "splitPoints: %s has %s fields but the key %s has %s", // untranslated: a developer's contract
                        point, point.arity(), key, key.arity()));
            }
            if (i > 0 && splitPoints.get(i - 1).compareTo(point) >= 0) {
                throw new IllegalArgumentException(
                        "splitPoints: not increasing at " + point); // untranslated: a developer's contract
            }
        }
    }

    /** The shard, by its index in id order among {@code shardCount} shards, that chunk {@code i} goes to. */
    public static int shardIndexOfChunk(int chunkIndex, int shardCount) {
        return chunkIndex % shardCount;
    }

    /**
     * Lays the pre-split out on {@code cluster}'s empty collection {@code namespace} as a DBA does by
     * hand: stop the balancer, split at every point, move chunk {@code i} to the {@link #shardIndexOfChunk}-th
     * shard, one migration at a time (each given {@code settleLimitMillis} of simulated time to commit),
     * start the balancer again.
     *
     * @param move the release's command that moves a chunk to a shard; empty when the release cannot move a
     *     chunk of this key (the chunks then stay where the splits left them)
     * @throws io.shardlab.sim.CommandFailedException when the cluster refuses a split or a move
     */
    public void layOut(
            SimulatedCluster cluster,
            String namespace,
            Optional<BiFunction<Chunk, String, ClusterCommand>> move,
            long settleLimitMillis) {
        cluster.execute(new SetBalancerState(false));
        for (ShardKey point : splitPoints) {
            cluster.execute(new SplitAt(namespace, point.toDocument(key)));
        }
        if (move.isPresent()) {
            List<String> shards = cluster.snapshot().cluster().shardIds();
            for (int i = 0; i < cluster.chunks().size(); i++) {
                Chunk chunk = cluster.chunks().get(i);
                String target = shards.get(shardIndexOfChunk(i, shards.size()));
                if (!chunk.shard().equals(target)) {
                    cluster.execute(move.get().apply(chunk, target));
                    cluster.settle(settleLimitMillis);
                }
            }
        }
        cluster.execute(new SetBalancerState(true));
    }
}
