package io.shardlab.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonOrder;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDbPointer;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/**
 * Invariants of routing, checked on random values of every BSON type a shard key can hold
 * (seeded, so a failure reproduces).
 */
class RouterPropertyTest {

    private static final int ROUNDS = 400;

    /** A random value of a random BSON type (no arrays, no regexes: shard keys cannot hold them). */
    static BsonValue randomValue(Random r, int depth) {
        int kind = r.nextInt(depth > 1 ? 18 : 19);
        return switch (kind) {
            case 0 -> new BsonInt32(r.nextInt(41) - 20);
            case 1 -> new BsonInt64(r.nextBoolean() ? r.nextLong() : r.nextInt(41) - 20);
            case 2 ->
                new BsonDouble(
                        switch (r.nextInt(6)) {
                            case 0 -> Double.NaN;
                            case 1 -> Double.POSITIVE_INFINITY;
                            case 2 -> -0.0;
                            default -> (r.nextDouble() - 0.5) * 60;
                        });
            case 3 -> new BsonDecimal128(Decimal128.parse((r.nextInt(401) - 200) / 10.0 + ""));
            case 4 -> new BsonString(randomString(r));
            case 5 -> new BsonSymbol(randomString(r));
            case 6 -> new BsonBinary((byte) r.nextInt(6), randomBytes(r, r.nextInt(5)));
            case 7 -> new BsonObjectId(new ObjectId(randomBytes(r, 12)));
            case 8 -> BsonBoolean.valueOf(r.nextBoolean());
            case 9 -> new BsonDateTime(r.nextLong() >> r.nextInt(40));
            case 10 -> new BsonTimestamp(r.nextInt(1000), r.nextInt(1000));
            case 11 -> BsonNull.VALUE;
            case 12 -> new BsonMinKey();
            case 13 -> new BsonMaxKey();
            case 14 -> new BsonJavaScript(randomString(r));
            case 15 -> new BsonJavaScriptWithScope(randomString(r), new BsonDocument("s", new BsonInt32(r.nextInt(3))));
            case 16 -> new BsonDbPointer("db.c", new ObjectId(randomBytes(r, 12)));
            case 17 -> new BsonDecimal128(Decimal128.parse(r.nextBoolean() ? "NaN" : "-Infinity"));
            default -> new BsonDocument("x", randomValue(r, depth + 1)).append("y", new BsonInt32(r.nextInt(3)));
        };
    }

    private static String randomString(Random r) {
        StringBuilder b = new StringBuilder();
        int n = r.nextInt(4);
        for (int i = 0; i < n; i++) {
            b.append((char) ('a' + r.nextInt(4)));
        }
        return b.toString();
    }

