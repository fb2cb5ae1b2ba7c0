package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;

/**
 * The auto-merger's per-shard merge ({@code commitMergeAllChunksOnShard}), as mongo
 * {@code src/mongo/db/s/config/sharding_catalog_manager_merge_chunks_test.cpp}
 * {@code MergeAllChunksOnShardTest.AllMergeableChunksGetSquashed} states it: a random routing table
 * on {@code {x: 1}} (1 to 20 chunks over the bounds MinKey, 0 … 19, MaxKey, each on a random one of
 * two shards that are both in the zone, half of them moved inside the snapshot history window, one
 * in ten jumbo) and random zone ranges (the file's loop makes 0, 1 or 2), every shard merged; then
 * the table still tiles the key space, every merged chunk covers original chunks of its own shard,
 * no two contiguous mergeable chunks of one shard are left in the same zone (or both in none), and
 * the collection's minor version grew by the number of merges, one per new chunk. The file draws a
 * new random seed per run; here a seeded loop runs 2,000 tables.
 */
class AutoMergerTest {

    private static final ShardKeyPattern KEY = ShardKeyPattern.parse("{x: 1}");
    private static final String ZONE = "collZoneName";
    private static final int MAX_CHUNKS = 20;
    private static final long NOW = 10 * AutoMerger.HISTORY_WINDOW_MILLIS;

    /** {@code getRandomBoundsOnShardKeySpace}: {@code n} of [MinKey, 0 … 19, MaxKey], in order. */
    private static List<ShardKey> randomBounds(Random random, int n) {
        List<ShardKey> potential = new ArrayList<>();
        potential.add(KEY.globalMin());
        for (int i = 0; i < MAX_CHUNKS; i++) {
            potential.add(ShardKey.of(new BsonInt32(i)));
        }
        potential.add(KEY.globalMax());
        TreeSet<Integer> picked = new TreeSet<>();
        while (picked.size() < n) {
            picked.add(random.nextInt(potential.size()));
        }
        return picked.stream().map(potential::get).toList();
    }

    @Test
    void allMergeableChunksGetSquashed() {
        Random random = new Random(20_230_701);
        for (int run = 0; run < 2_000; run++) {
            int numChunks = random.nextInt(MAX_CHUNKS) + 1;
            List<ShardKey> bounds = new ArrayList<>(randomBounds(random, numChunks + 1));
            bounds.set(0, KEY.globalMin());
            bounds.set(bounds.size() - 1, KEY.globalMax());
            List<Chunk> chunks = new ArrayList<>();
            List<Boolean> recent = new ArrayList<>();
            for (int i = 0; i + 1 < bounds.size(); i++) {
                String shard = random.nextBoolean() ? "shard0" : "shard1";
                recent.add(random.nextBoolean());
                chunks.add(new Chunk(
                        bounds.get(i), bounds.get(i + 1), shard, random.nextInt(10) == 0, new ChunkVersion(1, i)));
            }
            List<ZoneRange> zones = new ArrayList<>();
            int numZones = random.nextInt(4);
            if (numZones > 0) {
                List<ShardKey> zoneBounds = randomBounds(random, numZones * 2);
                for (int i = 0; i < numZones; i += 2) {
                    zones.add(new ZoneRange(zoneBounds.get(i), zoneBounds.get(i + 1), ZONE));
                }
            }
            List<Shard> shards = List.of(
                    new Shard("shard0", "host0:123", Set.of(ZONE), false),
                    new Shard("shard1", "host1:123", Set.of(ZONE), false));
            SimulatedCluster c =
                    new SimulatedCluster(SimulationConfig.of(MongoVersion.V8_0).withInvariantChecks(true));
            c.execute(new LoadLayout(
                    new ClusterSnapshot("test.coll", KEY, false, shards, new ChunkMap(chunks), zones), List.of()));
            ClusterState state = c.state();
            state.setClock(NOW);
            for (int i = 0; i < chunks.size(); i++) {
                // Timestamp::max() in the file: moved inside the history window; Timestamp(0, 1): long ago
                state.documentsOf(i).setOnShardSince(recent.get(i) ? NOW : 0);
            }

            int merges = AutoMerger.mergeAll(state);

            String where = "run " + run + ": " + chunks + " zones " + zones;
            List<Chunk> after = state.chunks().chunks();
            c.checkInvariants();
            assertNoContiguousMergeableChunksOnTheSameShard(state, zones, where);
            assertConsistentRoutingTableAfterMerges(chunks, after, where);
            assertConsistentChunkVersionsAfterMerges(chunks, after, merges, where);
        }
    }

