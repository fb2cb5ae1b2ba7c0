package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ActiveMigration;
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
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The balancer's choice of migrations, case by case as MongoDB's own unit tests state it: mongo
 * {@code src/mongo/db/s/balancer/balancer_policy_test.cpp}, the chunk-count copy (ShardStatistics
 * with maxSize and currSizeMB; 4.4 to 6.0.2) and the data-size copy (ShardStatistics with
 * currSizeBytes, {@code collDataSizeInfo} at {@code kDefaultMaxChunkSizeBytes}; 6.0.3+). Each row
 * is one {@code TEST(BalancerPolicy, Name)}, rebuilt the way the file's {@code generateCluster}
 * does: shards {@code shard0, shard1, …} in order, chunks {@code [MinKey, 1), [1, 2), …,
 * [N - 1, MaxKey)} dealt out in shard order.
 *
 * <p>Row notation. Shards, {@code ;}-separated: {@code CHUNKS SIZE} then flags: {@code d} draining,
 * {@code max=M} maxSize, {@code zones=a,b}, {@code jumbo=*} (all its chunks), {@code jumbo=*-1}
 * (all but its chunk 1), {@code jumbo=0,2}. SIZE is MB (currSizeMB) in the chunk-count era and
 * units of the max chunk size in the data-size era; the simulator runs at a 1 MiB chunk size with
 * 1 KiB documents (a currSizeMB without maxSize has no effect, so a shard without chunks gets
 * size 0). Zones: {@code LO..HI=ZONE} with integers, {@code min}, {@code max}, or
 * {@code c:S.I=ZONE} for the range of shard S's chunk I. Used shards: shard numbers. Expected:
 * {@code ;}-separated {@code F>T@S.I REASON} (T may be {@code 1/2}: either), or {@code -}.
 */
class BalancerPolicyParityTest {

    private static final String NS = "TestDB.TestColl";
    private static final long MIB = 1024 * 1024;

