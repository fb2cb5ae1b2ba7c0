package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Starting the simulator from a layout read elsewhere, and what the balancer then does with it. */
class LoadLayoutTest {

    private static final String NS = "shop.orders";
    private static final long KIB = 1024;
    private static final long MIB = 1024 * KIB;
    private static final long H1 = -4611686018427387902L;
    private static final long H2 = 4611686018427387902L;

    static ShardKey k(BsonValue v) {
        return ShardKey.of(v);
    }

    static ShardKey n(long v) {
        return k(new BsonInt64(v));
    }

    static final ShardKey MIN = k(new BsonMinKey());
    static final ShardKey MAX = k(new BsonMaxKey());

    static Chunk chunk(ShardKey min, ShardKey max, String shard, int major) {
        return new Chunk(min, max, shard, false, new ChunkVersion(major, 0));
    }

    static ClusterSnapshot layout(String key, List<Chunk> chunks, String... shards) {
        List<Shard> s = new ArrayList<>();
        for (String id : shards) {
            s.add(new Shard(id, id + "/" + id + ".example.net:27018", Set.of(), false));
        }
        return new ClusterSnapshot(NS, ShardKeyPattern.parse(key), false, s, new ChunkMap(chunks), List.of());
    }

    static List<ChunkStatistics> contents(ClusterSnapshot layout, long... documentsOfKib) {
        List<ChunkStatistics> out = new ArrayList<>();
        for (int i = 0; i < documentsOfKib.length; i++) {
            out.add(new ChunkStatistics(layout.chunks().get(i), documentsOfKib[i], documentsOfKib[i] * KIB));
        }
        return out;
    }

    static SimulationConfig config(MongoVersion version, long chunkSize) {
        return SimulationConfig.of(version).withMaxChunkSizeBytes(chunkSize).withInvariantChecks(true);
    }

    /** A hashed collection with 12 MiB on shard01, 4 MiB on shard02 and nothing on shard03 (1 KiB documents). */
    static LoadLayout hashedLayout() {
        ClusterSnapshot l = layout(
                "{_id: 'hashed'}",
                List.of(
                        chunk(MIN, n(H1), "shard01", 1), chunk(n(H1), n(0), "shard01", 1),
                        chunk(n(0), n(H2), "shard01", 2), chunk(n(H2), MAX, "shard02", 2)),
                "shard01",
                "shard02",
                "shard03");
        return new LoadLayout(l, contents(l, 4096, 4096, 4096, 4096));
    }

    @Test
    void aLoadedLayoutIsTheClusterExactlyAsRead() {
        LoadLayout load = hashedLayout();
        SimulatedCluster c = SimulatedCluster.fromLayout(config(MongoVersion.V8_0, MIB), load);
        SimulationSnapshot s = c.snapshot();
        assertEquals(load.layout().chunks(), s.cluster().chunks(), "bounds, shards, jumbo flags and versions");
        assertEquals(load.layout().shards(), s.cluster().shards());
        assertEquals(load.contents(), s.chunkStatistics());
        assertEquals(16_384, s.documents());
        assertEquals(0, s.counters().documentsInserted(), "loaded documents were not inserted");
        assertEquals(List.of("load the layout of shop.orders (4 chunks on 3 shards)"), c.history());
        c.checkInvariants();
    }

