package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.AddShard;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/**
 * The balancer does not stop when the inserts do: once the stream has ended and the balancer has settled, a shard
 * added (from the Shell, or by the explorer's own command) gets chunks as it would have during the stream. The run
 * is not over — Play is enabled, and the engine lets time run by itself, as after a drag — until a balancer round
 * finds nothing to move again.
 */
class BalancingAfterTheStreamTest {

    private static final WorkloadRegistry WORKLOADS = WorkloadRegistry.standard();

    /**
     * One shard, 1 MB chunks, 100,000 uniform documents in 10 s of simulated time: six chunks, all on shard01, which
     * a second shard is due three of (5.0's policy: ideal 3 per shard, the excess 3 reaching the threshold of 2 for
     * fewer than 20 chunks; mongo src/mongo/s/balancer/balancer_policy.cpp).
     */
    private static ResolvedScenario oneShard() {
        return ResolvedScenario.of(
                Scenario.of("{ userId: 1 }", "uniform")
                        .withVersion(MongoVersion.V5_0)
                        .withShards(1)
                        .withChunkSizeMegabytes(1)
                        .withDocuments(100_000)
                        .withDocsPerSecond(10_000),
                WORKLOADS);
    }

    @Test
    void a_shard_added_after_the_run_finished_is_balanced_before_the_run_finishes_again() {
        // given a run whose stream is in and whose balancer has settled
        ExplorerSession session = ExplorerSession.load(oneShard());
        for (int i = 0; i < 400 && !session.finished(); i++) {
            session.advance(1_000);
        }
        assertTrue(session.finished(), "settled");

        // when a shard joins
        session.execute(new AddShard("shard02"));

        // then the run is not over until the balancer has given the newcomer its chunks
        assertFalse(session.finished(), "the balancer has work again");
        assertFalse(session.frame().stream().finished(), "so Play is enabled");
        for (int i = 0; i < 4_000 && !session.finished(); i++) {
            session.advance(1_000);
        }
        assertTrue(session.finished(), "settled again");
        assertTrue(chunksOn(session.frame(), "shard02") > 0, "the newcomer holds chunks");
    }

    @Test
    void a_shard_added_from_the_shell_once_the_stream_has_ended_lets_time_run_until_it_is_balanced() {
        // given the explorer's engine whose run has finished: nothing ticks any more
        ManualSimulationThread thread = new ManualSimulationThread();
        FakeClock clock = new FakeClock();
        List<EngineState> published = new ArrayList<>();
        ExplorerEngine engine = AppWiring.explorerEngine(thread, clock, published::add);
        engine.load(oneShard());
        engine.speed(PlaybackSpeed.X1000);
        engine.play();
        tickWhileRepeating(thread, clock);
        assertTrue(last(published).stream().finished(), "the run has finished");
        assertFalse(thread.repeating(), "and time stands still");

        // when the Shell adds a shard by its host alone (mongos names it shard0001)
        BsonDocument reply = engine.shellCommandLayer()
                .run("admin", new BsonDocument("addShard", new BsonString("newhost.example.net:27018")));
        assertEquals("shard0001", reply.getString("shardAdded").getValue());

        // then time runs by itself until the balancer has moved chunks onto it and found nothing more to move
        assertTrue(thread.repeating(), "time runs again without Play");
        tickWhileRepeating(thread, clock);
        ExplorerFrame settled = last(published);
        assertTrue(settled.stream().finished());
        assertTrue(chunksOn(settled, "shard0001") > 0, "the newcomer holds chunks");
    }

    private static void tickWhileRepeating(ManualSimulationThread thread, FakeClock clock) {
        for (int i = 0; i < 20_000 && thread.repeating(); i++) {
            clock.advanceMillis(16);
            thread.tick();
        }
    }

    private static ExplorerFrame last(List<EngineState> published) {
        return assertInstanceOf(EngineState.Running.class, published.get(published.size() - 1))
                .frame();
    }

    private static long chunksOn(ExplorerFrame frame, String shard) {
        return frame.cluster().cluster().chunks().chunks().stream()
                .map(Chunk::shard)
                .filter(shard::equals)
                .count();
    }
}
