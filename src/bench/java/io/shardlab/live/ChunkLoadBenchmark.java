package io.shardlab.live;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;
import org.bson.Document;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Loading 200,000 chunk documents (docs/ARCHITECTURE.md budget: at most 1.3 × a bare driver {@code find()}
 * loop over the same documents). A mongo-java-server on 127.0.0.1 holds config.chunks in the 5.0+
 * shape ({@code _id, uuid, min, max, shard, lastmod, history}, int64 bounds); both benchmarks send
 * the same query, {@code find({uuid}).sort({min: 1})}:
 * <ul>
 *   <li>{@code bareDriverFindLoop}: the driver's default {@link Document} decoding, counting documents;</li>
 *   <li>{@code shardLabLoad}: ShardLab's reader, which decodes straight into chunks
 *       ({@link ChunkDocumentCodec}), checks order, shards and tiling, and builds the {@link ChunkMap}.</li>
 * </ul>
 * Run: {@code mvn -Pbench verify -Dbench.args="ChunkLoad"}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 3)
@Measurement(iterations = 8)
public class ChunkLoadBenchmark {

    static final int CHUNKS = 200_000;
    static final String NS = "bench.orders";

    private MongoServer server;
    private MongoClient bareClient;
    private MongoCollection<Document> chunks;
    private LiveConnection connection;
    private LiveConfigSource source;
    private CollectionEntry entry;
    private BsonBinary uuid;
    private final List<Shard> shards =
            List.of(Shard.named("shard01"), Shard.named("shard02"), Shard.named("shard03"), Shard.named("shard04"));

    @Setup(Level.Trial)
    public void setUp() {
        server = new MongoServer(new MemoryBackend());
        String uri = server.bindAndGetConnectionString();
        uuid = new BsonBinary(UUID.fromString("28439244-edec-410e-b3ab-07e5dd7100ab"));
        try (MongoClient seed = MongoClients.create(uri)) {
            MongoCollection<BsonDocument> c = seed.getDatabase("config").getCollection("chunks", BsonDocument.class);
            List<BsonDocument> batch = new ArrayList<>(10_000);
            long step = Long.MAX_VALUE / CHUNKS * 2;
            for (int i = 0; i < CHUNKS; i++) {
                BsonValue min = i == 0 ? new BsonMinKey() : new BsonInt64(Long.MIN_VALUE + step * i);
                BsonValue max = i == CHUNKS - 1 ? new BsonMaxKey() : new BsonInt64(Long.MIN_VALUE + step * (i + 1));
                String shard = shards.get(i % shards.size()).id();
                batch.add(new BsonDocument("_id", new BsonObjectId())
                        .append("uuid", uuid)
                        .append("min", new BsonDocument("x", min))
                        .append("max", new BsonDocument("x", max))
                        .append("shard", new BsonString(shard))
                        .append("lastmod", new BsonTimestamp(1, i))
                        .append(
                                "history",
                                new org.bson.BsonArray(
                                        List.of(new BsonDocument("validAfter", new BsonTimestamp(1_709_287_200, i))
                                                .append("shard", new BsonString(shard))))));
                if (batch.size() == 10_000) {
                    c.insertMany(batch);
                    batch.clear();
                }
            }
            if (!batch.isEmpty()) {
                c.insertMany(batch);
            }
        }
        bareClient = MongoClients.create(uri);
        chunks = bareClient.getDatabase("config").getCollection("chunks");
        connection = new LiveConnector().connect(LiveConnectionRequest.of(uri));
        source = new LiveConfigSource(connection, false);
        entry = new CollectionEntry(
                NS, ShardKeyPattern.parse("{x: 1}"), false, uuid, true, null, BalancingFlags.DEFAULTS);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        source.close();
        connection.close();
        bareClient.close();
        server.shutdownNow();
    }

    @Benchmark
    public int bareDriverFindLoop() {
        int n = 0;
        for (Document d : chunks.find(new Document("uuid", uuid)).sort(new Document("min", 1))) {
            if (d.get("shard") != null) {
                n++;
            }
        }
        if (n != CHUNKS) {
            throw new IllegalStateException("read " + n + " chunks");
        }
        return n;
    }

    @Benchmark
    public ChunkMap shardLabLoad() {
        CollectionLayout layout = ClusterInspector.layout(source, entry, shards, List.of());
        if (layout.map() == null || layout.map().size() != CHUNKS) {
            throw new IllegalStateException("layout: " + layout.problems());
        }
        return layout.map();
    }
}
