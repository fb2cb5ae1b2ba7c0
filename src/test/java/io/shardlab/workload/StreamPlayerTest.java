package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.SimulatedCluster;
import io.shardlab.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one stream cursor of the CLI's driver and the explorer's session: what is due, where batches end, steps. */
class StreamPlayerTest {

    private static final StreamStep FIRST_AT_250 = StreamStep.addShard(250, "shard02");
    private static final StreamStep SECOND_AT_250 = StreamStep.addShard(250, "shard03");
    private static final StreamStep AT_600 = StreamStep.addShard(600, "shard04");

    private final SimulatedCluster cluster = new SimulatedCluster(SimulationConfig.of(MongoVersion.V8_0));

    /** 1,000 documents a simulated second from now, with steps after 250 (two) and 600 documents, given out of order. */
    private final StreamPlayer player = new StreamPlayer(cluster, 1_000, List.of(AT_600, FIRST_AT_250, SECOND_AT_250));

    /** Lets time run to {@code millis} after the stream's start, grid point by grid point. */
    private void runTo(long millis) {
        long end = player.pace().startMillis() + millis;
        while (cluster.now() < end) {
            player.advanceToward(end);
        }
    }

    @ParameterizedTest(name = "[{index}] {0} in, at {1} ms, at most {2}: a batch of {3}")
    @CsvSource(textBlock = """
            # in, ms after the start, limit, batch
                0,     0,  10000,    0
                0,   100,  10000,  100
                0,   300,  10000,  250
              250,   300,  10000,   50
              250,   300,     20,   20
              300,   300,  10000,    0
              600,  1000,  10000,  400
            """)
    void aBatchHoldsWhatIsDueAtMostTheLimitAndEndsAtTheNextStepsDocument(int in, long millis, long limit, int batch) {
        player.inserted(in, step -> {});
        runTo(millis);

        assertEquals(batch, player.nextBatch(limit));
    }

    @Test
    void eachStepRunsRightAfterTheBatchThatReachesItsDocumentInOrderAndAgainOnceTakenBackAndReached() {
        List<StreamStep> ran = new ArrayList<>();
        runTo(700);

        player.inserted(player.nextBatch(10_000), ran::add);
        assertEquals(List.of(FIRST_AT_250, SECOND_AT_250), ran, "both steps after 250, in the order given");
        player.inserted(player.nextBatch(10_000), ran::add);
        assertEquals(600, player.inserted());
        assertEquals(List.of(FIRST_AT_250, SECOND_AT_250, AT_600), ran);

        ran.clear();
        player.takeBack(400);
        assertEquals(200, player.inserted());
        player.inserted(player.nextBatch(10_000), ran::add);
        assertEquals(List.of(FIRST_AT_250, SECOND_AT_250), ran, "undone and reached again: they run again");
    }

    @Test
    void timeStopsAtEveryGridPointOfThePaceOnItsWayToTheEnd() {
        long start = player.pace().startMillis();
        List<Long> stops = new ArrayList<>();
        List<Boolean> atGridPoints = new ArrayList<>();

        while (cluster.now() < start + 250) {
            atGridPoints.add(player.advanceToward(start + 250));
            stops.add(cluster.now() - start);
        }

        assertEquals(List.of(100L, 200L, 250L), stops);
        assertEquals(List.of(true, true, false), atGridPoints);
    }

    @Test
    void moreThanIsInCannotBeTakenBack() {
        player.inserted(10, step -> {});

        assertEquals(
                "n: between 0 and the 10 documents in, got 11",
                assertThrows(IllegalArgumentException.class, () -> player.takeBack(11))
                        .getMessage());
    }
}
