package io.shardlab.serve;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.bson.Document;

/**
 * insertMany through the wire (DESIGN.md budget: at least 0.7 × mongo-java-server's plain memory
 * backend, same client, same run): 100,000 documents in batches of 1,000 into a collection sharded on
 * a hashed key, against {@code serve} and against the plain backend; then insertOne latency on both.
 * Each side runs three times after one warm-up run; the best run counts.
 *
 * <p>Run: {@code mvn -Pbench verify} (execution serve-benchmark), or this class's main on the test
 * class path.
 */
public final class ServeInsertBenchmark {

    static final int DOCUMENTS = 100_000;
    static final int BATCH = 1_000;
    static final int SINGLE_INSERTS = 2_000;
    static final int RUNS = 3;

    private ServeInsertBenchmark() {}

    public static void main(String[] args) {
        MongoServer plain = new MongoServer(new MemoryBackend());
        plain.bind("127.0.0.1", 0);
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02", "shard03", "shard04"));
        try (MongosServer shardlab = MongosServer.start(
                        new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, 4L << 30, 100), line -> {});
                MongoClient plainClient =
                        client("mongodb://127.0.0.1:" + plain.getLocalAddress().getPort() + "/");
                MongoClient shardlabClient = client(shardlab.connectionString())) {
            shardlabClient
                    .getDatabase("admin")
                    .runCommand(new Document("shardCollection", "bench.warmup")
                            .append("key", new Document("user", "hashed")));
            insertMany(plainClient.getDatabase("bench").getCollection("warmup"));
            insertMany(shardlabClient.getDatabase("bench").getCollection("warmup"));
            double plainBest = Double.MAX_VALUE;
            double shardlabBest = Double.MAX_VALUE;
            for (int run = 0; run < RUNS; run++) {
                String coll = "orders" + run;
                shardlabClient
                        .getDatabase("admin")
                        .runCommand(new Document("shardCollection", "bench." + coll)
                                .append("key", new Document("user", "hashed")));
                plainBest = Math.min(
                        plainBest, insertMany(plainClient.getDatabase("bench").getCollection(coll)));
                shardlabBest = Math.min(
                        shardlabBest,
                        insertMany(shardlabClient.getDatabase("bench").getCollection(coll)));
            }
            System.out.printf(
                    Locale.ROOT,
                    "insertMany %,d docs in batches of %,d: plain backend %.0f ms (%,.0f docs/s), "
                            + "ShardLab serve %.0f ms (%,.0f docs/s): ratio %.2f (budget >= 0.70)%n",
                    DOCUMENTS,
                    BATCH,
                    plainBest,
                    DOCUMENTS / plainBest * 1000,
                    shardlabBest,
                    DOCUMENTS / shardlabBest * 1000,
                    plainBest / shardlabBest);
            shardlabClient
                    .getDatabase("admin")
                    .runCommand(new Document("shardCollection", "bench.single")
                            .append("key", new Document("user", "hashed")));
            double[] plainLatency = insertOne(plainClient.getDatabase("bench").getCollection("single"));
            double[] shardlabLatency =
                    insertOne(shardlabClient.getDatabase("bench").getCollection("single"));
            System.out.printf(
                    Locale.ROOT,
                    "insertOne latency over %,d inserts: plain p50 %.3f ms p99 %.3f ms, "
                            + "ShardLab p50 %.3f ms p99 %.3f ms%n",
                    SINGLE_INSERTS,
                    plainLatency[0],
                    plainLatency[1],
                    shardlabLatency[0],
                    shardlabLatency[1]);
            System.out.printf(
                    Locale.ROOT,
                    "simulated documents in bench.orders0: %,d%n",
                    catalog.collection("bench.orders0")
                            .orElseThrow()
                            .cluster()
                            .snapshot()
                            .documents());
        } finally {
            plain.shutdownNow();
        }
    }

    private static MongoClient client(String uri) {
        return MongoClients.create(uri + "?directConnection=true");
    }

    /** Inserts {@link #DOCUMENTS} documents; returns the wall time in ms. */
    private static double insertMany(MongoCollection<Document> c) {
        long start = System.nanoTime();
        for (int b = 0; b < DOCUMENTS / BATCH; b++) {
            List<Document> batch = new ArrayList<>(BATCH);
            for (int i = 0; i < BATCH; i++) {
                int n = b * BATCH + i;
                batch.add(new Document("user", "user" + n)
                        .append("amount", n % 997)
                        .append("note", "order " + n));
            }
            c.insertMany(batch);
        }
        return (System.nanoTime() - start) / 1e6;
    }

    /** p50 and p99 of {@link #SINGLE_INSERTS} insertOne calls, in ms. */
    private static double[] insertOne(MongoCollection<Document> c) {
        double[] ms = new double[SINGLE_INSERTS];
        for (int i = 0; i < SINGLE_INSERTS; i++) {
            long start = System.nanoTime();
            c.insertOne(new Document("user", "single" + i).append("amount", i));
            ms[i] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(ms);
        return new double[] {ms[SINGLE_INSERTS / 2], ms[SINGLE_INSERTS * 99 / 100]};
    }
}