    private static byte[] randomBytes(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    /** A ranged layout cut at random values of every type, chunks spread over 3 shards. */
    private static ChunkMap randomRangedLayout(Random r) {
        TreeSet<BsonValue> points = new TreeSet<>(new BsonOrder());
        for (int i = 0; i < 12; i++) {
            BsonValue v = randomValue(r, 0);
            if (!(v instanceof BsonMinKey) && !(v instanceof BsonMaxKey)) {
                points.add(v);
            }
        }
        List<ShardKey> keys = new ArrayList<>();
        points.forEach(p -> keys.add(ShardKey.of(p)));
        return ChunkMap.fromSplitPoints(1, keys, List.of("shard01", "shard02", "shard03"), 1);
    }

    private static Targeting find(Router router, BsonDocument filter) {
        return router.route(new Operation.Find(filter));
    }

    @Test
    void equalityOnARangedKeyReachesExactlyTheOwnerOfTheValue() {
        Random r = new Random(20260501L);
        ShardKeyPattern pattern = ShardKeyPattern.parse("{a: 1}");
        for (int round = 0; round < ROUNDS; round++) {
            ChunkMap chunks = randomRangedLayout(r);
            Router router = new Router(pattern, chunks, MongoVersion.V8_0);
            BsonValue v = randomValue(r, 0);
            String owner = chunks.chunkFor(ShardKey.of(v)).shard();

            Targeting eq = find(router, new BsonDocument("a", new BsonDocument("$eq", v)));
            assertEquals(List.of(owner), eq.shards(), "{a: " + v + "} " + eq.reason());
            assertEquals(TargetingClass.SINGLE_SHARD, eq.targeting());

            Targeting insert = router.route(new Operation.Insert(new BsonDocument("a", v)));
            assertEquals(List.of(owner), insert.shards(), "insert {a: " + v + "}");
        }
    }

    @Test
    void aRangeFromAValueAlwaysReachesTheOwnerOfTheValue() {
        Random r = new Random(7L);
        ShardKeyPattern pattern = ShardKeyPattern.parse("{a: 1}");
        for (int round = 0; round < ROUNDS; round++) {
            ChunkMap chunks = randomRangedLayout(r);
            Router router = new Router(pattern, chunks, MongoVersion.V8_0);
            BsonValue v = randomValue(r, 0);
            String owner = chunks.chunkFor(ShardKey.of(v)).shard();
            for (String op : List.of("$gte", "$lte")) {
                Targeting t = find(router, new BsonDocument("a", new BsonDocument(op, v)));
                assertTrue(t.shards().contains(owner), op + " " + v + " reached " + t.shards() + ": " + t.reason());
                assertFalse(t.targeting() == TargetingClass.SINGLE_SHARD, op + " " + v);
            }
        }
    }

    @Test
    void anInOfTwoValuesReachesBothOwnersAndOnlyOwnersOfChunks() {
        Random r = new Random(99L);
        ShardKeyPattern pattern = ShardKeyPattern.parse("{a: 1}");
        for (int round = 0; round < ROUNDS; round++) {
            ChunkMap chunks = randomRangedLayout(r);
            Router router = new Router(pattern, chunks, MongoVersion.V8_0);
            BsonValue v = randomValue(r, 0);
            BsonValue w = randomValue(r, 0);
            if (BsonOrder.equivalent(v, w)) {
                continue;
            }
            Targeting t = find(router, new BsonDocument("a", new BsonDocument("$in", new BsonArray(List.of(v, w)))));
            assertTrue(t.shards().contains(chunks.chunkFor(ShardKey.of(v)).shard()), t.reason());
            assertTrue(t.shards().contains(chunks.chunkFor(ShardKey.of(w)).shard()), t.reason());
            assertTrue(chunks.chunksPerShard().keySet().containsAll(t.shards()));
            assertEquals(TargetingClass.MULTI_SHARD, t.targeting());
        }
    }

    @Test
    void equalityOnAHashedKeyReachesTheOwnerOfTheHash() {
        Random r = new Random(314L);
        ShardKeyHasher hasher = new ShardKeyHasher();
        ShardKeyPattern pattern = ShardKeyPattern.parse("{a: 'hashed'}");
        List<String> shards = List.of("shard01", "shard02", "shard03", "shard04", "shard05");
        List<ShardKey> splits = new ArrayList<>();
        for (long p : io.shardlab.key.HashedSplitPoints.of(shards.size())) {
            splits.add(ShardKey.of(new BsonInt64(p)));
        }
        ChunkMap chunks = ChunkMap.fromSplitPoints(1, splits, shards, 1);
        Router router = new Router(pattern, chunks, MongoVersion.V8_0);
        for (int round = 0; round < ROUNDS; round++) {
            BsonValue v = randomValue(r, 0);
            String owner = chunks.chunkFor(ShardKey.of(new BsonInt64(hasher.hash64(v))))
                    .shard();
            Targeting t = find(router, new BsonDocument("a", new BsonDocument("$eq", v)));
            assertEquals(List.of(owner), t.shards(), v + ": " + t.reason());
            Targeting range = find(router, new BsonDocument("a", new BsonDocument("$gte", v)));
            assertEquals(TargetingClass.SCATTER_GATHER, range.targeting(), v + ": " + range.reason());
            assertEquals(shards, range.shards());
        }
    }

    @Test
    void aRegexNeverPinsOneShardKeyValue() {
        Random r = new Random(5L);
        ShardKeyPattern pattern = ShardKeyPattern.parse("{a: 1}");
        for (int round = 0; round < ROUNDS; round++) {
            Router router = new Router(pattern, randomRangedLayout(r), MongoVersion.V8_0);
            BsonRegularExpression re = new BsonRegularExpression("^" + randomString(r), r.nextBoolean() ? "" : "i");
            Targeting t = find(router, new BsonDocument("a", new BsonDocument("$eq", re)));
            assertEquals(TargetingClass.MULTI_SHARD, t.targeting(), re.toString());
            Targeting match = find(router, new BsonDocument("a", re));
            assertEquals(TargetingClass.MULTI_SHARD, match.targeting(), re.toString());
        }
    }
}