    private static void assertNoContiguousMergeableChunksOnTheSameShard(
            ClusterState state, List<ZoneRange> zones, String where) {
        List<Chunk> table = state.chunks().chunks();
        for (int i = 1; i < table.size(); i++) {
            Chunk prev = table.get(i - 1);
            Chunk curr = table.get(i);
            boolean mergeable = !prev.jumbo()
                    && !curr.jumbo()
                    && state.documentsOf(i - 1).onShardSinceMillis() != NOW
                    && state.documentsOf(i).onShardSinceMillis() != NOW;
            if (mergeable && prev.shard().equals(curr.shard())) {
                assertFalse(
                        zonesOf(prev, zones).equals(zonesOf(curr, zones)),
                        where + ": " + prev + " and " + curr
                                + " not merged despite belonging to the same shard and falling into the same zone "
                                + "(or both in no zone)");
            }
        }
    }

    /** The file's {@code getZones(chunk)}: the zone ranges overlapping the chunk, with its NOZONE markers. */
    private static List<String> zonesOf(Chunk chunk, List<ZoneRange> zones) {
        List<String> out = new ArrayList<>();
        for (ZoneRange z : zones) {
            if (z.min().compareTo(chunk.max()) < 0 && z.max().compareTo(chunk.min()) > 0) {
                out.add(z.min() + "-" + z.max());
            }
        }
        if (!out.isEmpty()) {
            List<ZoneRange> overlapping = zones.stream()
                    .filter(z -> z.min().compareTo(chunk.max()) < 0 && z.max().compareTo(chunk.min()) > 0)
                    .toList();
            if (overlapping.get(0).min().compareTo(chunk.min()) > 0) {
                out.add(0, "NOZONE");
            }
            if (overlapping.get(overlapping.size() - 1).max().compareTo(chunk.max()) > 0) {
                out.add("NOZONE");
            }
        }
        return out;
    }

    private static void assertConsistentRoutingTableAfterMerges(List<Chunk> before, List<Chunk> after, String where) {
        assertTrue(after.size() <= before.size(), where);
        int m = 0;
        for (Chunk original : before) {
            while (after.get(m).max().compareTo(original.max()) < 0) {
                m++;
            }
            Chunk merged = after.get(m);
            assertTrue(
                    merged.min().compareTo(original.min()) <= 0
                            && original.max().compareTo(merged.max()) <= 0,
                    where + ": " + merged + " covers " + original);
            assertEquals(original.shard(), merged.shard(), where);
        }
        assertEquals(after.size() - 1, m, where);
    }

    private static void assertConsistentChunkVersionsAfterMerges(
            List<Chunk> before, List<Chunk> after, int merges, String where) {
        ChunkVersion original =
                before.stream().map(Chunk::version).max(ChunkVersion::compareTo).orElseThrow();
        ChunkVersion merged =
                after.stream().map(Chunk::version).max(ChunkVersion::compareTo).orElseThrow();
        List<Chunk> created = new ArrayList<>();
        for (Chunk a : after) {
            if (before.stream()
                    .noneMatch(b -> b.min().equals(a.min()) && b.max().equals(a.max()))) {
                created.add(a);
            }
        }
        assertEquals(created.size(), merges, where + ": one merge per new chunk");
        assertEquals(original.minor() + created.size(), merged.minor(), where);
        List<Integer> minors =
                created.stream().map(ch -> ch.version().minor()).sorted().toList();
        for (int i = 0; i < minors.size(); i++) {
            assertEquals(original.minor() + 1 + i, minors.get(i), where);
        }
        for (Chunk ch : created) {
            assertEquals(original.major(), ch.version().major(), where);
        }
    }
}
