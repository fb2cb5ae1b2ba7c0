package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Given a two-shard 8.0 cluster with db.c sharded on {x: 1} and split at 10 and 20, commands fail with MongoDB's texts. */
class CommandErrorsTest {

    private static final String NS = "db.c";
    private SimulatedCluster c;

    @BeforeEach
    void given() {
        c = ClusterRulesTest.cluster(MongoVersion.V8_0, 2, 1024 * 1024);
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        c.insert(NS, InsertBatch.ofInt64(LongStream.range(0, 30).toArray(), 100));
        c.execute(new SplitAt(NS, doc("{x: 10}")));
        c.execute(new SplitAt(NS, doc("{x: 20}")));
    }

    private static BsonDocument doc(String json) {
        return BsonDocument.parse(json);
    }

    private String error(ClusterCommand command) {
        return c.canApply(command).orElse("(accepted)");
    }

    @Test
    void splitAtAChunkBoundIsRefused() {
        assertEquals(
                "new split key { x: 10 } is a boundary key of existing chunk [{ x: 10 },{ x: 20 })",
                error(new SplitAt(NS, doc("{x: 10}"))));
    }

    @Test
    void splitAtAKeyOfOtherFieldsIsRefused() {
        assertEquals(
                "new split key { y: 1 } is not valid for shard key pattern { x: 1 }",
                error(new SplitAt(NS, doc("{y: 1}"))));
    }

    @Test
    void splitFindWithoutTheShardKeyIsRefused() {
        assertEquals("no shard key found in chunk query { y: 1 }", error(new SplitFind(NS, doc("{y: 1}"))));
    }

    @Test
    void mergeOfChunksOnDifferentShardsIsRefused() {
        c.execute(new MoveChunk(NS, doc("{x: 15}"), "shard02", false));
        c.settle(60_000);
        assertEquals(
                "could not merge chunks, shard shard01 does not contain a sequence of chunks that exactly fills "
                        + "the range [{ x: MinKey }, { x: 20 })",
                error(new MergeChunks(NS, doc("{x: {$minKey: 1}}"), doc("{x: 20}"))));
    }

    @Test
    void mergeOfARangeThatIsNotChunkBoundsIsRefused() {
        assertEquals(
                "could not merge chunks, shard shard01 does not contain a sequence of chunks that exactly fills "
                        + "the range [{ x: 5 }, { x: 20 })",
                error(new MergeChunks(NS, doc("{x: 5}"), doc("{x: 20}"))));
    }

    /**
     * A key change while a migration is in flight would leave the migration's range on chunks that no longer exist:
     * the simulator refuses it (mongos waits for the migration first, as MongoDB's DDL coordinators do: mongo
     * active_migrations_registry.cpp ActiveMigrationsRegistry::lock).
     */
    @Test
    void refineAndReshardWhileAMigrationIsInFlightAreRefused() {
        c.execute(new MoveChunk(NS, doc("{x: 15}"), "shard02", false));
        assertEquals(
                "cannot refine the shard key while a migration of that range is in progress",
                error(new RefineCollectionShardKey(NS, ShardKeyPattern.parse("{x: 1, y: 1}"))));
        assertEquals(
                "cannot reshard the collection while a migration of that range is in progress",
                error(new ReshardCollection(
                        NS, ShardKeyPattern.parse("{y: 1}"), InsertBatch.ofInt64(new long[0], 100), 2)));
        c.settle(60_000);
        assertEquals("(accepted)", error(new RefineCollectionShardKey(NS, ShardKeyPattern.parse("{x: 1, y: 1}"))));
    }

    @Test
    void moveChunkToAnUnknownShardIsRefused() {
        assertEquals("Shard shard09 not found", error(new MoveChunk(NS, doc("{x: 1}"), "shard09", false)));
    }

    @Test
    void overlappingZoneRangesAreRefused() {
        c.execute(new AddShardToZone("shard01", "A"));
        c.execute(new UpdateZoneKeyRange(NS, doc("{x: 0}"), doc("{x: 10}"), "A"));
        assertEquals(
                "Zone range: { x: 5 } -->> { x: 15 }  on  A is overlapping with existing: { x: 0 } -->> { x: 10 }"
                        + "  on  A",
                error(new UpdateZoneKeyRange(NS, doc("{x: 5}"), doc("{x: 15}"), "A")));
    }

    @Test
    void zoneRangeOfAnUnknownZoneIsRefused() {
        assertEquals("zone B does not exist", error(new UpdateZoneKeyRange(NS, doc("{x: 0}"), doc("{x: 10}"), "B")));
    }

    @Test
    void removingTheLastShardIsRefused() {
        c.execute(new RemoveShard("shard02"));
        assertEquals("Operation not allowed because it would remove the last shard", error(new RemoveShard("shard01")));
    }

    @Test
    void refineMustExtendTheKey() {
        assertEquals(
                "refineCollectionShardKey shard key { y: 1 } does not extend the current shard key { x: 1 }",
                error(new RefineCollectionShardKey(NS, ShardKeyPattern.parse("{y: 1}"))));
    }

    @Test
    void hashedKeysCannotBeUnique() {
        SimulatedCluster other = ClusterRulesTest.cluster(MongoVersion.V8_0, 1, 0);
        assertEquals(
                "Hashed shard keys cannot be declared unique. It's possible to ensure uniqueness on the hashed "
                        + "field by declaring an additional (non-hashed) unique index on the field.",
                other.canApply(new ShardCollection("db.h", ShardKeyPattern.parse("{x: 'hashed'}"), true, false))
                        .orElseThrow());
    }

    @Test
    void moveRangeDoesNotExistBefore60() {
        SimulatedCluster old = ClusterRulesTest.cluster(MongoVersion.V5_0, 2, 0);
        old.execute(ShardCollection.of(NS, "{x: 1}"));
        assertEquals(
                "no such command: 'moveRange'",
                old.canApply(new MoveRange(NS, doc("{x: {$minKey: 1}}"), null, "shard02"))
                        .orElseThrow());
    }

    @Test
    void refineCollectionShardKeyDoesNotExistBefore44() {
        SimulatedCluster old = ClusterRulesTest.cluster(MongoVersion.V4_2, 2, 0);
        old.execute(ShardCollection.of(NS, "{x: 1}"));
        RefineCollectionShardKey refine = new RefineCollectionShardKey(NS, ShardKeyPattern.parse("{x: 1, y: 1}"));
        assertEquals(
                "no such command: 'refineCollectionShardKey'",
                old.canApply(refine).orElseThrow());
        assertEquals("CommandNotFound", old.refusal(refine).orElseThrow().codeName(), "an unknown command's code");

        SimulatedCluster v44 = ClusterRulesTest.cluster(MongoVersion.V4_4, 2, 0);
        v44.execute(ShardCollection.of(NS, "{x: 1}"));
        assertEquals(java.util.Optional.empty(), v44.canApply(refine));
    }

    @Test
    void commandsOnAnUnshardedCollectionAreRefused() {
        assertEquals(
                "Can't execute mergeChunks on unsharded collection db.other",
                error(new MergeChunks("db.other", doc("{x: 0}"), doc("{x: 1}"))));
    }
}
