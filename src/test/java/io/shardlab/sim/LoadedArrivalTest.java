package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonInt32;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A loaded chunk arrives on its shard when the source says it did ({@link LoadLayout#timeOnShard()}), so the 7.0+
 * auto-merger merges it only once it is older than the snapshot history window (mongo
 * {@code sharding_catalog_manager_chunk_operations.cpp} {@code mergeAllChunksOnShard}: chunks whose
 * {@code onCurrentShardSince} is {@code $lt} the oldest timestamp of the window, 300 s); a chunk the source gave no time
 * for counts as arrived at load (the merge's query matches no chunk without the field).
 */
class LoadedArrivalTest {

    private static final ShardKeyPattern KEY = ShardKeyPattern.parse("{x: 1}");

    /** Given two adjacent chunks of shard01 on shard for these seconds ('-': unknown), when time passes, then merges. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            both older than the window          | 600 | 900 | 0   | 1
            one just moved                      | 600 | 10  | 0   | 0
            ... and once the window has passed  | 600 | 10  | 291 | 1
            unknown counts as arrived at load   | 600 | -   | 0   | 0
            ... until the window has passed     | 600 | -   | 301 | 1
            both unknown, at load               | -   | -   | 0   | 0
            """)
    void a_loaded_chunk_is_merged_once_it_is_older_than_the_history_window(
            String why, String leftSeconds, String rightSeconds, long advanceSeconds, int merges) {
        ShardKey ten = ShardKey.of(new BsonInt32(10));
        List<Chunk> chunks = List.of(
                new Chunk(KEY.globalMin(), ten, "shard01", false, new ChunkVersion(1, 0)),
                new Chunk(ten, KEY.globalMax(), "shard01", false, new ChunkVersion(1, 1)));
        Map<Chunk, Duration> onShard = new HashMap<>();
        List<String> seconds = List.of(leftSeconds, rightSeconds);
        for (int i = 0; i < 2; i++) {
            if (!seconds.get(i).equals("-")) {
                onShard.put(chunks.get(i), Duration.ofSeconds(Long.parseLong(seconds.get(i))));
            }
        }
        SimulatedCluster cluster = new SimulatedCluster(SimulationConfig.of(MongoVersion.V7_0));
        cluster.execute(new LoadLayout(
                new ClusterSnapshot(
                        "shop.orders",
                        KEY,
                        false,
                        List.of(Shard.named("shard01"), Shard.named("shard02")),
                        new ChunkMap(chunks),
                        List.of()),
                List.of(),
                List.of(),
                onShard));
        ClusterState state = cluster.state();
        state.setClock(state.clock() + advanceSeconds * 1000);

        assertEquals(merges, AutoMerger.mergeAll(state), why);
    }
}