    @ParameterizedTest(name = "[{0}] {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # version | balancer_policy_test.cpp (chunk-count copy) | shards | zones | used | expected
            5.0 | Basic                                                    | 4 4; 0 0; 3 3                        | -                    | -     | 0>1@0.0 CHUNKS_IMBALANCE
            5.0 | SmallClusterShouldBePerfectlyBalanced                    | 1 1; 2 2; 0 0                        | -                    | -     | 1>2@1.0 CHUNKS_IMBALANCE
            5.0 | SingleChunkShouldNotMove                                 | 1 1; 0 0                             | -                    | -     | -
            5.0 | BalanceThresholdObeyed                                   | 2 2; 2 2; 1 1; 1 1                   | -                    | -     | -
            5.0 | ParallelBalancing                                        | 4 4; 4 4; 0 0; 0 0                   | -                    | -     | 0>2@0.0 CHUNKS_IMBALANCE; 1>3@1.0 CHUNKS_IMBALANCE
            5.0 | ParallelBalancingDoesNotPutChunksOnShardsAboveTheOptimal | 100 100; 90 90; 90 90; 80 80; 0 0; 0 0 | -                  | -     | 0>4@0.0 CHUNKS_IMBALANCE; 1>5@1.0 CHUNKS_IMBALANCE
            5.0 | ParallelBalancingDoesNotMoveChunksFromShardsBelowOptimal | 100 100; 30 30; 5 5; 0 0            | -                    | -     | 0>3@0.0 CHUNKS_IMBALANCE
            5.0 | ParallelBalancingNotSchedulingOnInUseSourceShardsWithMoveNecessary | 8 8; 4 4; 0 0; 0 0         | -                    | 0     | 1>2@1.0 CHUNKS_IMBALANCE
            5.0 | ParallelBalancingNotSchedulingOnInUseSourceShardsWithMoveNotNecessary | 12 12; 4 4; 0 0; 0 0    | -                    | 0     | -
            5.0 | ParallelBalancingNotSchedulingOnInUseDestinationShards   | 4 4; 4 4; 0 0; 1 1                   | -                    | 2     | 0>3@0.0 CHUNKS_IMBALANCE
            5.0 | JumboChunksNotMoved                                      | 4 2 jumbo=*-1; 0 0                   | -                    | -     | 0>1@0.1 CHUNKS_IMBALANCE
            5.0 | JumboChunksNotMovedParallel                              | 4 2 jumbo=*-1; 0 0; 4 2 jumbo=*-2; 0 0 | -                  | -     | 0>1@0.1 CHUNKS_IMBALANCE; 2>3@2.2 CHUNKS_IMBALANCE
            5.0 | JumboChunksNotMovedWhileEnforcingZones                   | 3 3 jumbo=*-1; 3 3 zones=a jumbo=*   | min..max=a           | -     | 0>1@0.1 ZONE_VIOLATION
            5.0 | DrainingSingleChunk                                      | 1 2 d; 5 0                           | -                    | -     | 0>1@0.0 DRAIN
            5.0 | DrainingSingleChunkPerShard                              | 1 2 d; 5 0; 1 2 d; 5 0               | -                    | -     | 0>1@0.0 DRAIN; 2>3@2.0 DRAIN
            5.0 | DrainingWithTwoChunksFirstOneSelected                    | 2 2 d; 5 0                           | -                    | -     | 0>1@0.0 DRAIN
            5.0 | DrainingMultipleShardsFirstOneSelected                   | 1 5 d; 2 5 d; 16 5                   | -                    | -     | 0>2@0.0 DRAIN
            5.0 | DrainingMultipleShardsWontAcceptChunks                   | 4 2; 0 0 d; 0 0 d                    | -                    | -     | -
            5.0 | DrainingSingleAppropriateShardFoundDueToTag              | 4 2 zones=NYC; 4 2 zones=LAX; 1 1 d zones=LAX | c:2.0=LAX   | -     | 2>1@2.0 DRAIN
            5.0 | DrainingNoAppropriateShardsFoundDueToTag                 | 4 2 zones=NYC; 4 2 zones=LAX; 1 1 d zones=SEA | c:2.0=SEA   | -     | -
            5.0 | DrainingSingleAppropriateShardFoundMultipleTags          | 4 2 d; 2 2 zones=Zone1,Zone2; 2 2 zones=Zone1,Zone2; 2 2 | c:0.0=Zone1 c:0.1=Zone2 c:0.2=Zone1 c:0.3=Zone2 | - | 0>1/2 DRAIN
            5.0 | NoBalancingDueToAllNodesEitherDrainingOrMaxedOut         | 1 2 d; 6 1 max=1; 1 1 d              | -                    | -     | -
            5.0 | BalancerRespectsMaxShardSizeOnlyBalanceToNonMaxed        | 2 3 max=1; 5 5; 10 10                | -                    | -     | 2>1@2.0
            5.0 | BalancerRespectsMaxShardSizeWhenAllBalanced              | 4 4 max=1; 4 4; 4 4                  | -                    | -     | -
            4.4 | BalancerRespectsMaxShardSizeOnlyBalanceToNonMaxed        | 2 3 max=1; 5 5; 10 10                | -                    | -     | 2>1@2.0
            5.0 | BalancerRespectsTagsWhenDraining                         | 6 5 zones=a; 2 5 d zones=a,b; 2 5 zones=b | min..7=a 8..max=b | -     | 1>0@1.0 DRAIN
            5.0 | BalancerRespectsTagPolicyBeforeImbalance                 | 2 5 zones=a; 6 5 zones=a; 2 5        | min..100=a           | -     | 2>0@2.0 ZONE_VIOLATION
            5.0 | OverloadedShardCannotDonateDueToTags                     | 5 5 zones=a; 0 0; 0 0                | min..max=a           | -     | -
            5.0 | BalancerFixesIncorrectTagsWithCrossShardViolationOfTags  | 3 5 zones=a; 3 5 zones=a; 3 5 zones=b | min..1=b 8..max=a   | -     | 0>2@0.0 ZONE_VIOLATION
            5.0 | BalancerFixesIncorrectTagInOtherwiseBalancedCluster      | 3 5 zones=a; 3 5 zones=a; 3 5        | min..10=a            | -     | 2>0@2.0 ZONE_VIOLATION
            5.0 | BalancerFixesIncorrectTagsInOtherwiseBalancedCluster     | 4 2; 2 2 zones=Zone1,Zone2; 2 2 zones=Zone1,Zone2; 2 2 | c:0.0=Zone1 c:0.1=Zone2 c:0.2=Zone1 c:0.3=Zone2 | - | 0>1/2 ZONE_VIOLATION
            5.0 | BalancerTagAlreadyBalanced                               | 2 3 zones=a; 2 2 zones=a             | min..max=a           | -     | -
            5.0 | BalancerMostOverLoadShardHasMultipleTags                 | 5 5 zones=a,b,c; 1 1 zones=b; 1 1 zones=c | min..1=a 1..3=b 3..5=c | - | 0>1@0.1
            5.0 | BalancerMostOverLoadShardHasMultipleTagsSkipTagWithShardInUse | 5 5 zones=a,b,c; 1 1 zones=b; 1 1 zones=c | min..1=a 1..3=b 3..5=c | 1 | 0>2@0.3
            5.0 | BalancerFixesIncorrectTagsInOtherwiseBalancedClusterParallel | 3 5 zones=a; 3 5 zones=a; 3 5; 3 5 | min..20=a          | -     | 2>0@2.0 ZONE_VIOLATION; 3>1@3.0 ZONE_VIOLATION
            5.0 | ChunksInNoZoneSpanOnAllShardsWithEmptyZones              | 3 5; 0 0 zones=a                     | 100..max=a           | -     | 0>1@0.0 CHUNKS_IMBALANCE
            5.0 | BalancingNoZoneIgnoreTotalShardSize                      | 3 5 zones=a; 6 5 zones=a; 3 5        | min..6=a             | -     | -
            5.0 | BalancerHandlesNoShardsWithTag                           | 2 5; 2 5                             | min..7=NonExistentZone | -   | -
            """)
    void chunkCountEra(String version, String test, String shards, String zones, String used, String expected) {
        check(MongoVersion.parse(version), shards, zones, used, expected, false);
    }

    @ParameterizedTest(name = "[{0}] {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # version | balancer_policy_test.cpp (data-size copy) | shards | zones | used | expected
            8.0 | Basic                                                    | 4 4; 0 0; 3 3                        | -                    | -     | 0>1@0.0 CHUNKS_IMBALANCE
            8.0 | BasicWithManyChunks                                      | 10 1; 2 3; 20 0                      | -                    | -     | 1>2@1.0 CHUNKS_IMBALANCE
            8.0 | SmallSingleChunkShouldNotMove                            | 1 1; 0 0                             | -                    | -     | -
            8.0 | BalanceThresholdObeyed                                   | 2 2; 2 2; 1 1; 1 1                   | -                    | -     | -
            8.0 | ParallelBalancing                                        | 4 4; 4 4; 0 0; 0 0                   | -                    | -     | 0>2@0.0 CHUNKS_IMBALANCE; 1>3@1.0 CHUNKS_IMBALANCE
            8.0 | ParallelBalancingDoesNotScheduleMigrationsOnShardsAboveIdealDataSize | 100 100; 90 90; 90 90; 80 80; 0 0; 0 0 | - | -  | 0>4@0.0 CHUNKS_IMBALANCE; 1>5@1.0 CHUNKS_IMBALANCE
            8.0 | ParallelBalancingDoesNotMoveChunksFromShardsBelowOptimal | 100 100; 30 30; 5 5; 0 0            | -                    | -     | 0>3@0.0 CHUNKS_IMBALANCE
            8.0 | ParallelBalancingNotSchedulingOnInUseSourceShardsWithMoveNecessary | 8 8; 4 4; 0 0; 0 0         | -                    | 0     | 1>2@1.0 CHUNKS_IMBALANCE
            8.0 | ParallelBalancingNotSchedulingOnInUseSourceShardsWithMoveNotNecessary | 12 12; 4 4; 0 0; 0 0    | -                    | 0     | -
            8.0 | ParallelBalancingNotSchedulingOnInUseDestinationShards   | 4 4; 4 4; 0 0; 1 1                   | -                    | 2     | 0>3@0.0 CHUNKS_IMBALANCE
            8.0 | ParallelBalancingDoesNotMoveDataFromShardsBelowIdealZoneSize | 1 100; 1 30; 1 5; 1 0           | -                    | -     | 0>3@0.0 CHUNKS_IMBALANCE
            8.0 | JumboChunksNotMoved                                      | 4 4 jumbo=*-1; 0 0                   | -                    | -     | 0>1@0.1 CHUNKS_IMBALANCE
            8.0 | JumboChunksNotMovedParallel                              | 1 4 jumbo=*; 1 0; 1 4 jumbo=*; 1 0   | -                    | -     | -
            8.0 | JumboChunksNotMovedWhileEnforcingZones                   | 3 3 jumbo=*-1; 3 3 zones=a jumbo=*   | min..max=a           | -     | 0>1@0.1 ZONE_VIOLATION
            8.0 | DrainingSingleChunkPerShardOnlyOneChunk                  | 1 2 d; 1 0; 1 2 d; 1 0               | -                    | -     | 0>1@0.0 DRAIN; 2>3@2.0 DRAIN
            8.0 | DrainingSingleChunkPerShard                              | 1 2 d; 5 0; 1 2 d; 5 0               | -                    | -     | 0>1@0.0 DRAIN; 2>3@2.0 DRAIN
            8.0 | DrainingFromShardWithFewData                             | 1 20; 1 1 d                          | -                    | -     | 1>0@1.0 DRAIN
            8.0 | DrainingSingleChunk                                      | 1 2 d; 5 0                           | -                    | -     | 0>1@0.0 DRAIN
            8.0 | DrainingMultipleShardsAtLeastOneSelected                 | 1 50; 1 5 d; 1 5 d                   | -                    | -     | 1>0@1.0 DRAIN
            8.0 | DrainingMultipleShardsFirstOneSelected                   | 1 5 d; 2 5 d; 16 5                   | -                    | -     | 0>2@0.0 DRAIN
            8.0 | DrainingMultipleShardsWontAcceptMigrations               | 4 2; 0 0 d; 0 0 d                    | -                    | -     | -
            8.0 | DrainingWithTwoChunksFirstOneSelected                    | 2 2 d; 5 0                           | -                    | -     | 0>1@0.0 DRAIN
            8.0 | DrainingSingleAppropriateShardFoundDueToZone             | 4 2 zones=NYC; 4 2 zones=LAX; 1 1 d zones=LAX | c:2.0=LAX   | -     | 2>1@2.0 DRAIN
            8.0 | DrainingNoAppropriateShardsFoundDueToZone                | 4 2 zones=NYC; 4 2 zones=LAX; 1 1 d zones=SEA | c:2.0=SEA   | -     | -
            8.0 | DrainingSingleAppropriateShardFoundMultipleTags          | 4 2 d; 2 2 zones=Zone1,Zone2; 2 2 zones=Zone1,Zone2; 2 2 | c:0.0=Zone1 c:0.1=Zone2 c:0.2=Zone1 c:0.3=Zone2 | - | 0>1/2 DRAIN
            8.0 | NoBalancingDueToAllNodesDraining                         | 1 5 d; 1 1 d                         | -                    | -     | -
            8.0 | BalancerRespectsZonesWhenDraining                        | 6 6 zones=a; 1 1 d zones=a,b; 2 2 zones=b | min..7=a 8..max=b | -     | 1>0@1.0 DRAIN
            8.0 | BalancerRespectsZonePolicyBeforeImbalance                | 2 5 zones=a; 6 5 zones=a; 5 2        | min..100=a           | -     | 2>0@2.0 ZONE_VIOLATION
            8.0 | OverloadedShardCannotDonateDueToTags                     | 5 5 zones=a; 0 0; 0 0                | min..max=a           | -     | -
            8.0 | BalancerFixesIncorrectZonesWithCrossShardViolationOfZones | 3 5 zones=a; 3 5 zones=a; 3 5 zones=b | min..1=b 8..max=a  | -     | 0>2@0.0 ZONE_VIOLATION
            8.0 | BalancerFixesIncorrectZonesInOtherwiseBalancedCluster    | 3 5 zones=a; 3 5 zones=a; 3 5        | min..10=a            | -     | 2>0@2.0 ZONE_VIOLATION
            8.0 | BalancerFixesIncorrectTagsInOtherwiseBalancedCluster     | 4 2; 2 2 zones=Zone1,Zone2; 2 2 zones=Zone1,Zone2; 2 2 | c:0.0=Zone1 c:0.1=Zone2 c:0.2=Zone1 c:0.3=Zone2 | - | 0>1/2 ZONE_VIOLATION
            8.0 | BalancerZoneAlreadyBalanced                              | 3 2 zones=a; 2 2 zones=a             | min..max=a           | -     | -
            8.0 | ScheduleMigrationForChunkViolatingZone                   | 1 2 zones=a; 1 2 zones=b             | min..max=a           | -     | 1>0@1.0 ZONE_VIOLATION
            8.0 | ScheduleParallelMigrationsForZoneViolations              | 1 2 zones=a; 1 2 zones=a; 1 2 zones=b; 1 2 zones=b | min..max=a | - | 2>0@2.0 ZONE_VIOLATION; 3>1@3.0 ZONE_VIOLATION
            8.0 | DrainingHasPrecedenceOverZoneViolation                   | 1 2 zones=a; 1 2 zones=b; 1 2 d zones=a | min..max=a        | -     | 2>0@2.0 DRAIN
            8.0 | BalancerMostOverLoadShardHasMultipleZones                | 5 5 zones=a,b,c; 1 1 zones=b; 1 1 zones=c | min..1=a 1..3=b 3..5=c | - | 0>1@0.1
            8.0 | BalancerMostOverLoadShardHasMultipleZonesSkipZoneWithShardInUse | 5 5 zones=a,b,c; 1 1 zones=b; 1 1 zones=c | min..1=a 1..3=b 3..5=c | 1 | 0>2@0.3
            8.0 | BalancerFixesIncorrectZonesInOtherwiseBalancedClusterParallel | 5 3 zones=a; 5 3 zones=a; 5 3; 5 3 | min..20=a         | -     | 2>0@2.0 ZONE_VIOLATION; 3>1@3.0 ZONE_VIOLATION
            8.0 | BalancerHandlesNoShardsWithZone                          | 2 5; 2 5                             | min..7=NonExistentZone | -   | -
            """)
    void dataSizeEra(String version, String test, String shards, String zones, String used, String expected) {
        check(MongoVersion.parse(version), shards, zones, used, expected, true);
        if (!version.equals("7.0")) {
            check(MongoVersion.V7_0, shards, zones, used, expected, true);
        }
    }

