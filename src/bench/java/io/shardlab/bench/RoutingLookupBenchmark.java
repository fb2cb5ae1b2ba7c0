package io.shardlab.bench;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.HashedSplitPoints;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Per-document cost of routing an insert: extract the shard key from a document, hash it when the
 * key is hashed, and find the owning chunk, over layouts of 1,000 and 1,000,000 chunks.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RoutingLookupBenchmark {

    @Param({"ranged", "hashed"})
    public String key;

    @Param({"1000", "1000000"})
    public int chunks;

    private static final int DOCS = 1 << 14;

    private ShardKeyPattern pattern;
    private ChunkMap map;
    private final ShardKeyHasher hasher = new ShardKeyHasher();
    private BsonDocument[] documents;
    private int next;

    @Setup
    public void setUp() {
        SplittableRandom random = new SplittableRandom(42);
        pattern = ShardKeyPattern.parse(key.equals("hashed") ? "{x: 'hashed'}" : "{x: 1}");
        List<ShardKey> points = new ArrayList<>(chunks - 1);
        if (key.equals("hashed")) {
            for (long p : HashedSplitPoints.of(chunks)) {
                points.add(ShardKey.of(new BsonInt64(p)));
            }
        } else {
            long step = Long.MAX_VALUE / chunks * 2;
            for (int i = 1; i < chunks; i++) {
                points.add(ShardKey.of(new BsonInt64(Long.MIN_VALUE + step * i)));
            }
        }
        map = ChunkMap.fromSplitPoints(1, points, List.of("shard01", "shard02", "shard03", "shard04"), 1);
        documents = new BsonDocument[DOCS];
        for (int i = 0; i < DOCS; i++) {
            documents[i] = new BsonDocument("_id", new BsonInt64(i))
                    .append("x", new BsonInt64(random.nextLong()))
                    .append("payload", new BsonString("abcdefghij"));
        }
    }

    @Benchmark
    public String extractHashAndLookup() {
        BsonDocument doc = documents[next++ & (DOCS - 1)];
        return map.get(map.indexOf(pattern.extractKey(doc, hasher))).shard();
    }
}
