package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.workload.WorkloadRegistry;
import io.shardlab.workload.WorkloadSettings;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PreparedStreamTest {

    private static PreparedInserts read(String workload, String key, long docs) {
        return PreparedInserts.read(
                WorkloadRegistry.standard().named(workload).open(WorkloadSettings.of(docs, 5)),
                ShardKeyPattern.parse(key));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource(delimiter = '|', textBlock = """
            monotonic              | { counter: 1 }
            categorical-states     | { state: 1 }
            zipf                   | { productId: 1 }
            uniform                | { userId: 'hashed' }
            compound-month-user    | { month: 1, user: 1 }
            """)
    void heat_rows_tile_the_key_space_and_each_holds_about_the_same_number_of_distinct_keys(
            String workload, String key) {
        PreparedInserts inserts = read(workload, key, 20_000);
        List<ShardKey> bounds = inserts.heatmapBounds(48);

        assertTrue(bounds.get(0).isGlobalMin() && bounds.get(bounds.size() - 1).isGlobalMax());
        for (int i = 1; i < bounds.size(); i++) {
            assertTrue(bounds.get(i - 1).compareTo(bounds.get(i)) < 0, "strictly increasing at " + i);
        }
        Set<ShardKey> distinct = new HashSet<>();
        for (int i = 0; i < inserts.size(); i++) {
            distinct.add(inserts.key(i));
        }
        int[] perRow = new int[bounds.size() - 1];
        for (ShardKey k : distinct) {
            perRow[ExplorerSession.rowOf(bounds, k)]++;
        }
        int rows = bounds.size() - 1;
        if (distinct.size() >= 48) {
            assertEquals(48, rows);
            int expected = distinct.size() / 48;
            for (int r = 1; r < rows; r++) { // row 0 also holds the keys below the first cut
                assertTrue(Math.abs(perRow[r] - expected) <= 1, "row " + r + ": " + perRow[r] + " of ~" + expected);
            }
        } else {
            assertTrue(rows <= distinct.size() + 1, rows + " rows for " + distinct.size() + " keys");
        }
    }

    @Test
    void the_value_line_puts_each_value_on_the_shard_whose_chunk_holds_its_hash() {
        PreparedInserts inserts = read("uniform", "{ userId: 'hashed' }", 3_000);
        ShardKeyPattern key = ShardKeyPattern.parse("{ userId: 'hashed' }");
        ChunkMap hashChunks = ChunkMap.fromSplitPoints(
                1,
                List.of(
                        ShardKey.of(new BsonInt64(-3_000_000_000_000_000_000L)),
                        ShardKey.of(new BsonInt64(0)),
                        ShardKey.of(new BsonInt64(4_000_000_000_000_000_000L))),
                List.of("a", "b", "c"),
                1);
        ClusterSnapshot cluster = new ClusterSnapshot(
                "db.c",
                key,
                false,
                List.of(Shard.named("a"), Shard.named("b"), Shard.named("c")),
                hashChunks,
                List.of());

        ClusterSnapshot values = PreparedStream.of(inserts, "db.c").valueLine().on(cluster);

        assertEquals("{ userId: 1 }", values.key().toString());
        ShardKeyHasher hasher = new ShardKeyHasher();
        for (Chunk v : values.chunks().chunks()) {
            if (v.min().isGlobalMin()) {
                continue;
            }
            long hash = hasher.hash64(v.min().get(0));
            assertEquals(hashChunks.chunkFor(ShardKey.of(new BsonInt64(hash))).shard(), v.shard(), v.toString());
        }
    }
}
