package io.shardlab.serve;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.session.CommandLane;
import io.shardlab.sim.SimulationConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.Document;

/**
 * How long a client's ping waits while the served cluster saves its data file ({@code serve --data-file}, File → Save
 * cluster; issue #28's goal: a save holds another client's short command for at most 100 ms). A served 8.0 cluster
 * (two shards, a collection sharded on {@code n}) keeps 300,000 documents of about 100 BSON bytes; a client pings
 * through the wire every 10 ms, one at a time,
 *
 * <ol>
 *   <li>for 3 s with no save (the peer: what a ping costs on this machine now), then
 *   <li>while 5 saves run one after another (each atomically to a temporary file).
 * </ol>
 *
 * <p>Prints each phase's pings (p50, p99 and maximum round trip, ms), the saves' wall time, and the ratios of the
 * saving phase's figures to the idle phase's and of the longest ping to a save. Run: {@code mvn -Pbench verify}
 * (execution data-file-save-benchmark), or this class's main on the test class path.
 */
public final class DataFileSaveBenchmark {

    static final int DOCUMENTS = 300_000;
    static final int SAVES = 5;
    static final long PING_EVERY_MILLIS = 10;
    static final long IDLE_MILLIS = 3_000;

    private DataFileSaveBenchmark() {}

    public static void main(String[] args) throws Exception {
        ShardedCatalog catalog =
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02"));
        MongosServer.InProcess mongos =
                new MongosServer.InProcess(catalog, "localhost:27017", 4L << 30, 10, line -> {}, CommandLane.DIRECT);
        MongosCommands commands = mongos.commands();
        commands.run("admin", BsonDocument.parse("{shardCollection: 'bench.orders', key: {n: 1}}"));
        for (int from = 0; from < DOCUMENTS; from += 10_000) {
            BsonArray batch = new BsonArray();
            for (int i = from; i < from + 10_000; i++) {
                batch.add(new BsonDocument("n", new BsonInt32(i))
                        .append("customer", new BsonString("customer-" + (i % 5_000)))
                        .append("note", new BsonString("order number " + i + " of the benchmark")));
            }
            commands.run("bench", new BsonDocument("insert", new BsonString("orders")).append("documents", batch));
        }
        Path folder = Files.createTempDirectory("shardlab-save-bench");
        Path file = folder.resolve("cluster.data");
        try (MongosServer server = MongosServer.listen(mongos, "127.0.0.1", 0, 0);
                MongoClient pinger = MongoClients.create(server.connectionString() + "?directConnection=true")) {
            MongoDatabase admin = pinger.getDatabase("admin");
            admin.runCommand(new Document("ping", 1));
            // warm-up: a save and pings, so that neither phase pays for class loading and compilation
            mongos.saveTo(file);
            pings(admin, () -> sleep(1_000));
            double[] idle = pings(admin, () -> sleep(IDLE_MILLIS));
            double[] saveMillis = new double[SAVES];
            double[] saving = pings(admin, () -> {
                for (int s = 0; s < SAVES; s++) {
                    long start = System.nanoTime();
                    mongos.saveTo(file);
                    saveMillis[s] = (System.nanoTime() - start) / 1e6;
                }
            });
            System.out.printf(Locale.ROOT, "data file of %,d documents (%,d bytes)%n", DOCUMENTS, Files.size(file));
            print("no save (peer)", idle);
            print(SAVES + " saves", saving);
            Arrays.sort(saveMillis);
            System.out.printf(
                    Locale.ROOT,
                    "saves: median %.0f ms, max %.0f ms%n",
                    saveMillis[saveMillis.length / 2],
                    saveMillis[saveMillis.length - 1]);
            System.out.printf(
                    Locale.ROOT,
                    "ratios: ping p99 saving / idle %.1f, max saving / idle %.1f, max ping / median save %.2f%n",
                    p99(saving) / p99(idle),
                    max(saving) / max(idle),
                    max(saving) / saveMillis[saveMillis.length / 2]);
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(folder);
        }
    }

    /** Round trips of pings every {@link #PING_EVERY_MILLIS} ms while {@code load} runs, in ms, sorted. */
    private static double[] pings(MongoDatabase admin, Runnable load) throws InterruptedException {
        AtomicBoolean loading = new AtomicBoolean(true);
        List<Double> pings = new ArrayList<>();
        Thread pinging = new Thread(() -> {
            while (loading.get()) {
                long start = System.nanoTime();
                admin.runCommand(new Document("ping", 1));
                pings.add((System.nanoTime() - start) / 1e6);
                sleep(PING_EVERY_MILLIS);
            }
        });
        pinging.start();
        load.run();
        loading.set(false);
        pinging.join();
        double[] ms = pings.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(ms);
        return ms;
    }

    private static void print(String phase, double[] ms) {
        System.out.printf(
                Locale.ROOT,
                "%s: %d pings: p50 %.1f ms, p99 %.1f ms, max %.1f ms%n",
                phase,
                ms.length,
                ms[ms.length / 2],
                p99(ms),
                max(ms));
    }

    private static double p99(double[] sorted) {
        return sorted[Math.min(sorted.length - 1, sorted.length * 99 / 100)];
    }

    private static double max(double[] sorted) {
        return sorted[sorted.length - 1];
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
