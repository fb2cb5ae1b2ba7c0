package io.shardlab.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonString;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ChunkMapTest {

    private static ShardKey key(long v) {
        return ShardKey.of(new BsonInt64(v));
    }

    @Nested
    @DisplayName("construction checks that chunks tile [MinKey, MaxKey)")
    class Construction {

        @Test
        void a_single_chunk_covers_the_whole_key_space() {
            ChunkMap map = ChunkMap.single(1, "shard01");
            assertEquals(1, map.size());
            assertTrue(map.get(0).min().isGlobalMin());
            assertTrue(map.get(0).max().isGlobalMax());
            assertEquals(ChunkVersion.INITIAL, map.collectionVersion());
        }

        @Test
        void a_gap_between_chunks_is_refused_and_named() {
            List<Chunk> chunks = List.of(
                    new Chunk(ShardKey.globalMin(1), key(0), "a", false, ChunkVersion.INITIAL),
                    new Chunk(key(5), ShardKey.globalMax(1), "a", false, ChunkVersion.INITIAL));
            InvalidChunkMapException e = assertThrows(InvalidChunkMapException.class, () -> new ChunkMap(chunks));
            assertTrue(e.getMessage().startsWith("gap between"), e.getMessage());
        }

        @Test
        void an_overlap_is_refused_and_named() {
            List<Chunk> chunks = List.of(
                    new Chunk(ShardKey.globalMin(1), key(10), "a", false, ChunkVersion.INITIAL),
                    new Chunk(key(5), ShardKey.globalMax(1), "a", false, ChunkVersion.INITIAL));
            InvalidChunkMapException e = assertThrows(InvalidChunkMapException.class, () -> new ChunkMap(chunks));
            assertTrue(e.getMessage().startsWith("overlap between"), e.getMessage());
        }

        @Test
        void the_first_chunk_must_start_at_min_key_and_the_last_end_at_max_key() {
            assertThrows(
                    InvalidChunkMapException.class,
                    () -> new ChunkMap(
                            List.of(new Chunk(key(0), ShardKey.globalMax(1), "a", false, ChunkVersion.INITIAL))));
            assertThrows(
                    InvalidChunkMapException.class,
                    () -> new ChunkMap(
                            List.of(new Chunk(ShardKey.globalMin(1), key(0), "a", false, ChunkVersion.INITIAL))));
            assertThrows(InvalidChunkMapException.class, () -> new ChunkMap(List.of()));
        }

        @Test
        void a_compound_global_min_needs_min_key_in_every_field() {
            ShardKey halfMin = ShardKey.of(new BsonMinKey(), new BsonString("x"));
            assertThrows(
                    InvalidChunkMapException.class,
                    () -> new ChunkMap(List.of(new Chunk(
                            halfMin,
                            ShardKey.of(new BsonMaxKey(), new BsonMaxKey()),
                            "a",
                            false,
                            ChunkVersion.INITIAL))));
        }

        @Test
        void chunk_bounds_must_increase() {
            assertThrows(
                    IllegalArgumentException.class, () -> new Chunk(key(5), key(5), "a", false, ChunkVersion.INITIAL));
        }
    }

    @Nested
    @DisplayName("lookup: min <= key < max")
    class Lookup {

        private final ChunkMap map =
                ChunkMap.fromSplitPoints(1, List.of(key(0), key(10), key(20)), List.of("s0", "s1"), 1);

        @Test
        void a_bound_belongs_to_the_chunk_it_starts() {
            assertEquals(1, map.indexOf(key(0)));
            assertEquals(2, map.indexOf(key(10)));
            assertEquals(1, map.indexOf(key(9)));
        }

        @Test
        void min_key_is_in_the_first_chunk_and_max_key_maps_to_the_last() {
            assertEquals(0, map.indexOf(ShardKey.globalMin(1)));
            assertEquals(3, map.indexOf(ShardKey.globalMax(1)));
        }

        @Test
        void values_of_other_types_land_by_type_order() {
            // strings sort after every number, so "a" is in the last chunk [20, MaxKey)
            assertEquals(3, map.indexOf(ShardKey.of(new BsonString("a"))));
        }

        @Test
        void split_points_alternate_shards_one_by_one_or_in_runs() {
            assertEquals(
                    List.of("s0", "s1", "s0", "s1"),
                    map.chunks().stream().map(Chunk::shard).toList());
            ChunkMap runs = ChunkMap.fromSplitPoints(1, List.of(key(0), key(10), key(20)), List.of("s0", "s1"), 2);
            assertEquals(
                    List.of("s0", "s0", "s1", "s1"),
                    runs.chunks().stream().map(Chunk::shard).toList());
            assertEquals(Map.of("s0", 2, "s1", 2), runs.chunksPerShard());
        }
    }

    @Nested
    @DisplayName("changes keep the invariant and bump versions as MongoDB does")
    class Changes {

        @Test
        void split_gives_successive_minor_versions_on_the_same_shard() {
            ChunkMap split = ChunkMap.single(1, "s0").split(0, List.of(key(0), key(10)));
            assertEquals(3, split.size());
            assertEquals(new ChunkVersion(1, 1), split.get(0).version());
            assertEquals(new ChunkVersion(1, 2), split.get(1).version());
            assertEquals(new ChunkVersion(1, 3), split.get(2).version());
            assertEquals(new ChunkVersion(1, 3), split.collectionVersion());
        }

        @Test
        void a_migration_gives_the_moved_chunk_the_next_major_version() {
            ChunkMap moved = ChunkMap.single(1, "s0").split(0, List.of(key(0))).move(1, "s1");
            assertEquals("s1", moved.get(1).shard());
            assertEquals(new ChunkVersion(2, 0), moved.get(1).version());
        }

        @Test
        void merging_chunks_on_different_shards_is_refused() {
            ChunkMap map = ChunkMap.single(1, "s0").split(0, List.of(key(0))).move(1, "s1");
            assertThrows(IllegalArgumentException.class, () -> map.merge(0, 2));
        }

        @Test
        void a_split_point_on_a_chunk_bound_is_refused() {
            ChunkMap map = ChunkMap.single(1, "s0").split(0, List.of(key(0)));
            assertThrows(IllegalArgumentException.class, () -> map.split(1, List.of(key(0))));
        }

        @Test
        void random_splits_merges_and_moves_keep_the_chunks_tiling_the_key_space() {
            // property loop: thousands of random steps, the invariant re-checked from scratch each time
            SplittableRandom random = new SplittableRandom(20261129L);
            List<String> shards = List.of("s0", "s1", "s2", "s3");
            ChunkMap map = ChunkMap.single(1, "s0");
            for (int step = 0; step < 5_000; step++) {
                int i = random.nextInt(map.size());
                Chunk chunk = map.get(i);
                switch (random.nextInt(3)) {
                    case 0 -> {
                        long lo = chunk.min().isGlobalMin()
                                ? -1_000_000
                                : chunk.min().get(0).asInt64().getValue();
                        long hi = chunk.max().isGlobalMax()
                                ? 1_000_000
                                : chunk.max().get(0).asInt64().getValue();
                        if (hi - lo > 1) {
                            map = map.split(i, List.of(key(lo + 1 + random.nextLong(hi - lo - 1))));
                        }
                    }
                    case 1 -> map = map.move(i, shards.get(random.nextInt(shards.size())));
                    default -> {
                        if (i + 1 < map.size() && map.get(i + 1).shard().equals(chunk.shard())) {
                            map = map.merge(i, i + 2);
                        }
                    }
                }
                ChunkMap rebuilt = new ChunkMap(new ArrayList<>(map.chunks()));
                assertEquals(map, rebuilt);
                long probe = random.nextLong(-1_100_000, 1_100_000);
                int owner = map.indexOf(key(probe));
                assertTrue(map.get(owner).contains(key(probe)), "lookup of " + probe + " found " + map.get(owner));
            }
            assertTrue(map.size() > 10, "the walk should have produced many chunks, got " + map.size());
        }
    }
}
