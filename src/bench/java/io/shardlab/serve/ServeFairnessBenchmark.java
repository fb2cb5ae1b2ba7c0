package io.shardlab.serve;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bson.Document;

/**
 * How long a short command waits while other clients write (issue #28's goal: a long batch holds another
 * client's ping for at most 100 ms): a client pings every 10 ms, one at a time, while
 *
 * <ol>
 *   <li>another client inserts 100,000 documents with one {@code insertMany} (one command: the driver
 *       sends up to {@code maxWriteBatchSize}, 100,000, documents at once);
 *   <li>30 other clients (a class) each insert 20 batches of 1,000 documents at once.
 * </ol>
 *
 * <p>Prints the pings' p50, p99 and maximum round trip during each load, in ms, and the load's wall time, beside the
 * same figures of 3 s of pings with no load just before (the peer) and the ratios of the two.
 * Each scenario runs on a fresh server (8.0, four shards, a collection sharded on a hashed key), once
 * after a warm-up run. Run: {@code mvn -Pbench verify} (execution serve-fairness-benchmark), or this
 * class's main on the test class path.
 */
public final class ServeFairnessBenchmark {

    static final int LONG_BATCH = 100_000;
    static final int STUDENTS = 30;
    static final int STUDENT_BATCHES = 20;
    static final int STUDENT_BATCH = 1_000;
    static final long PING_EVERY_MILLIS = 10;
    /** How long the peer's pings run, with no load, before each load. */
    static final long IDLE_MILLIS = 3_000;
    /** Pings slower than this are listed with when they were sent, in ms. */
    static final long SLOW_PING_MILLIS = 100;

    private ServeFairnessBenchmark() {}

    /** @param args {@code long}, {@code class} or both (the default): the loads to measure */
    public static void main(String[] args) throws Exception {
        List<String> loads = args.length == 0 ? List.of("long", "class") : List.of(args);
        measure("warm-up: one insertMany of 100,000", 1, LONG_BATCH, 1);
        if (loads.contains("long")) {
            measure("one client's insertMany of 100,000 documents", 1, LONG_BATCH, 1);
        }
        if (loads.contains("class")) {
            measure("30 clients, each 20 insertMany of 1,000 documents", STUDENTS, STUDENT_BATCH, STUDENT_BATCHES);
        }
    }

    private static void measure(String title, int writers, int batch, int batches) throws Exception {
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02", "shard03", "shard04"));
        try (MongosServer server = MongosServer.start(
                        new MongosServer.Settings(
                                catalog,
                                "127.0.0.1",
                                0,
                                0,
                                4L << 30,
                                // every client of this run comes from 127.0.0.1
                                ConnectionLimits.DEFAULT.withMaxPerAddress(400)),
                        line -> {});
                MongoClient pinger = client(server)) {
            MongoDatabase admin = pinger.getDatabase("admin");
            admin.runCommand(
                    new Document("shardCollection", "bench.orders").append("key", new Document("user", "hashed")));
            admin.runCommand(new Document("ping", 1));
            List<MongoClient> clients = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                MongoClient c = client(server);
                c.getDatabase("admin").runCommand(new Document("ping", 1));
                clients.add(c);
            }
            // the peer: the same pings with nothing else running, on this machine now
            List<Double> idle = new ArrayList<>();
            long idleUntil = System.nanoTime() + IDLE_MILLIS * 1_000_000;
            while (System.nanoTime() < idleUntil) {
                long begin = System.nanoTime();
                admin.runCommand(new Document("ping", 1));
                idle.add((System.nanoTime() - begin) / 1e6);
                Thread.sleep(PING_EVERY_MILLIS);
            }
            AtomicBoolean loading = new AtomicBoolean(true);
            List<Double> pings = new ArrayList<>();
            List<String> slow = new ArrayList<>();
            long began = System.nanoTime();
            Thread pinging = new Thread(() -> {
                while (loading.get()) {
                    long start = System.nanoTime();
                    admin.runCommand(new Document("ping", 1));
                    double took = (System.nanoTime() - start) / 1e6;
                    pings.add(took);
                    if (took > SLOW_PING_MILLIS) {
                        slow.add(String.format(Locale.ROOT, "%.0f ms at %.1f s", took, (start - began) / 1e9));
                    }
                    try {
                        Thread.sleep(PING_EVERY_MILLIS);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            CountDownLatch done = new CountDownLatch(writers);
            long gcBefore = collectionMillis();
            long start = System.nanoTime();
            pinging.start();
            for (int w = 0; w < writers; w++) {
                MongoCollection<Document> orders =
                        clients.get(w).getDatabase("bench").getCollection("orders");
                int writer = w;
                new Thread(() -> {
                            for (int b = 0; b < batches; b++) {
                                orders.insertMany(documents(writer, b, batch));
                            }
                            done.countDown();
                        })
                        .start();
            }
            done.await();
            double wall = (System.nanoTime() - start) / 1e6;
            long gc = collectionMillis() - gcBefore;
            loading.set(false);
            pinging.join();
            for (MongoClient c : clients) {
                c.close();
            }
            double[] ms = sorted(pings);
            double[] peer = sorted(idle);
            System.out.printf(
                    Locale.ROOT,
                    "%s: %,.0f ms; %d pings meanwhile: p50 %.1f ms, p99 %.1f ms, max %.1f ms; %d pings before, with"
                            + " no load (peer): p50 %.1f ms, p99 %.1f ms, max %.1f ms; ratios p99 %.1f, max %.1f%n",
                    title,
                    wall,
                    ms.length,
                    ms[ms.length / 2],
                    p99(ms),
                    ms[ms.length - 1],
                    peer.length,
                    peer[peer.length / 2],
                    p99(peer),
                    peer[peer.length - 1],
                    p99(ms) / p99(peer),
                    ms[ms.length - 1] / peer[peer.length - 1]);
            System.out.printf(
                    Locale.ROOT,
                    "  %,.0f documents a second; collections stopped the process %,d ms meanwhile; pings over %d ms: %s%n",
                    writers * (double) batch * batches / (wall / 1e3),
                    gc,
                    SLOW_PING_MILLIS,
                    slow.isEmpty() ? "none" : String.join(", ", slow));
        }
    }

    /** The time the JVM's collectors have spent so far, in ms (G1: its pauses). */
    private static long collectionMillis() {
        long ms = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms;
    }

    private static double[] sorted(List<Double> pings) {
        double[] ms = pings.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(ms);
        return ms;
    }

    private static double p99(double[] sorted) {
        return sorted[Math.min(sorted.length - 1, sorted.length * 99 / 100)];
    }

    private static List<Document> documents(int writer, int batch, int size) {
        List<Document> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            out.add(new Document("user", "user" + writer + "-" + batch + "-" + i)
                    .append("amount", i % 997)
                    .append("note", "order " + i));
        }
        return out;
    }

    private static MongoClient client(MongosServer server) {
        return MongoClients.create(server.connectionString() + "?directConnection=true");
    }
}
