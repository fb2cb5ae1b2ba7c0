package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The balancer's defragmentation ({@link Defragmenter}), with cases ported from mongo
 * {@code src/mongo/db/s/balancer/balancer_defragmentation_policy_test.cpp} (test names cited per
 * case) and the phases' own rules from {@code balancer_defragmentation_policy.cpp}. Layouts are written
 * {@code [min, max) shard bytes; …} on {@code {x: 1}}.
 */
class DefragmentationTest {

    private static final String NS = "test.coll";
    private static final ShardKeyPattern KEY = ShardKeyPattern.parse("{x: 1}");
    private static final long KIB = 1024;
    private static final long MIB = 1024 * KIB;
    private static final Pattern CHUNK = Pattern.compile("\\[(\\w+|-?\\d+), *(\\w+|-?\\d+)\\) +(\\w+)(?: +(\\d+))?");

    private static ShardKey key(String v) {
        return switch (v) {
            case "MinKey" -> KEY.globalMin();
            case "MaxKey" -> KEY.globalMax();
            default -> ShardKey.of(new BsonInt32(Integer.parseInt(v)));
        };
    }

    /** A cluster of shard0 … shard{n-1} holding {@code layout} (bytes as documents of 1 KiB, unknown keys). */
    static SimulatedCluster cluster(String version, long maxChunkSize, int shards, String layout, String zones) {
        List<Chunk> chunks = new ArrayList<>();
        List<ChunkStatistics> contents = new ArrayList<>();
        Matcher m = CHUNK.matcher(layout);
        int i = 0;
        while (m.find()) {
            Chunk c = new Chunk(key(m.group(1)), key(m.group(2)), m.group(3), false, new ChunkVersion(1, i++));
            chunks.add(c);
            long bytes = m.group(4) == null ? 0 : Long.parseLong(m.group(4));
            contents.add(new ChunkStatistics(c, Math.max(bytes / KIB, bytes > 0 ? 1 : 0), bytes));
        }
        List<ZoneRange> ranges = new ArrayList<>();
        List<Shard> shardList = new ArrayList<>();
        for (int s = 0; s < shards; s++) {
            shardList.add(new Shard("shard" + s, "host" + s + ":27018", Set.of(), false));
        }
        if (!zones.isBlank()) {
            // "[min, max) zone" ranges; every shard named in the zone column is in the zone
            Matcher z = CHUNK.matcher(zones);
            while (z.find()) {
                ranges.add(new ZoneRange(key(z.group(1)), key(z.group(2)), z.group(3)));
            }
            for (int s = 0; s < shards; s++) {
                Set<String> names = ranges.stream().map(ZoneRange::zone).collect(Collectors.toSet());
                shardList.set(s, new Shard("shard" + s, "host" + s + ":27018", names, false));
            }
        }
        SimulatedCluster c = new SimulatedCluster(SimulationConfig.of(MongoVersion.parse(version))
                .withMaxChunkSizeBytes(maxChunkSize)
                .withInvariantChecks(true));
        c.execute(
                new LoadLayout(new ClusterSnapshot(NS, KEY, false, shardList, new ChunkMap(chunks), ranges), contents));
        return c;
    }

    /** The chunks as {@code [min, max) shard; …}. */
    static String layout(SimulatedCluster c) {
        return c.state().chunks().chunks().stream()
                .map(ch -> "[" + text(ch.min()) + ", " + text(ch.max()) + ") " + ch.shard())
                .collect(Collectors.joining("; "));
    }

    private static String text(ShardKey k) {
        if (k.equals(KEY.globalMin())) {
            return "MinKey";
        }
        if (k.equals(KEY.globalMax())) {
            return "MaxKey";
        }
        return String.valueOf(k.toDocument(KEY).getInt32("x").getValue());
    }

