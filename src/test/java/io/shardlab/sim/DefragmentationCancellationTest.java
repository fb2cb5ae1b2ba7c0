package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What {@code configureCollectionBalancing: ns, defragmentCollection: false} does to a defragmentation in
 * progress ({@link ConfigureDefragmentation}), as mongo
 * {@code src/mongo/db/s/balancer/balancer_defragmentation_policy_test.cpp} states it: with the auto-splitter
 * gone ({@code featureFlagNoMoreAutoSplitter}; 6.0.3 on) the defragmentation finishes
 * ({@code TestPhaseOneUserCancellationFinishesDefragmentation}); while the release still auto-splits (5.3 to
 * 6.0.2) it goes on to the split phase, {@code kSplitChunks}, whose {@code autoSplitVector} the next round
 * runs, then finishes ({@code TestPhaseOneUserCancellationBeginsPhase3}). The collection's chunks are written
 * {@code [min, max) shard bytes}, documents of 1 KiB, on {@code {x: 1}}, 1 MB chunks.
 */
class DefragmentationCancellationTest {

    @ParameterizedTest(name = "[{0}] {1}: phase after the stop {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | balancer_defragmentation_policy_test.cpp           | stopped in phase      | phase after the stop | split by the next round
            5.3   | TestPhaseOneUserCancellationBeginsPhase3               | mergeAndMeasureChunks | splitChunks          | true
            6.0.0 | TestPhaseOneUserCancellationBeginsPhase3               | mergeAndMeasureChunks | splitChunks          | true
            6.0.2 | TestPhaseOneUserCancellationBeginsPhase3               | mergeAndMeasureChunks | splitChunks          | true
            6.0.2 | (the same from phase 2: MoveAndMergeChunksPhase::userAbort) | moveAndMergeChunks | splitChunks          | true
            6.0.3 | TestPhaseOneUserCancellationFinishesDefragmentation    | mergeAndMeasureChunks | finished             | false
            7.0   | TestPhaseOneUserCancellationFinishesDefragmentation    | mergeAndMeasureChunks | finished             | false
            8.0   | TestPhaseOneUserCancellationFinishesDefragmentation    | mergeAndMeasureChunks | finished             | false
            8.0   | (the same from phase 2)                                | moveAndMergeChunks    | finished             | false
            """)
    void stoppingADefragmentationFinishesItOrGoesOnToTheSplitPhase(
            String release, String test, String stoppedIn, String after, boolean splits) {
        // given a collection with a chunk of 3 MB (over the max chunk size) and small chunks on two shards, being
        // defragmented, in the row's phase
        SimulatedCluster c = DefragmentationTest.cluster(
                release,
                1024 * 1024,
                2,
                "[MinKey,0) shard1 500000; [0,100000) shard0 3145728; [100000,200000) shard1 1000; "
                        + "[200000,MaxKey) shard0 1000",
                "");
        c.execute(new ConfigureDefragmentation("test.coll", true));
        if (stoppedIn.equals("moveAndMergeChunks")) {
            // phase 1 ran, every shard busy: phase 2 waits for them
            Defragmenter.round(c.state(), Set.of("shard0", "shard1"));
        }
        assertEquals(
                stoppedIn, c.defragmentationProgress().orElseThrow().phase().mongoName());

        // when the user stops it
        c.execute(new ConfigureDefragmentation("test.coll", false));

        // then it has finished, or it is in the split phase
        assertEquals(
                after,
                c.defragmentationProgress().map(p -> p.phase().mongoName()).orElse("finished"));

        // and the next round splits the chunk over the max chunk size only in the split phase, then finishes
        List<ClusterEvent> events = new ArrayList<>();
        c.addListener(events::add);
        Defragmenter.round(c.state(), Set.of());
        boolean split = events.stream()
                .anyMatch(e ->
                        e instanceof ClusterEvent.ChunkSplit s && s.cause() == ClusterEvent.SplitCause.DEFRAGMENTATION);
        assertEquals(splits, split);
        assertEquals(
                "finished",
                c.defragmentationProgress().map(p -> p.phase().mongoName()).orElse("finished"));
        c.checkInvariants();
    }
}
