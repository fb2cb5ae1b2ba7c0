package io.shardlab.serve;

import com.sun.management.GarbageCollectionNotificationInfo;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.netty.channel.embedded.EmbeddedChannel;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.types.ObjectId;

/**
 * What kept client documents cost the heap and the garbage collector: {@value #DOCUMENTS} documents of the
 * explorer benchmark's shape ({@code _id}, {@code userId}, {@code text}) written by insert commands of
 * {@value #BATCH} into a hashed collection, in process (no wire, no window), once into ShardLab's mongos and
 * once into mongo-java-server's plain memory backend. Reports the heap in use after a full collection per
 * document and the young pauses during the writes; run it with {@code -Xlog:gc*} for the collector's CPU
 * time of each pause, which a loaded machine changes less than the wall time.
 *
 * <p>Run: {@code mvn -o -Pbench test-compile exec:exec@kept-documents-benchmark}.
 */
public final class KeptDocumentsBenchmark {

    static final int DOCUMENTS = 1_000_000;
    static final int BATCH = 1_000;

    private KeptDocumentsBenchmark() {}

    public static void main(String[] args) {
        String side = args.length > 0 ? args[0] : "both";
        if (!side.equals("plain")) {
            ShardedCatalog catalog = new ShardedCatalog(
                    SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02", "shard03", "shard04"));
            MongosCommands mongos = MongosServer.inProcess(catalog, 4L << 30, line -> {});
            mongos.run(
                    "admin",
                    new BsonDocument("shardCollection", new BsonString("bench.inbox"))
                            .append("key", new BsonDocument("userId", new BsonString("hashed"))));
            measure("ShardLab mongos", batch -> mongos.run("bench", batch), () -> mongos);
        }
        if (!side.equals("shardlab")) {
            MemoryBackend plain = new MemoryBackend();
            EmbeddedChannel channel = new EmbeddedChannel();
            measure(
                    "plain memory backend",
                    batch -> plain.handleCommand(channel, "bench", "insert", WireDocuments.fromBson(batch)),
                    () -> plain);
        }
    }

    private static void measure(String name, Consumer<BsonDocument> insert, java.util.function.Supplier<?> keep) {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        long before = memory.getHeapMemoryUsage().getUsed();
        Pauses pauses = new Pauses();
        long start = System.nanoTime();
        long id = 0;
        for (int b = 0; b < DOCUMENTS / BATCH; b++) {
            BsonArray documents = new BsonArray();
            for (int i = 0; i < BATCH; i++) {
                documents.add(new BsonDocument("_id", new BsonObjectId(new ObjectId()))
                        .append("userId", new BsonInt64(id++))
                        .append("text", new BsonString("message " + id)));
            }
            insert.accept(new BsonDocument("insert", new BsonString("inbox")).append("documents", documents));
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        pauses.stop();
        System.gc();
        long after = memory.getHeapMemoryUsage().getUsed();
        System.out.printf(
                Locale.ROOT,
                "%s: %,d documents in %.1f s; heap kept %.0f MB, %.0f bytes a document; %s%n",
                name,
                DOCUMENTS,
                seconds,
                (after - before) / 1e6,
                (after - before) / (double) DOCUMENTS,
                pauses);
        // the documents stay reachable until measured
        if (keep.get() == null) {
            throw new IllegalStateException(name + ": nothing was kept");
        }
    }

    /** Young and mixed pauses while writing, from the collectors' notifications. */
    private static final class Pauses {
        private final List<long[]> pauses = new ArrayList<>();
        private final List<Runnable> removals = new ArrayList<>();

        Pauses() {
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                NotificationEmitter emitter = (NotificationEmitter) gc;
                javax.management.NotificationListener listener = (n, h) -> {
                    if (n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                        GarbageCollectionNotificationInfo info =
                                GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                        if (info.getGcName().contains("Young")
                                || info.getGcName().contains("Mixed")
                                || info.getGcName().contains("Pauses")) {
                            synchronized (pauses) {
                                pauses.add(new long[] {info.getGcInfo().getDuration()});
                            }
                        }
                    }
                };
                emitter.addNotificationListener(listener, null, null);
                removals.add(() -> {
                    try {
                        emitter.removeNotificationListener(listener);
                    } catch (javax.management.ListenerNotFoundException e) {
                        throw new IllegalStateException(e);
                    }
                });
            }
        }

        void stop() {
            removals.forEach(Runnable::run);
        }

        @Override
        public String toString() {
            long[] ms;
            synchronized (pauses) {
                ms = pauses.stream().mapToLong(p -> p[0]).sorted().toArray();
            }
            if (ms.length == 0) {
                return "no young pauses";
            }
            long total = Arrays.stream(ms).sum();
            return String.format(
                    Locale.ROOT,
                    "%d young/mixed pauses: p50 %d ms, p99 %d ms, max %d ms, total %d ms",
                    ms.length,
                    ms[ms.length / 2],
                    ms[Math.min(ms.length - 1, ms.length * 99 / 100)],
                    ms[ms.length - 1],
                    total);
        }
    }
}