    // ---- phase 1 ---------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # test name (or rule) | layout | zones | remaining before | after phase 1 | then (nothing left to move: finished)
            TestPhaseOneAllConsecutive | [MinKey,1) shard0; [1,2) shard0; [2,3) shard0; [3,4) shard0; [4,5) shard0; [5,6) shard1; [6,7) shard1; [7,8) shard1; [8,9) shard1; [9,MaxKey) shard1 | | 2 | [MinKey, 5) shard0; [5, MaxKey) shard1 | moveAndMergeChunks
            PhaseOneNotConsecutive | [MinKey,1) shard0; [1,2) shard0; [2,3) shard0; [3,4) shard0; [4,5) shard0; [5,6) shard1; [6,7) shard0; [7,8) shard0; [8,9) shard0; [9,MaxKey) shard0 | | 3 | [MinKey, 5) shard0; [5, 6) shard1; [6, MaxKey) shard0 | moveAndMergeChunks
            TestPhaseOneAddSingleChunkCollectionTriggersDataSize | [MinKey,MaxKey) shard0 | | 1 | [MinKey, MaxKey) shard0 | finished
            TestPhaseOneAcknowledgeMergeChunkActionsTriggersDataSizeOnResultingRange | [MinKey,10) shard0; [10,MaxKey) shard0 | | 1 | [MinKey, MaxKey) shard0 | finished
            areMergeable: a zone bound stops a merge | [MinKey,1) shard0; [1,2) shard0; [2,3) shard0; [3,4) shard0; [4,MaxKey) shard0 | [1,3) EU | 3 | [MinKey, 1) shard0; [1, 3) shard0; [3, MaxKey) shard0 | finished
            """)
    void phaseOneMergesEachShardsContiguousChunksOfOneZone(
            String name, String layout, String zones, long remaining, String after, String then) {
        SimulatedCluster c = cluster("8.0", 128 * MIB, 4, layout, zones == null ? "" : zones);
        c.execute(new ConfigureDefragmentation(NS, true));
        assertEquals(
                new DefragmentationProgress(DefragmentationPhase.MERGE_AND_MEASURE_CHUNKS, remaining),
                c.defragmentationProgress().orElseThrow(),
                "merges plus data sizes still to do");

        // every shard busy: the round can do phase 1 only
        int started = Defragmenter.round(c.state(), Set.of("shard0", "shard1", "shard2", "shard3"));

        assertEquals(0, started);
        assertEquals(after, layout(c));
        assertEquals(
                then,
                c.defragmentationProgress().map(p -> p.phase().mongoName()).orElse("finished"));
        c.checkInvariants();
    }

    @ParameterizedTest(
            name = "AddSingleChunkCollectionWithKnownDataSizeCompletesDefragmentationWithNoOperationIssued " + "on {0}")
    @CsvSource({"5.3", "6.0.2", "6.0.3", "7.0", "8.0"})
    void aSingleChunkFinishesTheDefragmentationWithoutAMigration(String version) {
        SimulatedCluster c = cluster(version, 128 * MIB, 4, "[MinKey,MaxKey) shard0 1024", "");
        c.execute(new ConfigureDefragmentation(NS, true));

        BalancerRoundsRun run = c.runBalancerRounds(1);

        assertEquals(0, run.migrations().size());
        assertTrue(c.defragmentationProgress().isEmpty(), "the flag and the phase are cleared");
        assertEquals("[MinKey, MaxKey) shard0", layout(c));
    }

    @Test
    void aChunkOverTheThresholdIsMarkedBigAndSkippedByPhaseTwo() {
        // TestPhaseOneDataSizeResponsesWithMaxSizeReachedCausesChunkToBeSkippedByPhaseTwo
        SimulatedCluster c = cluster("8.0", 1 * MIB, 2, "[MinKey,0) shard0 300000; [0,MaxKey) shard1 1000", "");
        c.execute(new ConfigureDefragmentation(NS, true));
        Defragmenter.round(c.state(), Set.of("shard0", "shard1"));

        assertEquals(
                Defragmenter.BIG_CHUNK_MARKER,
                c.state().defragmentation().estimatedSizeBytes().get(KEY.globalMin()),
                "estimatedDataSizeBytes");
        assertEquals(1000L, c.state().defragmentation().estimatedSizeBytes().get(key("0")));
    }

    // ---- phase 2 ---------------------------------------------------------------------------------------

    @Test
    void theFullestShardsSmallChunkMovesEvenWhenBiggerThanItsNeighbour() {
        // TestPhaseTwoChunkCanBeMovedAndMergedWithSibling: collection sizes shard0 > shard1
        SimulatedCluster c = cluster("8.0", 128 * MIB, 2, "[MinKey,0) shard0 2048; [0,MaxKey) shard1 1024", "");
        c.execute(new ConfigureDefragmentation(NS, true));

        BalancerRoundsRun run = c.runBalancerRounds(1);

        assertEquals(1, run.migrations().size());
        Migration m = run.migrations().get(0).migration();
        assertEquals(
                List.of(KEY.globalMin(), key("0"), "shard0", "shard1"), List.of(m.min(), m.max(), m.from(), m.to()));
        assertEquals("[MinKey, MaxKey) shard1", layout(c), "merged with its neighbour once moved");
    }

    @Test
    void migrationsOnDisjointShardsStartInOneRound() {
        // TestPhaseTwoMultipleCollectionChunkMigrationsMayBeIssuedConcurrently
        SimulatedCluster c = cluster(
                "8.0",
                128 * MIB,
                4,
                "[MinKey,0) shard0 1; [0,10) shard1 1; [10,20) shard2 1; "
                        + "[20,30) shard3 1; [30,40) shard0 1; [40,MaxKey) shard1 1",
                "");
        c.execute(new ConfigureDefragmentation(NS, true));
        ClusterState state = c.state();
        Defragmenter.round(state, Set.of("shard0", "shard1", "shard2", "shard3"));

        int started = Defragmenter.round(state, Set.of());

        assertEquals(2, started);
        assertEquals(4, c.shardsInMigration().size(), "all four shards used");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # the small chunk [0, 10) on the fullest shard, shard0, has a neighbour on each side (threshold 262,125 B)
            equal ranks: the right neighbour stays the choice when its shard holds less | [MinKey,0) shard1 204800; [0,10) shard0 10240; [10,20) shard2 51200; [20,MaxKey) shard0 1024000 | shard2
            equal ranks: the left neighbour wins when its shard holds less | [MinKey,0) shard1 51200; [0,10) shard0 10240; [10,20) shard2 204800; [20,MaxKey) shard0 1024000 | shard1
            kMergeSolvesTwoPendingChunks: merging with the left leaves no small chunk | [MinKey,0) shard1 256000; [0,10) shard0 10240; [10,20) shard2 51200; [20,MaxKey) shard0 1024000 | shard1
            kConvenientMove: moving onto the bigger neighbour | [MinKey,0) shard1 5120; [0,10) shard0 10240; [10,20) shard2 20480; [20,MaxKey) shard0 1024000 | shard2
            """)
    void theBestRankedNeighbourReceivesTheSmallChunk(String rule, String layout, String recipient) {
        // _rankMergeableSibling and the tie-break on the recipient shard's size (popNextMigration)
        SimulatedCluster c = cluster("8.0", 1 * MIB, 3, layout, "");
        c.execute(new ConfigureDefragmentation(NS, true));
        ClusterState state = c.state();
        Defragmenter.round(state, Set.of("shard0", "shard1", "shard2"));

        Defragmenter.round(state, Set.of());

        Migration first = state.migrations().get(0);
        assertEquals(List.of(key("0"), "shard0", recipient), List.of(first.min(), first.from(), first.to()));
    }

    @ParameterizedTest(name = "neighbours' shard draining {0}: migrations {1}")
    @CsvSource({"false, 1", "true, 0"})
    void aDrainingShardReceivesNoSmallChunk(boolean draining, int migrations) {
        // _getChunkSiblings: destinationAvailable needs a shard that is not draining
        SimulatedCluster c = cluster(
                "8.0",
                1 * MIB,
                2,
                "[MinKey,0) shard0 1000000; [0,10) shard1 1000; " + "[10,MaxKey) shard0 1000000",
                "");
        if (draining) {
            replaceShard(c, c.state().shards().get("shard0").withDraining(true));
        }
        c.execute(new ConfigureDefragmentation(NS, true));

        int started = Defragmenter.round(c.state(), Set.of());

        assertEquals(migrations, started);
    }

    // ---- the whole run ----------------------------------------------------------------------------------

    @Test
    void everyRunEndsWithNoSmallChunkThatCouldStillMergeAndNothingLost() {
        // the phases' post-conditions: phase 3 leaves no two contiguous chunks of one shard in one zone, phase 2
        // no small chunk with a neighbour it may join; documents are only moved, never lost
        Random random = new Random(53_2022);
        for (int run = 0; run < 300; run++) {
            int n = 1 + random.nextInt(12);
            int shards = 2 + random.nextInt(3);
            StringBuilder layout = new StringBuilder();
            long total = 0;
            for (int i = 0; i < n; i++) {
                String min = i == 0 ? "MinKey" : String.valueOf(i * 10);
                String max = i == n - 1 ? "MaxKey" : String.valueOf((i + 1) * 10);
                long bytes = random.nextInt(4) == 0 ? 600_000 + random.nextInt(400_000) : random.nextInt(200_000);
                total += bytes;
                layout.append("[")
                        .append(min)
                        .append(",")
                        .append(max)
                        .append(") shard")
                        .append(random.nextInt(shards))
                        .append(" ")
                        .append(bytes)
                        .append("; ");
            }
            String zones = random.nextBoolean() || n < 4 ? "" : "[10,30) Z";
            SimulatedCluster c = cluster("8.0", 1 * MIB, shards, layout.toString(), zones);
            c.execute(new ConfigureDefragmentation(NS, true));
            for (int round = 0; round < 200 && c.defragmentationProgress().isPresent(); round++) {
                c.runBalancerRounds(1);
            }
            String where = "run " + run + ": " + layout + " zones " + zones;
            assertTrue(c.defragmentationProgress().isEmpty(), where + ": finished");
            c.checkInvariants();
            ClusterState state = c.state();
            List<Chunk> after = state.chunks().chunks();
            for (int i = 1; i < after.size(); i++) {
                assertFalse(
                        after.get(i - 1).shard().equals(after.get(i).shard())
                                && state.zoneOf(after.get(i - 1)).equals(state.zoneOf(after.get(i))),
                        where + ": " + layout(c));
            }
            long threshold = Defragmenter.smallChunkThreshold(state);
            for (int i = 0; i < after.size(); i++) {
                if (state.documentsOf(i).totalBytes() <= threshold) {
                    for (int nb : new int[] {i - 1, i + 1}) {
                        if (nb >= 0 && nb < after.size()) {
                            assertFalse(
                                    state.zoneOf(after.get(nb)).equals(state.zoneOf(after.get(i))),
                                    where + ": small chunk " + after.get(i) + " left beside " + after.get(nb));
                        }
                    }
                }
            }
            long bytes = 0;
            for (int i = 0; i < after.size(); i++) {
                bytes += state.documentsOf(i).totalBytes();
            }
            assertEquals(total, bytes, where);
        }
    }

    // ---- split phase, releases, stopping ------------------------------------------------------------------

    @ParameterizedTest(name = "{0}: chunks over the chunk size split: {1}")
    @CsvSource({"5.3, true", "6.0.2, true", "6.0.3, false", "7.0, false", "8.0, false"})
    void theSplitPhaseRunsWhileTheReleaseAutoSplits(String version, boolean splits) {
        // SERVER-65956 (skipped once there is no auto-splitter), SERVER-74237 (deleted in 7.0)
        SimulatedCluster c = cluster(
                version,
                1 * MIB,
                2,
                "[MinKey,0) shard1 500000; [0,100000) shard0 3145728; " + "[100000,MaxKey) shard1 500000",
                "");
        c.execute(new SetBalancerState(true));
        c.execute(new ConfigureDefragmentation(NS, true));
        List<ClusterEvent> events = new ArrayList<>();
        c.addListener(events::add);

        Defragmenter.round(c.state(), Set.of());

        boolean split = events.stream()
                .anyMatch(e ->
                        e instanceof ClusterEvent.ChunkSplit s && s.cause() == ClusterEvent.SplitCause.DEFRAGMENTATION);
        assertEquals(splits, split, layout(c));
        assertTrue(c.defragmentationProgress().isEmpty());
    }

    @ParameterizedTest(name = "{0}: configureCollectionBalancing exists: {1}")
    @CsvSource({"5.2, false", "5.3, true", "6.0, true", "8.0, true"})
    void configureCollectionBalancingExistsFrom53(String version, boolean exists) {
        SimulatedCluster c = cluster(version, 128 * MIB, 2, "[MinKey,MaxKey) shard0", "");

        assertEquals(exists, c.refusal(new ConfigureDefragmentation(NS, true)).isEmpty());
        if (!exists) {
            assertEquals(
                    new Refusal("CommandNotFound", "no such command: 'configureCollectionBalancing'"),
                    c.refusal(new ConfigureDefragmentation(NS, true)).orElseThrow());
        }
    }

    @Test
    void userCancellationFinishesTheDefragmentationAndUndoBringsItBack() {
        // TestPhaseOneUserCancellationFinishesDefragmentation
        SimulatedCluster c = cluster("8.0", 128 * MIB, 2, "[MinKey,0) shard0; [0,MaxKey) shard1", "");
        c.execute(new ConfigureDefragmentation(NS, true));
        c.execute(new ConfigureDefragmentation(NS, false));

        assertTrue(c.defragmentationProgress().isEmpty());
        c.undo();
        assertEquals(
                DefragmentationPhase.MERGE_AND_MEASURE_CHUNKS,
                c.defragmentationProgress().orElseThrow().phase());
    }

    @Test
    void aDefragmentingCollectionGetsTheDefragmentationsMigrationsNotThePolicys() {
        // canBalanceCollection is false while defragmentCollection is set: the data-size policy would move a
        // chunk of shard0 (8 MB against 1 KB) to shard1; the defragmentation moves the small chunk the other way
        SimulatedCluster c = cluster(
                "8.0",
                1 * MIB,
                2,
                "[MinKey,0) shard0 4194304; [0,10) shard1 1000; " + "[10,MaxKey) shard0 4194304",
                "");
        c.execute(new ConfigureDefragmentation(NS, true));

        BalancerRoundsRun run = c.runBalancerRounds(1);

        assertEquals(1, run.migrations().size());
        Migration m = run.migrations().get(0).migration();
        assertEquals(List.of(key("0"), "shard1", "shard0"), List.of(m.min(), m.from(), m.to()));
        assertEquals("[MinKey, 0) shard0; [0, MaxKey) shard0", layout(c), "phase 2 merged it with its neighbour");
        c.runBalancerRounds(1);
        assertEquals("[MinKey, MaxKey) shard0", layout(c), "phase 3 merged what the move made contiguous");
        assertTrue(c.defragmentationProgress().isEmpty());
    }

    /** Puts {@code shard} in place of the cluster's shard of its id, bypassing the commands. */
    private static void replaceShard(SimulatedCluster c, io.shardlab.cluster.Shard shard) {
        java.util.TreeMap<String, io.shardlab.cluster.Shard> shards =
                c.state().shardRegistry().copy();
        shards.put(shard.id(), shard);
        c.state().shardRegistry().restore(shards);
    }
}
