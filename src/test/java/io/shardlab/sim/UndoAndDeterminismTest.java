package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class UndoAndDeterminismTest {

    private static final String NS = "db.c";

    @ParameterizedTest
    @MethodSource("io.shardlab.cluster.MongoVersion#releaseLines")
    void undoingEveryCommandRestoresTheSnapshotBeforeIt(MongoVersion version) {
        SimulatedCluster c = ClusterRulesTest.cluster(version, 3, 256 * 1024);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        List<SimulationSnapshot> before = new ArrayList<>();
        List<ClusterCommand> commands = List.of(
                new InsertDocuments(
                        NS, InsertBatch.ofInt64(LongStream.range(0, 3000).toArray(), 150)),
                new SplitAt(NS, BsonDocument.parse("{x: 1000}")),
                new SplitAt(NS, BsonDocument.parse("{x: 2000}")),
                new InsertDocuments(
                        NS, InsertBatch.ofInt64(LongStream.range(500, 2500).toArray(), 90)),
                new MergeChunks(NS, BsonDocument.parse("{x: 1000}"), BsonDocument.parse("{x: {$maxKey: 1}}")),
                new MoveChunk(NS, BsonDocument.parse("{x: 5}"), "shard02", false));
        for (ClusterCommand command : commands) {
            if (c.canApply(command).isPresent()) {
                continue;
            }
            before.add(c.snapshot());
            c.execute(command);
        }
        for (int i = before.size() - 1; i >= 0; i--) {
            c.undo();
            SimulationSnapshot expected = before.get(i);
            assertEquals(expected.chunkStatistics(), c.snapshot().chunkStatistics());
            assertEquals(expected.migrationsInFlight(), c.snapshot().migrationsInFlight());
            assertEquals(expected.counters(), c.snapshot().counters());
        }
    }

    /** Random commands, invalid ones skipped; the cluster checks its invariants after each one. */
    static void randomStep(SimulatedCluster c, SplittableRandom random) {
        int kind = random.nextInt(6);
        long x = random.nextLong(0, 10_000);
        ClusterCommand command = switch (kind) {
            case 0, 1 ->
                new InsertDocuments(
                        NS,
                        InsertBatch.ofInt64(
                                LongStream.range(0, 500)
                                        .map(i -> random.nextLong(0, 10_000))
                                        .toArray(),
                                200));
            case 2 -> new SplitAt(NS, BsonDocument.parse("{x: " + x + "}"));
            case 3 ->
                new MoveChunk(NS, BsonDocument.parse("{x: " + x + "}"), "shard0" + (1 + random.nextInt(3)), false);
            case 4 ->
                new MergeChunks(
                        NS,
                        BsonDocument.parse("{x: " + x + "}"),
                        BsonDocument.parse("{x: " + (x + random.nextLong(1, 3000)) + "}"));
            default -> null;
        };
        if (command == null) {
            c.advance(random.nextLong(1, 20_000));
        } else if (c.canApply(command).isEmpty()) {
            c.execute(command);
        }
    }

    @ParameterizedTest
    @MethodSource("io.shardlab.cluster.MongoVersion#releaseLines")
    void randomCommandsKeepTheInvariants(MongoVersion version) {
        SimulatedCluster c = ClusterRulesTest.cluster(version, 3, 128 * 1024);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        SplittableRandom random = new SplittableRandom(42);
        for (int step = 0; step < 150; step++) {
            randomStep(c, random);
            c.checkInvariants();
        }
    }

    @ParameterizedTest
    @MethodSource("io.shardlab.cluster.MongoVersion#releaseLines")
    void theSameSeedReplaysTheSameEvents(MongoVersion version) {
        assertEquals(run(version), run(version));
    }

    private static List<String> run(MongoVersion version) {
        SimulatedCluster c = ClusterRulesTest.cluster(version, 4, 64 * 1024);
        List<String> events = new ArrayList<>();
        c.addListener(e -> events.add(e.toString()));
        c.execute(ShardCollection.of(NS, "{x: 'hashed'}"));
        SplittableRandom random = new SplittableRandom(3);
        // 2,000 documents a second for two minutes, a batch every insert step
        long perStep = 2_000 * SimulatedCluster.INSERT_STEP_MILLIS / 1_000;
        for (long t = 0; t < 120_000; t += SimulatedCluster.INSERT_STEP_MILLIS) {
            c.advance(SimulatedCluster.INSERT_STEP_MILLIS);
            c.insert(
                    NS,
                    InsertBatch.ofInt64(
                            LongStream.range(0, perStep)
                                    .map(i -> random.nextLong())
                                    .toArray(),
                            300));
        }
        return events;
    }
}
