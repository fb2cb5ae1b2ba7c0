package io.shardlab.sim;

import io.shardlab.cluster.MongoVersion;
import java.util.SplittableRandom;
import org.bson.BsonDocument;

/**
 * Hand-rolled benchmark of the simulator's insert path and memory (run with {@code mvn -Pbench
 * verify}, which starts it with {@code -Xmx1g}). Budgets (docs/ARCHITECTURE.md): ≥ 2,000,000 inserts/s for an
 * int64 ranged key on 4 shards with 1,000 chunks, ≥ 1,500,000/s for a hashed key, and 10,000,000
 * documents within a 1 GB heap. Keys are random, so every chunk receives inserts; documents are
 * 100 bytes; undo history is off (historyLimit 0) as in a long streaming run.
 */
public final class SimulatorBenchmark {

    private static final String NS = "bench.c";
    private static final int BATCH = 100_000;

    private SimulatorBenchmark() {}

    public static void main(String[] args) {
        long docs = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        System.out.printf("heap max %d MB%n", Runtime.getRuntime().maxMemory() / (1024 * 1024));
        ranged(docs / 5);
        hashed(docs / 5);
        SimulatedCluster big = ranged(docs);
        System.gc();
        long used = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
        System.out.printf(
                "memory: %,d documents held, heap used after GC %d MB (%.1f bytes/document)%n",
                big.snapshot().documents(),
                used / (1024 * 1024),
                used / (double) big.snapshot().documents());
        hashed(docs);
    }

    private static SimulatedCluster cluster(MongoVersion version) {
        SimulatedCluster c = new SimulatedCluster(SimulationConfig.of(version).withHistoryLimit(0, 0));
        for (int i = 1; i <= 4; i++) {
            c.execute(new AddShard("shard0" + i));
        }
        return c;
    }

    private static SimulatedCluster ranged(long docs) {
        SimulatedCluster c = cluster(MongoVersion.V8_0);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        c.execute(new SetBalancerState(false));
        long step = Long.MAX_VALUE / 500;
        for (int i = 1; i < 1000; i++) {
            long point = Long.MIN_VALUE + i * step;
            c.execute(new SplitAt(NS, BsonDocument.parse("{x: {$numberLong: '" + point + "'}}")));
        }
        for (int i = 0; i < 1000; i++) {
            if (i % 4 != 0) {
                long inside = Long.MIN_VALUE + i * step + 1;
                c.execute(new MoveChunk(
                        NS, BsonDocument.parse("{x: {$numberLong: '" + inside + "'}}"), "shard0" + (1 + i % 4), false));
                c.settle(60_000);
            }
        }
        double rate = insert(c, docs, false);
        System.out.printf(
                "int64 ranged key, 4 shards, %d chunks: %,d inserts in total, %,.0f inserts/s%n",
                c.snapshot().cluster().chunks().size(), docs, rate);
        return c;
    }

    private static void hashed(long docs) {
        SimulatedCluster c = cluster(MongoVersion.V8_0);
        c.execute(ShardCollection.of(NS, "{x: 'hashed'}"));
        double rate = insert(c, docs, true);
        System.out.printf(
                "hashed key, 4 shards, %d chunks: %,d inserts, %,.0f inserts/s%n",
                c.snapshot().cluster().chunks().size(), docs, rate);
    }

    private static double insert(SimulatedCluster c, long docs, boolean sequential) {
        SplittableRandom random = new SplittableRandom(1);
        long[] values = new long[BATCH];
        long start = System.nanoTime();
        long next = 0;
        for (long done = 0; done < docs; done += BATCH) {
            int n = (int) Math.min(BATCH, docs - done);
            for (int i = 0; i < n; i++) {
                values[i] = sequential ? next++ : random.nextLong();
            }
            long[] batch = n == BATCH ? values : java.util.Arrays.copyOf(values, n);
            c.insert(NS, InsertBatch.ofInt64(batch, 100));
        }
        return docs / ((System.nanoTime() - start) / 1e9);
    }
}
