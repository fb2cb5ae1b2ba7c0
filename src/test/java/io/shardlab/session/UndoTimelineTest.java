package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.InsertDocuments;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.SplitAt;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class UndoTimelineTest {

    private static final String NS = "db.c";

    private final SimulatedCluster cluster = new SimulatedCluster(SimulationConfig.of(MongoVersion.V8_0));
    private final UndoTimeline timeline = new UndoTimeline(cluster);

    UndoTimelineTest() {
        cluster.execute(new AddShard("shard01"));
        cluster.execute(new AddShard("shard02"));
        cluster.execute(ShardCollection.of(NS, "{x: 1}"));
    }

    private ClusterCommand userSplitAt(int x) {
        ClusterCommand split = new SplitAt(NS, BsonDocument.parse("{x: NumberLong(" + x + ")}"));
        cluster.execute(split);
        timeline.userCommandRan(split);
        return split;
    }

    private void insert(long from, long to) {
        cluster.execute(new InsertDocuments(
                NS, InsertBatch.ofInt64(LongStream.range(from, to).toArray(), 100)));
    }

    @Test
    void undoRewindsThroughTheNewestUserCommandAndEverythingAfterIt() {
        // given a user's split followed by two insert batches
        userSplitAt(100);
        insert(0, 50);
        insert(50, 300);
        // when undone
        List<ClusterCommand> undone = new ArrayList<>();
        assertTrue(timeline.undo(undone::add));
        // then both batches and the split are taken back, newest first, and the split is what redo offers
        assertEquals(3, undone.size());
        assertTrue(undone.get(2) instanceof SplitAt);
        assertEquals(1, cluster.snapshot().cluster().chunks().size());
        assertEquals(0, cluster.snapshot().documents());
        assertEquals(Optional.of(undone.get(2).describe()), timeline.redoLabel());
        assertFalse(timeline.undo(c -> {}), "the setup is no user command: nothing more to undo");
    }

    @Test
    void redoReappliesTheCommandAndReplaysToWhereTheTimelineHadGot() {
        ClusterCommand split = userSplitAt(100);
        cluster.advance(5_000);
        long reached = cluster.now();
        timeline.undo(c -> {});
        List<Long> replayed = new ArrayList<>();
        assertTrue(timeline.redo(cluster::execute, replayed::add));
        assertEquals(2, cluster.snapshot().cluster().chunks().size());
        assertEquals(List.of(reached - cluster.now()), replayed);
        assertEquals(Optional.empty(), timeline.redoLabel());
        assertEquals(1, timeline.stepsToUndo(cluster.historyCommands()));
        assertEquals(
                split.describe(),
                timeline.userEntries(cluster.historyCommands()).get(0).description());
    }

    @Test
    void movingOnForgetsWhatUndoTookBackAndEveryChangeCountsARevision() {
        long start = timeline.revision();
        userSplitAt(100);
        timeline.undo(c -> {});
        long afterUndo = timeline.revision();
        timeline.movedOn();
        assertEquals(Optional.empty(), timeline.redoLabel());
        assertFalse(timeline.redo(cluster::execute, millis -> {}));
        assertEquals(start + 2, afterUndo);
        assertEquals(afterUndo + 1, timeline.revision());
    }

    @Test
    void undoNeverReachesPastAClientsCommand() {
        userSplitAt(100);
        insert(0, 10);
        timeline.clientCommandsRan(cluster.historyCommands().get(0));
        assertEquals(0, timeline.stepsToUndo(cluster.historyCommands()));
        assertFalse(timeline.undo(c -> {}));
    }

    @Test
    void anUndoOrRedoStartedWhileOneRunsIsRefused() {
        userSplitAt(100);
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> timeline.undo(c -> timeline.undo(d -> {})));
        assertEquals("undo: the undo in progress has not finished", e.getMessage());
        // the guard is released: the timeline works again
        userSplitAt(200);
        assertTrue(timeline.undo(c -> {}));
        assertThrows(IllegalStateException.class, () -> timeline.redo(c -> timeline.undo(d -> {}), m -> {}));
    }
}
