package io.shardlab.advisor;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.workload.LandedInserts;
import io.shardlab.workload.SimulationSetup;
import io.shardlab.workload.WriteDistribution;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Replays a sample's keys, in insertion order, into an in-memory cluster: shards {@code shard01 …}
 * added in order, the collection sharded on the candidate key (an empty collection, so the initial
 * chunks are {@code shardCollection}'s), then the documents inserted at a steady pace while
 * simulated time passes, so that auto-splits, balancer rounds and migrations happen as they would
 * (the pace and batching of {@link io.shardlab.workload.WorkloadDriver}: by simulated time t,
 * floor(rate·t) documents; a batch never straddles two windows of the write distribution). Finally
 * migrations still in flight commit.
 *
 * <p>Each document counts with its BSON size times {@link Sample#scale()}, so a sample of a larger
 * collection fills chunks as the whole collection would. Not thread-safe; one replay per thread.
 */
final class LayoutReplay {

    /** Most documents per insert batch. */
    static final int MAX_BATCH = 10_000;

    /** How long the end of a replay waits for migrations in flight, in simulated ms (a day). */
    static final long SETTLE_LIMIT_MILLIS = 24 * 3600 * 1000L;

    /** The replay's outcome. */
    record Outcome(LayoutMetrics layout, WriteDistribution writes) {}

    private LayoutReplay() {}

    /**
     * @param keys the routing keys (hashed fields hashed), in insertion order
     * @param inserted told the number of documents inserted so far, after every batch
     * @throws IllegalArgumentException with MongoDB's text when the cluster refuses the key
     */
    static Outcome replay(
            Sample sample,
            ShardKeyPattern pattern,
            ShardKey[] keys,
            AdvisorSettings settings,
            LongConsumer inserted,
            CancelToken cancel) {
        SimulationConfig config = SimulationConfig.of(settings.version())
                .withSeed(settings.seed())
                .withHistoryLimit(0, 0)
                .withMaxChunkSizeBytes(settings.maxChunkSizeBytes());
        SimulatedCluster cluster = new SimulatedCluster(config);
        SimulationSetup names = SimulationSetup.of(settings.version(), settings.shards());
        for (int i = 1; i <= settings.shards(); i++) {
            cluster.execute(new AddShard(names.shardId(i)));
        }
        String namespace = "replay.sample";
        cluster.execute(new ShardCollection(namespace, pattern, false, false));

        WriteDistribution writes = new WriteDistribution(
                settings.window(), cluster.snapshot().cluster().shardIds());
        LandedInserts landed = new LandedInserts();
        cluster.addListener(landed);
        double scale = sample.scale();
        long start = cluster.now();
        int done = 0;
        int[] sizes = new int[Math.min(MAX_BATCH, settings.window())];
        while (done < keys.length) {
            cancel.throwIfCancelled();
            cluster.advance(SimulatedCluster.INSERT_STEP_MILLIS);
            long due = (long) Math.floor(settings.insertsPerSecond() * (cluster.now() - start) / 1000.0) - done;
            while (due > 0 && done < keys.length) {
                int n = (int)
                        Math.min(Math.min(due, writes.insertsLeftInWindow()), Math.min(MAX_BATCH, keys.length - done));
                if (sizes.length < n) {
                    sizes = new int[n];
                }
                for (int i = 0; i < n; i++) {
                    sizes[i] = scaledSize(sample.documents().bsonSize(done + i), scale);
                }
                landed.reset();
                cluster.insert(
                        namespace,
                        InsertBatch.ofKeys(Arrays.asList(keys).subList(done, done + n), Arrays.copyOf(sizes, n)));
                landed.recordInto(writes, n);
                done += n;
                due -= n;
                inserted.accept(done);
            }
        }
        cluster.settle(SETTLE_LIMIT_MILLIS);
        cluster.removeListener(landed);
        return new Outcome(metrics(cluster.snapshot()), writes);
    }

    static int scaledSize(int bsonSize, double scale) {
        return (int) Math.max(5, Math.min(Integer.MAX_VALUE, Math.round(bsonSize * scale)));
    }

    private static LayoutMetrics metrics(SimulationSnapshot s) {
        Map<String, Long> docs = new LinkedHashMap<>();
        long total = 0;
        int jumbo = 0;
        for (ChunkStatistics c : s.chunkStatistics()) {
            Chunk chunk = c.chunk();
            docs.merge(chunk.shard(), c.documents(), Long::sum);
            total += c.documents();
            jumbo += chunk.jumbo() ? 1 : 0;
        }
        long max = docs.values().stream().mapToLong(Long::longValue).max().orElse(0);
        double share = total == 0 ? 0 : (double) max / total;
        return new LayoutMetrics(s.cluster().chunks().size(), jumbo, share, s.cluster(), s.chunkStatistics());
    }
}