    @ParameterizedTest(name = "{0}: a shard at its maxSize receives nothing: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # the BalancerRespectsMaxShardSize* clusters by data size; maxSize is ignored from 6.2
            # (docs release-notes/6.2-compatibility: "Any pre-existing maxSize field entries are ignored")
            6.0 | 3 3 max=1; 5 5; 10 10 | 2>1@2.0 CHUNKS_IMBALANCE
            7.0 | 3 3 max=1; 5 5; 10 10 | 2>0@2.0 CHUNKS_IMBALANCE
            8.0 | 3 3 max=1; 5 5; 10 10 | 2>0@2.0 CHUNKS_IMBALANCE
            6.0 | 3 3 max=4; 5 5; 10 10 | 2>0@2.0 CHUNKS_IMBALANCE
            5.0 | 2 3 max=4; 5 5; 10 10 | 2>0@2.0 CHUNKS_IMBALANCE
            5.0 | 2 3 max=3; 5 5; 10 10 | 2>1@2.0 CHUNKS_IMBALANCE
            """)
    void maxSizeIsHonouredBefore62(String version, String shards, String expected) {
        check(
                MongoVersion.parse(version),
                shards,
                "-",
                "-",
                expected,
                MongoVersion.parse(version).atLeast(MongoVersion.V6_0));
    }

    /** One shard of a row: its chunks, size, flags. */
    private record ShardSpec(int chunks, long size, boolean draining, long maxSize, Set<String> zones, String jumbo) {

        static ShardSpec parse(String text) {
            String[] t = text.trim().split("\\s+");
            boolean draining = false;
            long maxSize = 0;
            Set<String> zones = Set.of();
            String jumbo = "";
            for (int i = 2; i < t.length; i++) {
                if (t[i].equals("d")) {
                    draining = true;
                } else if (t[i].startsWith("max=")) {
                    maxSize = Long.parseLong(t[i].substring(4));
                } else if (t[i].startsWith("zones=")) {
                    zones = Set.of(t[i].substring(6).split(","));
                } else if (t[i].startsWith("jumbo=")) {
                    jumbo = t[i].substring(6);
                } else {
                    throw new IllegalArgumentException("row: unknown shard flag " + t[i]);
                }
            }
            return new ShardSpec(Integer.parseInt(t[0]), Long.parseLong(t[1]), draining, maxSize, zones, jumbo);
        }

        boolean jumbo(int i) {
            if (jumbo.isEmpty()) {
                return false;
            }
            if (jumbo.equals("*")) {
                return true;
            }
            if (jumbo.startsWith("*-")) {
                return i != Integer.parseInt(jumbo.substring(2));
            }
            return Arrays.stream(jumbo.split(",")).mapToInt(Integer::parseInt).anyMatch(j -> j == i);
        }
    }

    private static ShardKey x(long v) {
        return ShardKey.of(new BsonInt64(v));
    }

    private static ShardKey bound(String text) {
        return switch (text) {
            case "min" -> ShardKey.of(new BsonMinKey());
            case "max" -> ShardKey.of(new BsonMaxKey());
            default -> x(Long.parseLong(text));
        };
    }

    @ParameterizedTest(name = "[{0}] {1} with the busy shards in a migration in flight")
    @CsvSource(delimiter = '|', textBlock = """
            # the ParallelBalancingNotSchedulingOnInUse* clusters; instead of usedShards, a migration the
            # source's balancer had in progress (config.migrations) keeps its two shards busy
            5.0 | ParallelBalancingNotSchedulingOnInUseSourceShardsWithMoveNecessary    | 8 8; 4 4; 0 0; 0 0  | 0>3@0.0 | 1>2@1.0 CHUNKS_IMBALANCE
            5.0 | ParallelBalancingNotSchedulingOnInUseSourceShardsWithMoveNotNecessary | 12 12; 4 4; 0 0; 0 0 | 0>3@0.0 | -
            8.0 | ParallelBalancingNotSchedulingOnInUseSourceShardsWithMoveNecessary    | 8 8; 4 4; 0 0; 0 0  | 0>3@0.0 | 1>2@1.0 CHUNKS_IMBALANCE
            8.0 | ParallelBalancingNotSchedulingOnInUseDestinationShards               | 4 4; 4 4; 0 0; 1 1  | 1>2@1.0 | 0>3@0.0 CHUNKS_IMBALANCE
            """)
    void migrationsInFlightKeepTheirShardsOutOfTheRound(
            String version, String test, String shards, String inFlight, String expected) {
        check(
                MongoVersion.parse(version),
                shards,
                "-",
                "-",
                expected,
                MongoVersion.parse(version).atLeast(MongoVersion.V6_0),
                inFlight);
    }

    private static void check(
            MongoVersion version,
            String shardText,
            String zoneText,
            String usedText,
            String expected,
            boolean dataSizeEra) {
        check(version, shardText, zoneText, usedText, expected, dataSizeEra, "-");
    }

    private static void check(
            MongoVersion version,
            String shardText,
            String zoneText,
            String usedText,
            String expected,
            boolean dataSizeEra,
            String inFlightText) {
        // given the cluster of generateCluster
        List<ShardSpec> specs =
                Arrays.stream(shardText.split(";")).map(ShardSpec::parse).toList();
        int total = specs.stream().mapToInt(ShardSpec::chunks).sum();
        List<Shard> shards = new ArrayList<>();
        List<Chunk> chunks = new ArrayList<>();
        List<int[]> owner = new ArrayList<>();
        int n = 0;
        for (int s = 0; s < specs.size(); s++) {
            ShardSpec spec = specs.get(s);
            shards.add(new Shard("shard" + s, "", spec.zones(), spec.draining(), spec.maxSize()));
            if (spec.chunks() == 0 && spec.size() > 0) {
                throw new IllegalArgumentException("row: a shard without chunks cannot hold data here");
            }
            for (int i = 0; i < spec.chunks(); i++, n++) {
                chunks.add(new Chunk(
                        n == 0 ? bound("min") : x(n),
                        n == total - 1 ? bound("max") : x(n + 1),
                        "shard" + s,
                        spec.jumbo(i),
                        new ChunkVersion(n + 1, 0)));
                owner.add(new int[] {s, i});
            }
        }
        List<ZoneRange> zones = new ArrayList<>();
        if (!zoneText.equals("-")) {
            for (String z : zoneText.trim().split("\\s+")) {
                String[] parts = z.split("=");
                if (parts[0].startsWith("c:")) {
                    Chunk c = chunkOf(chunks, owner, parts[0].substring(2));
                    zones.add(new ZoneRange(c.min(), c.max(), parts[1]));
                } else {
                    String[] range = parts[0].split("\\.\\.");
                    zones.add(new ZoneRange(bound(range[0]), bound(range[1]), parts[1]));
                }
            }
        }
        ClusterSnapshot layout =
                new ClusterSnapshot(NS, ShardKeyPattern.parse("{x: 1}"), false, shards, new ChunkMap(chunks), zones);
        List<ChunkStatistics> contents = new ArrayList<>();
        for (int c = 0; c < chunks.size(); c++) {
            ShardSpec spec = specs.get(owner.get(c)[0]);
            long kib = spec.size() * 1024;
            long documents = kib / spec.chunks() + (owner.get(c)[1] == 0 ? kib % spec.chunks() : 0);
            contents.add(new ChunkStatistics(chunks.get(c), documents, documents * 1024));
        }
        List<ActiveMigration> inFlight = new ArrayList<>();
        if (!inFlightText.equals("-")) {
            String[] route = inFlightText.split("@")[0].split(">");
            Chunk c = chunkOf(chunks, owner, inFlightText.split("@")[1]);
            inFlight.add(new ActiveMigration(c.min(), c.max(), "shard" + route[0], "shard" + route[1]));
        }
        SimulatedCluster cluster = SimulatedCluster.fromLayout(
                SimulationConfig.of(version).withMaxChunkSizeBytes(MIB).withInvariantChecks(true),
                new LoadLayout(layout, contents, inFlight));
        Set<String> used = new HashSet<>();
        if (!usedText.equals("-")) {
            for (String u : usedText.trim().split("\\s+")) {
                used.add("shard" + u);
            }
        }

        // when the version's policy picks the round's migrations
        ClusterState state = cluster.state();
        assertEquals(dataSizeEra, state.policies().balancer() instanceof DataSizeBalancerPolicy);
        used.addAll(BalancerPolicy.busyShards(state));
        assertEquals(inFlight.size(), state.migrations().size(), "migrations in flight after the load");
        List<BalancerPolicy.Plan> plans = state.policies().balancer().selectMigrations(state, used);

        // then they are MongoDB's
        List<String> want = expected.equals("-")
                ? List.of()
                : Arrays.stream(expected.split(";")).map(String::trim).toList();
        assertEquals(want.size(), plans.size(), () -> "migrations: " + describe(state, plans));
        for (int i = 0; i < want.size(); i++) {
            String[] w = want.get(i).split("\\s+");
            BalancerPolicy.Plan p = plans.get(i);
            Chunk c = state.chunks().get(p.chunkIndex());
            String[] route = w[0].split("@")[0].split(">");
            assertEquals("shard" + route[0], c.shard(), "donor of migration " + i);
            assertTrue(
                    Arrays.stream(route[1].split("/"))
                            .map(t -> "shard" + t)
                            .toList()
                            .contains(p.to()),
                    "recipient of migration " + i + ": " + p.to());
            if (w[0].contains("@")) {
                assertEquals(chunkOf(chunks, owner, w[0].split("@")[1]).min(), c.min(), "min of migration " + i);
            }
            if (w.length > 1) {
                assertEquals(MigrationReason.valueOf(w[1]), p.reason(), "reason of migration " + i);
            }
        }
        if (dataSizeEra && used.isEmpty() && inFlight.isEmpty()) {
            // and the round runs them: the donor picks each max (moveRange without max), never
            // stopping because the chunk's keys are unknown
            List<ClusterEvent> events = new ArrayList<>();
            cluster.addListener(events::add);
            cluster.runBalancerRounds(1);
            List<String> run = new ArrayList<>();
            for (ClusterEvent e : events) {
                assertTrue(!(e instanceof ClusterEvent.DocumentsUnknown), () -> "unexpected " + e);
                Migration m = e instanceof ClusterEvent.MigrationStarted s
                        ? s.migration()
                        : e instanceof ClusterEvent.MigrationFailed f ? f.migration() : null;
                if (m != null && run.size() < plans.size()) {
                    run.add(m.from() + ">" + m.to() + "@" + m.min());
                }
            }
            List<String> planned = plans.stream()
                    .map(p -> state.chunks().get(p.chunkIndex()))
                    .map(c -> c.shard())
                    .toList();
            assertEquals(plans.size(), run.size(), () -> "started or failed: " + run + " for " + planned);
        }
    }

    private static Chunk chunkOf(List<Chunk> chunks, List<int[]> owner, String ref) {
        String[] si = ref.split("\\.");
        for (int c = 0; c < chunks.size(); c++) {
            if (owner.get(c)[0] == Integer.parseInt(si[0]) && owner.get(c)[1] == Integer.parseInt(si[1])) {
                return chunks.get(c);
            }
        }
        throw new IllegalArgumentException("row: no chunk " + ref);
    }

    private static String describe(ClusterState state, List<BalancerPolicy.Plan> plans) {
        List<String> out = new ArrayList<>();
        for (BalancerPolicy.Plan p : plans) {
            Chunk c = state.chunks().get(p.chunkIndex());
            out.add(c.shard() + ">" + p.to() + "@" + c.min() + " " + p.reason());
        }
        return out.toString();
    }
}