    @Test
    void aLayoutLoadsOnlyIntoANewClusterAndItsContentsMustMatchItsChunks() {
        SimulatedCluster busy = new SimulatedCluster(config(MongoVersion.V8_0, 0));
        busy.execute(new AddShard("shard01"));
        assertEquals(
                "a layout loads only into a new simulated cluster; this one already has 1 shards",
                busy.canApply(hashedLayout()).orElseThrow());
        ClusterSnapshot l = hashedLayout().layout();
        assertEquals(
                "contents: 1 entries for 4 chunks",
                assertThrows(IllegalArgumentException.class, () -> new LoadLayout(l, contents(l, 5)))
                        .getMessage());
        List<ChunkStatistics> noBytes = new ArrayList<>(contents(l, 1, 1, 1, 1));
        noBytes.set(2, new ChunkStatistics(l.chunks().get(2), 3, 0));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new LoadLayout(l, noBytes))
                .getMessage()
                .startsWith("contents[2]: 3 documents of 0 bytes in "));
        ClusterSnapshot stray = layout("{x: 1}", List.of(chunk(MIN, MAX, "shard09", 1)), "shard01");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LoadLayout.withoutContents(stray))
                .getMessage()
                .contains("is on shard 'shard09', which is not one of the layout's shards [shard01]"));
    }

    @Test
    void theDataSizeBalancerCutsAboutOneChunkSizeOutOfAHashedChunkAtAnEstimatedKey() {
        SimulatedCluster c = SimulatedCluster.fromLayout(config(MongoVersion.V8_0, MIB), hashedLayout());
        BalancerRoundsRun run = c.runBalancerRounds(1);
        assertEquals(1, run.run());
        assertEquals(1, run.migrations().size());
        Migration m = run.migrations().get(0).migration();
        // shard01 holds 12 MiB, shard03 none: ideal 16/3 MiB, threshold 3 MiB; a moveRange from MinKey
        // of autoSplitVector's first point over 4096 one-KiB documents: 1023 documents
        assertEquals("shard01", m.from());
        assertEquals("shard03", m.to());
        assertEquals(MIN, m.min());
        assertEquals(1023, m.documents());
        assertEquals(1023 * KIB, m.bytes());
        assertTrue(m.estimatedMax());
        assertEquals(MigrationReason.CHUNKS_IMBALANCE, m.reason());
        assertTrue(run.migrations().get(0).committed());
        assertTrue(m.max().compareTo(MIN) > 0 && m.max().compareTo(n(H1)) < 0);
        assertEquals(5, c.snapshot().cluster().chunks().size());
        assertEquals(16_384, c.snapshot().documents());
        assertEquals(1023, c.snapshot().chunkStatistics().get(0).documents());
        c.checkInvariants();
    }

    @Test
    void theEstimatedCutIsTheDonorsCutWhenTheKeysReallyAreEvenlySpread() {
        // the same layout twice: once loaded with contents only, once built with real documents whose
        // keys are 0, 1, 2, … (evenly spread); the balancer must make the same migrations in both
        List<Chunk> chunks = List.of(
                chunk(MIN, n(0), "shard02", 1),
                chunk(n(0), n(4096), "shard01", 1),
                chunk(n(4096), n(8192), "shard01", 1),
                chunk(n(8192), n(12288), "shard01", 1),
                chunk(n(12288), MAX, "shard02", 1));
        ClusterSnapshot l = layout("{x: 1}", chunks, "shard01", "shard02");
        SimulatedCluster loaded = SimulatedCluster.fromLayout(
                config(MongoVersion.V8_0, MIB), new LoadLayout(l, contents(l, 0, 4096, 4096, 4096, 0)));

        SimulatedCluster real = new SimulatedCluster(config(MongoVersion.V8_0, MIB));
        real.execute(new AddShard("shard01"));
        real.execute(new AddShard("shard02"));
        real.execute(ShardCollection.of(NS, "{x: 1}"));
        real.execute(new SetBalancerState(false));
        for (long p : new long[] {0, 4096, 8192, 12288}) {
            real.execute(new SplitAt(NS, BsonDocument.parse("{x: NumberLong(" + p + ")}")));
        }
        real.insert(NS, InsertBatch.ofInt64(LongStream.range(0, 12288).toArray(), (int) KIB));
        real.execute(new MoveChunk(NS, BsonDocument.parse("{x: -1}"), "shard02", false));
        real.settle(60_000);
        real.execute(new MoveChunk(NS, BsonDocument.parse("{x: NumberLong(20000)}"), "shard02", false));
        real.settle(60_000);
        real.execute(new SetBalancerState(true));

        BalancerRoundsRun a = loaded.runBalancerRounds(6);
        BalancerRoundsRun b = real.runBalancerRounds(6);
        assertFalse(a.migrations().isEmpty());
        assertEquals(b.migrations().size(), a.migrations().size());
        for (int i = 0; i < a.migrations().size(); i++) {
            Migration x = a.migrations().get(i).migration();
            Migration y = b.migrations().get(i).migration();
            assertEquals(
                    List.of(y.min(), y.max(), y.from(), y.to(), y.documents(), y.bytes()),
                    List.of(x.min(), x.max(), x.from(), x.to(), x.documents(), x.bytes()),
                    "migration " + i);
        }
    }

    @Test
    void aCutInAChunkWithAMinKeyEndIsEstimatedNextToItsBoundedEnd() {
        // a ranged key: the donor's first chunk starts at MinKey; MongoDB's policy returns the
        // moveRange with min only and the donor cuts about one chunk size; ShardLab assumes the
        // 8192 documents take the 8192 integers just below 100 and marks the cut estimated
        ClusterSnapshot l = layout(
                "{x: 1}",
                List.of(
                        chunk(MIN, k(new BsonInt32(100)), "shard01", 1),
                        chunk(k(new BsonInt32(100)), MAX, "shard02", 1)),
                "shard01",
                "shard02");
        SimulatedCluster c =
                SimulatedCluster.fromLayout(config(MongoVersion.V8_0, MIB), new LoadLayout(l, contents(l, 8192, 0)));
        BalancerRoundsRun run = c.runBalancerRounds(1);
        int rank = AutoSplitVector.points(DistinctKeys.of(8192), 8192, 8192 * KIB, MIB, 1)
                .get(0);
        Migration m = run.migrations().get(0).migration();
        assertEquals(
                List.of(MIN, k(new BsonInt32(100 - 8192 + rank)), "shard01", "shard02", (long) rank, rank * KIB, true),
                List.of(m.min(), m.max(), m.from(), m.to(), m.documents(), m.bytes(), m.estimatedMax()));
        assertTrue(run.stoppedBecause().isEmpty(), () -> run.stoppedBecause().get());
        c.checkInvariants();
    }

    @ParameterizedTest(name = "{0} documents of 1 KiB in [10, 11), chunk size 1 MiB: moves whole {1}")
    @CsvSource(textBlock = """
            # documents | moves | jumbo after the round
            1500,         true,   false
            3000,         false,  true
            """)
    void aChunkWithRoomForOneKeyMovesWholeOrIsMarkedJumbo(long documents, boolean moves, boolean jumbo) {
        // [10, 11) on an integer key holds one key value: autoSplitVector finds no point, so the
        // donor moves the chunk whole (mongo migration_source_manager.cpp computeOtherBound); over
        // 2 x the chunk size in documents it is ChunkTooBig and, with no split point, jumbo
        ClusterSnapshot l = layout(
                "{x: 1}",
                List.of(
                        chunk(MIN, k(new BsonInt32(10)), "shard02", 1),
                        chunk(k(new BsonInt32(10)), k(new BsonInt32(11)), "shard01", 1),
                        chunk(k(new BsonInt32(11)), MAX, "shard01", 1)),
                "shard01",
                "shard02");
        SimulatedCluster c = SimulatedCluster.fromLayout(
                config(MongoVersion.V8_0, MIB), new LoadLayout(l, contents(l, 0, documents, 8192)));
        BalancerRoundsRun run = c.runBalancerRounds(1);
        assertEquals(moves, !run.migrations().isEmpty(), () -> run.events().toString());
        if (moves) {
            Migration m = run.migrations().get(0).migration();
            assertEquals(
                    List.of(k(new BsonInt32(10)), k(new BsonInt32(11)), documents, false),
                    List.of(m.min(), m.max(), m.documents(), m.estimatedMax()));
        }
        assertEquals(jumbo, c.snapshot().cluster().chunks().get(1).jumbo());
        assertTrue(run.stoppedBecause().isEmpty(), () -> run.stoppedBecause().get());
    }

    @Test
    void aChunkOfAtMostAboutOneChunkSizeMovesWholeAndExactly() {
        // 8.0: shard01 holds five 700 KiB chunks (3500 KiB, over the 3 MiB threshold); the donor's scan
        // for one chunk size (1024 documents of 1 KiB) ends past the first chunk: it moves whole
        ClusterSnapshot l = layout(
                "{x: 1}",
                List.of(
                        chunk(MIN, k(new BsonInt32(0)), "shard01", 1),
                        chunk(k(new BsonInt32(0)), k(new BsonInt32(10)), "shard01", 1),
                        chunk(k(new BsonInt32(10)), k(new BsonInt32(20)), "shard01", 1),
                        chunk(k(new BsonInt32(20)), k(new BsonInt32(30)), "shard01", 1),
                        chunk(k(new BsonInt32(30)), MAX, "shard01", 1)),
                "shard01",
                "shard02");
        SimulatedCluster c = SimulatedCluster.fromLayout(
                config(MongoVersion.V8_0, MIB), new LoadLayout(l, contents(l, 700, 700, 700, 700, 700)));
        BalancerRoundsRun run = c.runBalancerRounds(3);
        Migration m = run.migrations().get(0).migration();
        assertEquals(
                List.of(MIN, k(new BsonInt32(0)), 700L, 700 * KIB, false),
                List.of(m.min(), m.max(), m.documents(), m.bytes(), m.estimatedMax()));
        assertTrue(run.stoppedBecause().isEmpty());
    }

    @ParameterizedTest(name = "{0}: chunk counts {1} → {2} migrations")
    @CsvSource(delimiter = '|', textBlock = """
            # version | chunks per shard (shard01, shard02) | migrations | then
            4.4       | 3, 0                                | 1          | 2, 1
            5.0       | 6, 0                                | 3          | 3, 3
            5.0       | 2, 1                                | 0          | 2, 1
            """)
    void beforeSixTheBalancerCountsChunksSoTheLoadedPlanIsExact(
            String version, String before, int migrations, String after) {
        String[] counts = before.split(",\\s*");
        int a = Integer.parseInt(counts[0]);
        int b = Integer.parseInt(counts[1]);
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < a + b; i++) {
            ShardKey lo = i == 0 ? MIN : n(i * 100L);
            ShardKey hi = i == a + b - 1 ? MAX : n((i + 1) * 100L);
            chunks.add(chunk(lo, hi, i < a ? "shard01" : "shard02", 1));
        }
        ClusterSnapshot l = layout("{x: 1}", chunks, "shard01", "shard02");
        long[] docs = new long[a + b];
        java.util.Arrays.fill(docs, 50);
        SimulatedCluster c = SimulatedCluster.fromLayout(
                config(MongoVersion.parse(version), 0), new LoadLayout(l, contents(l, docs)));
        BalancerRoundsRun run = c.runBalancerRounds(10);
        assertEquals(migrations, run.migrations().size());
        run.migrations()
                .forEach(p -> assertEquals(
                        List.of(50L, false),
                        List.of(p.migration().documents(), p.migration().estimatedMax())));
        String[] expected = after.split(",\\s*");
        Map<String, Integer> perShard = c.snapshot().cluster().chunks().chunksPerShard();
        assertEquals(Integer.parseInt(expected[0]), perShard.getOrDefault("shard01", 0));
        assertEquals(Integer.parseInt(expected[1]), perShard.getOrDefault("shard02", 0));
        assertEquals(10, run.run());
    }

    @Test
    void withoutContentsTheDataSizeBalancerSeesNoDataButDrainingShardsStillEmpty() {
        // with no data anywhere every receiver holds 0 bytes: the tie goes to the first shard in id order
        List<Shard> shards = List.of(
                new Shard("shard01", "", Set.of(), false),
                new Shard("shard02", "", Set.of(), false),
                new Shard("shard03", "", Set.of(), true));
        ClusterSnapshot l = new ClusterSnapshot(
                NS,
                ShardKeyPattern.parse("{x: 1}"),
                false,
                shards,
                new ChunkMap(List.of(
                        chunk(MIN, n(0), "shard01", 1),
                        chunk(n(0), n(10), "shard01", 1),
                        chunk(n(10), n(20), "shard01", 1),
                        chunk(n(20), MAX, "shard03", 1))),
                List.of());
        SimulatedCluster c = SimulatedCluster.fromLayout(config(MongoVersion.V8_0, 0), LoadLayout.withoutContents(l));
        BalancerRoundsRun run = c.runBalancerRounds(5);
        assertEquals(1, run.migrations().size());
        Migration m = run.migrations().get(0).migration();
        assertEquals(
                List.of("shard03", "shard01", MigrationReason.DRAIN, 0L),
                List.of(m.from(), m.to(), m.reason(), m.documents()));
        assertEquals(
                Map.of("shard01", 4),
                c.snapshot().cluster().chunks().chunksPerShard(),
                "and no chunksImbalance move: there is no data to balance");
    }

    @Test
    void aZoneBoundaryInsideALoadedChunkDividesItsDocumentsByShare() {
        Shard east = new Shard("shard02", "", Set.of("EAST"), false);
        ClusterSnapshot l = new ClusterSnapshot(
                NS,
                ShardKeyPattern.parse("{x: 1}"),
                false,
                List.of(new Shard("shard01", "", Set.of(), false), east),
                new ChunkMap(List.of(
                        chunk(MIN, n(0), "shard01", 1),
                        chunk(n(0), n(1000), "shard01", 1),
                        chunk(n(1000), MAX, "shard01", 1))),
                List.of(new ZoneRange(n(0), n(250), "EAST")));
        SimulatedCluster c =
                SimulatedCluster.fromLayout(config(MongoVersion.V7_0, MIB), new LoadLayout(l, contents(l, 0, 400, 0)));
        BalancerRoundsRun run = c.runBalancerRounds(2);
        ClusterEvent.ChunkSplit split = (ClusterEvent.ChunkSplit) run.events().get(0);
        assertEquals(ClusterEvent.SplitCause.ZONE_BOUNDARY, split.cause());
        Migration m = run.migrations().get(0).migration();
        assertEquals(
                List.of(n(0), n(250), "shard02", MigrationReason.ZONE_VIOLATION, 100L, 100 * KIB),
                List.of(m.min(), m.max(), m.to(), m.reason(), m.documents(), m.bytes()));
    }

    @Test
    void commandsThatWouldCutAnUnplaceableChunkAreRefusedWithShardLabsText() {
        // strings: nothing bounds them from below, and ShardLab assumes no spacing of string keys
        ShardKey m = k(new org.bson.BsonString("m"));
        ClusterSnapshot l = layout(
                "{x: 1}", List.of(chunk(MIN, m, "shard01", 1), chunk(m, MAX, "shard02", 1)), "shard01", "shard02");
        SimulatedCluster c =
                SimulatedCluster.fromLayout(config(MongoVersion.V8_0, MIB), new LoadLayout(l, contents(l, 4096, 10)));
        String expected = "ShardLab cannot place a cut inside the chunk [{ x: MinKey }, { x: \"m\" }): its documents "
                + "are known only as totals (a loaded layout) and its key range gives no place to interpolate";
        assertEquals(
                expected,
                c.canApply(new SplitAt(NS, BsonDocument.parse("{x: 'c'}"))).orElseThrow());
        assertEquals(
                expected,
                c.canApply(new MoveRange(NS, BsonDocument.parse("{x: {$minKey: 1}}"), null, "shard02"))
                        .orElseThrow());
        assertTrue(
                c.canApply(new MoveChunk(NS, BsonDocument.parse("{x: 'c'}"), "shard02", true))
                        .isEmpty(),
                "a whole chunk needs no cut");
        // a hashed layout is always bounded
        SimulatedCluster h = SimulatedCluster.fromLayout(config(MongoVersion.V8_0, MIB), hashedLayout());
        assertTrue(h.canApply(new SplitAt(NS, BsonDocument.parse("{_id: NumberLong(-100)}")))
                .isEmpty());
        assertTrue(h.canApply(new SplitFind(NS, BsonDocument.parse("{_id: 1}"))).isEmpty());
    }

    @Test
    void undoingTheLoadEmptiesTheClusterAndUndoingASplitRestoresTheDividedContents() {
        SimulatedCluster c = SimulatedCluster.fromLayout(config(MongoVersion.V8_0, MIB), hashedLayout());
        SimulationSnapshot loaded = c.snapshot();
        c.execute(new SplitAt(NS, BsonDocument.parse("{_id: NumberLong(" + (H1 / 2) + ")}")));
        assertEquals(5, c.snapshot().chunkStatistics().size());
        assertEquals(2048, c.snapshot().chunkStatistics().get(1).documents(), "half of [H1, 0)");
        c.undo();
        assertEquals(loaded.chunkStatistics(), c.snapshot().chunkStatistics());
        ClusterCommand load = c.undo();
        assertTrue(c.snapshot().collection().isEmpty());
        assertEquals(List.of(), c.snapshot().shards());
        c.execute(load);
        assertEquals(loaded.chunkStatistics(), c.snapshot().chunkStatistics());
    }

    @Test
    void randomCommandsAndInsertsOnALoadedLayoutKeepEveryInvariantAndEveryDocument() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 20; trial++) {
            SimulatedCluster c = SimulatedCluster.fromLayout(
                    config(
                            MongoVersion.releaseLines()
                                    .get(trial % MongoVersion.releaseLines().size()),
                            256 * KIB),
                    hashedLayout());
            long inserted = 0;
            for (int step = 0; step < 40; step++) {
                long x = random.nextLong();
                ClusterCommand command = switch (random.nextInt(6)) {
                    case 0 ->
                        new InsertDocuments(
                                NS,
                                InsertBatch.ofInt64(
                                        LongStream.range(0, 300)
                                                .map(i -> random.nextLong())
                                                .toArray(),
                                        300));
                    case 1 -> new SplitAt(NS, BsonDocument.parse("{_id: NumberLong(" + x + ")}"));
                    case 2 ->
                        new MoveChunk(
                                NS,
                                new BsonDocument("_id", new BsonInt64(x)),
                                "shard0" + (1 + random.nextInt(3)),
                                random.nextBoolean());
                    case 3 ->
                        new MergeChunks(
                                NS,
                                BsonDocument.parse("{_id: NumberLong(" + Math.min(x, x / 2) + ")}"),
                                BsonDocument.parse("{_id: NumberLong(" + Math.max(x, x / 2) + ")}"));
                    case 4 -> new SplitFind(NS, new BsonDocument("_id", new BsonInt64(x)));
                    default -> null;
                };
                if (command == null) {
                    c.advance(random.nextLong(1, 30_000));
                } else if (c.canApply(command).isEmpty()) {
                    c.execute(command);
                    if (command instanceof InsertDocuments insert) {
                        inserted += insert.batch().size();
                    }
                }
                c.checkInvariants();
            }
            c.settle(3_600_000);
            assertEquals(16_384 + inserted, c.snapshot().documents(), "trial " + trial);
        }
    }
}
