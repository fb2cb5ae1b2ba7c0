package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The insert hot path adds a batch of one-field Int64 keys in one pass ({@link CollectionDocuments#addLongs})
 * when nothing acts on a single document (6.0+, one size for the batch). It must leave every chunk exactly as
 * adding the same documents one by one ({@link CollectionDocuments#addLong}) does: the same keys and sizes in
 * the same arrival order, the same byte totals, the same key order once sorted; and both must route each key to
 * the chunk the chunk map says owns it ({@link ChunkMap#indexOf}), including bounds of other types whose
 * ceilings among the longs coincide.
 */
class InsertInOnePassTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # case                               | split points (';')                                        | batch sizes in bytes
            one chunk                            |                                                           | 100
            int64 bounds                         | NumberLong(-5000);NumberLong(0);NumberLong(1);NumberLong(7000) | 100;100;100
            a size change materialises sizes     | NumberLong(0);NumberLong(40)                              | 100;120;100
            bounds with no long inside them      | -1e30;2.5;3;NumberDecimal('7.5');8                        | 64;64
            string and MaxKey-side chunks        | NumberLong(-10);NumberLong(10);'a';'m'                    | 80;90
            many chunks                          | NumberLong(-900);NumberLong(-800);NumberLong(-700);NumberLong(-600);NumberLong(-500);NumberLong(-400);NumberLong(-300);NumberLong(-200);NumberLong(-100);NumberLong(0);NumberLong(100);NumberLong(200);NumberLong(300) | 100;100
            """)
    void aBatchAddedInOnePassLeavesEveryChunkAsAddingItsDocumentsOneByOne(
            String name, String splitPoints, String batchSizes) {
        // given two stores over the same chunks
        ChunkMap map = chunkMap(splitPoints);
        CollectionDocuments onePass = store(map);
        CollectionDocuments oneByOne = store(map);
        long[] landed = new long[map.size()];
        SplittableRandom random = new SplittableRandom(name.hashCode());

        // when the same batches arrive in one pass and one document at a time
        for (String sizeText : batchSizes.split(";")) {
            int size = Integer.parseInt(sizeText);
            long[] keys = keys(random, map, 3_000);
            onePass.addLongs(map, keys, keys.length, size, landed);
            for (long key : keys) {
                int chunk = oneByOne.addLong(map, key, size);
                // then each key went where the chunk map says it belongs
                assertEquals(map.indexOf(ShardKey.of(new BsonInt64(key))), chunk, "chunk of " + key);
            }
        }

        // then every chunk holds the same documents in the same order, counted where they landed
        for (int c = 0; c < map.size(); c++) {
            assertSameDocuments(oneByOne.of(c), onePass.of(c), "chunk " + c + " as they arrived");
            assertEquals(oneByOne.of(c).count(), landed[c], "documents counted in chunk " + c);
            oneByOne.of(c).sort();
            onePass.of(c).sort();
            assertSameDocuments(oneByOne.of(c), onePass.of(c), "chunk " + c + " in key order");
        }
        assertEquals(oneByOne.checkAgainst(map), onePass.checkAgainst(map));
    }

    @Test
    void aClusterGivenABatchHoldsWhatItHoldsGivenTheSameDocumentsOneBatchEach() {
        // given two 8.0 clusters with 16 ranged chunks: a one-document batch is below a quarter of the
        // chunk count, so it is added document by document; a batch of 5,000 in one pass
        SimulatedCluster whole = splitCluster("{x: 1}");
        SimulatedCluster single = splitCluster("{x: 1}");
        long[] values = new SplittableRandom(3).longs(5_000, -2_000, 2_000).toArray();

        // when one gets the documents in one batch and the other one batch per document
        whole.insert("db.c", InsertBatch.ofInt64(values, 150));
        for (long v : values) {
            single.insert("db.c", InsertBatch.ofInt64(new long[] {v}, 150));
        }

        // then both hold the same documents chunk by chunk, and undo takes the whole batch back
        assertSameClusterDocuments(single, whole);
        whole.undo();
        assertEquals(0, whole.snapshot().documents());
    }

    @Test
    void aHashedBatchIsHashedInSlicesAndLandsAsItsDocumentsOneByOne() {
        // given two 8.0 clusters with a hashed key cut into at least 16 chunks
        SimulatedCluster whole = splitCluster("{x: 'hashed'}");
        SimulatedCluster single = splitCluster("{x: 'hashed'}");
        long[] values = new SplittableRandom(4).longs(10_000).toArray();

        // when one gets 10,000 values in one batch (hashed 4,096 at a time) and the other one batch each
        whole.insert("db.c", InsertBatch.ofInt64(values, 90));
        for (long v : values) {
            single.insert("db.c", InsertBatch.ofInt64(new long[] {v}, 90));
        }

        // then both hold the same hashed keys, chunk by chunk, in the same order
        assertSameClusterDocuments(single, whole);
    }

    private static SimulatedCluster splitCluster(String key) {
        SimulatedCluster c =
                new SimulatedCluster(SimulationConfig.of(MongoVersion.V8_0).withInvariantChecks(true));
        c.execute(new AddShard("shard01"));
        c.execute(new AddShard("shard02"));
        c.execute(ShardCollection.of("db.c", key));
        c.execute(new SetBalancerState(false));
        // ranged: every 200 from -1,400; hashed: every 2^60 (the hashed values' space), off the initial bounds
        boolean hashed = key.contains("hashed");
        for (long i = 1; i < 16; i++) {
            long point = hashed ? Long.MIN_VALUE + i * (1L << 60) + 1 : -1_600 + 200 * i;
            c.execute(new SplitAt("db.c", new BsonDocument("x", new BsonInt64(point))));
        }
        assertTrue(c.snapshot().cluster().chunks().size() >= 16, "at least 16 chunks");
        return c;
    }

    private static void assertSameClusterDocuments(SimulatedCluster expected, SimulatedCluster actual) {
        ClusterState want = expected.state();
        ClusterState got = actual.state();
        assertEquals(want.chunks(), got.chunks());
        for (int c = 0; c < want.chunks().size(); c++) {
            assertSameDocuments(want.documentsOf(c), got.documentsOf(c), "chunk " + c);
        }
    }

    private static void assertSameDocuments(ChunkDocuments expected, ChunkDocuments actual, String what) {
        assertEquals(expected.count(), actual.count(), what + ": documents");
        assertEquals(expected.bytes(), actual.bytes(), what + ": bytes");
        LongChunkDocuments want = (LongChunkDocuments) expected;
        LongChunkDocuments got = (LongChunkDocuments) actual;
        long[] wantKeys = new long[want.count()];
        long[] gotKeys = new long[got.count()];
        int[] wantSizes = new int[want.count()];
        int[] gotSizes = new int[got.count()];
        for (int i = 0; i < wantKeys.length; i++) {
            wantKeys[i] = want.rawKey(i);
            gotKeys[i] = got.rawKey(i);
            wantSizes[i] = want.sizeAt(i);
            gotSizes[i] = got.sizeAt(i);
        }
        assertArrayEquals(wantKeys, gotKeys, what + ": keys");
        assertArrayEquals(wantSizes, gotSizes, what + ": sizes");
    }

    private static CollectionDocuments store(ChunkMap map) {
        CollectionDocuments documents = new CollectionDocuments();
        documents.reset(ShardKeyPattern.parse("{x: 1}"), map.size(), 0);
        return documents;
    }

    private static ChunkMap chunkMap(String splitPoints) {
        List<ShardKey> points = new ArrayList<>();
        if (splitPoints != null) {
            for (String point : splitPoints.split(";")) {
                points.add(ShardKey.of(BsonLiterals.parseValue(point)));
            }
        }
        return ChunkMap.fromSplitPoints(1, points, List.of("shard01", "shard02", "shard03"), 1);
    }

    /**
     * {@code n} keys: each numeric bound's neighbours (ceiling − 1, ceiling, ceiling + 1), the ends of the
     * long range, runs counting up (which keep a chunk sorted) and random values near zero and anywhere.
     */
    private static long[] keys(SplittableRandom random, ChunkMap map, int n) {
        List<Long> special = new ArrayList<>(List.of(Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1));
        for (int c = 1; c < map.size(); c++) {
            BsonValue min = map.get(c).min().get(0);
            if (min.isNumber() || min.isDecimal128()) {
                long ceiling = LongKeyBound.of(map.get(c).min()).ceiling();
                special.addAll(List.of(ceiling - 1, ceiling, ceiling + 1));
            }
        }
        long[] keys = new long[n];
        long run = random.nextLong(-1_000, 1_000);
        for (int i = 0; i < n; i++) {
            keys[i] = switch (random.nextInt(4)) {
                case 0 -> special.get(random.nextInt(special.size()));
                case 1 -> run++;
                case 2 -> random.nextLong(-10_000, 10_000);
                default -> random.nextLong();
            };
        }
        return keys;
    }
}
