package io.shardlab.session;

import static org.bson.BsonDocument.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.AddShard;
import io.shardlab.sim.Migration;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.bson.BsonArray;
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
        ExplorerEngine engine = finishedRun(thread, clock, published);
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

    /**
     * The Shell's key changes and chunk commands while the balancer moves chunks after the stream (a shard joined, so
     * time runs by itself): a refine, a split, a merge, a zone and a reshard each land between balancer rounds. A
     * migration started on the layout before a refine or reshard is not committed onto the layout after it: MongoDB's
     * refine and reshard wait for the migrations in flight (mongo {@code active_migrations_registry.cpp}
     * {@code ActiveMigrationsRegistry::lock}), and the next balancer round plans on the routing table as it is then.
     */
    @Test
    void key_changes_splits_merges_and_zones_from_the_shell_while_the_balancer_settles_keep_one_consistent_layout() {
        // given a finished run on one shard, then a second shard: time runs by itself while chunks move to it
        ManualSimulationThread thread = new ManualSimulationThread();
        FakeClock clock = new FakeClock();
        List<EngineState> published = new ArrayList<>();
        ExplorerEngine engine = finishedRun(thread, clock, published);
        engine.speed(PlaybackSpeed.X1); // a migration spans several ticks: the Shell's commands land inside them
        CommandLayer shell = engine.shellCommandLayer();
        shell.run("admin", parse("{ addShard: 'newhost.example.net:27018' }"));
        tickUntilAMigrationIsInFlight(thread, clock, published);

        // when the Shell refines the key, splits, merges, adds a zone and reshards, the clock running in between
        shell.run(
                "shardlab",
                parse(
                        "{ createIndexes: 'events', indexes: [ { key: { userId: 1, plan: 1 }, name: 'userId_1_plan_1' } ] }"));
        assertOk(shell.run(
                "admin", parse("{ refineCollectionShardKey: 'shardlab.events', key: { userId: 1, plan: 1 } }")));
        tickUntilAMigrationIsInFlight(thread, clock, published);
        assertOk(shell.run(
                "admin",
                parse("{ split: 'shardlab.events', find: { userId: { $numberLong: '500000000000' }, plan: 'pro' } }")));
        tickUntilAMigrationIsInFlight(thread, clock, published);
        engine.clearError(); // publishes the cluster as it is now
        assertOk(shell.run("admin", mergeOfTwoNeighboursOnOneShard(last(published))));
        tickUntilAMigrationIsInFlight(thread, clock, published);
        assertOk(shell.run("admin", parse("{ addShardToZone: 'shard01', zone: 'LOW' }")));
        assertOk(shell.run(
                "admin",
                parse("{ updateZoneKeyRange: 'shardlab.events', min: { userId: { $minKey: 1 }, plan: { $minKey: 1 } },"
                        + " max: { userId: { $numberLong: '100000000000' }, plan: { $minKey: 1 } }, zone: 'LOW' }")));
        tickUntilAMigrationIsInFlight(thread, clock, published);
        assertOk(shell.run(
                "admin",
                parse("{ reshardCollection: 'shardlab.events', key: { _id: 1 }, zones: [ { zone: 'LOW',"
                        + " min: { _id: { $minKey: 1 } }, max: { _id: { $maxKey: 1 } } } ] }")));

        // then every migration commits onto the layout it was planned on, and the balancer settles on the new one
        tickWhileRepeating(thread, clock);
        ExplorerFrame settled = last(published);
        assertEquals(Optional.empty(), settled.error());
        assertTrue(settled.stream().finished(), "the balancer settled");
        assertEquals(List.of(), settled.cluster().migrationsInFlight());
        assertEquals(
                ShardKeyPattern.parse("{ _id: 1 }"), settled.cluster().cluster().key());
        assertEquals(100_000, settled.cluster().documents(), "no document lost on the way");
        assertEquals(0, chunksOn(settled, "shard0001"), "the zone took every chunk to shard01");
    }

    @Test
    void the_balancer_started_from_the_shell_after_the_run_lets_time_run_until_it_is_balanced() {
        // given a finished run whose balancer the Shell stopped before a shard joined: nothing moves, time stands still
        ManualSimulationThread thread = new ManualSimulationThread();
        FakeClock clock = new FakeClock();
        List<EngineState> published = new ArrayList<>();
        ExplorerEngine engine = finishedRun(thread, clock, published);
        CommandLayer shell = engine.shellCommandLayer();
        assertOk(shell.run("admin", parse("{ balancerStop: 1 }")));
        shell.run("admin", parse("{ addShard: 'newhost.example.net:27018' }"));
        tickWhileRepeating(thread, clock);
        assertEquals(0, chunksOn(last(published), "shard0001"), "the balancer is off");
        assertFalse(thread.repeating(), "and time stands still");

        // when the Shell starts the balancer (sh.startBalancer())
        assertOk(shell.run("admin", parse("{ balancerStart: 1 }")));

        // then time runs by itself until the newcomer holds chunks and a round finds nothing more to move
        assertTrue(thread.repeating(), "time runs again without Play");
        tickWhileRepeating(thread, clock);
        assertTrue(chunksOn(last(published), "shard0001") > 0, "the newcomer holds chunks");
        assertTrue(last(published).stream().finished());
    }

    @Test
    void a_zone_added_from_the_shell_after_the_run_lets_time_run_until_its_chunks_are_on_its_shard() {
        // given a finished run over two shards, balanced
        ManualSimulationThread thread = new ManualSimulationThread();
        FakeClock clock = new FakeClock();
        List<EngineState> published = new ArrayList<>();
        ExplorerEngine engine = finishedRun(thread, clock, published);
        CommandLayer shell = engine.shellCommandLayer();
        shell.run("admin", parse("{ addShard: 'newhost.example.net:27018' }"));
        tickWhileRepeating(thread, clock);
        assertTrue(chunksOn(last(published), "shard01") > 0, "balanced: shard01 keeps chunks");

        // when the Shell puts the whole key range in a zone of the newcomer
        assertOk(shell.run("admin", parse("{ addShardToZone: 'shard0001', zone: 'ALL' }")));
        assertOk(shell.run(
                "admin",
                parse("{ updateZoneKeyRange: 'shardlab.events', min: { userId: { $minKey: 1 } },"
                        + " max: { userId: { $maxKey: 1 } }, zone: 'ALL' }")));

        // then time runs by itself until every chunk is on the zone's shard
        assertTrue(thread.repeating(), "time runs again without Play");
        tickWhileRepeating(thread, clock);
        assertEquals(0, chunksOn(last(published), "shard01"), "every chunk moved into the zone");
        assertTrue(last(published).stream().finished());
    }

    /**
     * Lesson 13's run (5.0, four shards, 1 MB chunks, 400,000 documents keyed by age): its stream ends while the
     * balancer still has chunks to move. The first rounds after it start nothing: the chunk each chose was too big to
     * move and turned jumbo (two of the lesson's three jumbo chunks); the third moves shard01's sixth chunk. A round that
     * started nothing because its chunk was too big, or because shards were taking part in a migration, has not
     * settled: the run finishes only when a round chooses nothing to move with no migration in flight, so the layout
     * a finished run shows is the one it keeps.
     */
    @Test
    void a_finished_run_keeps_its_layout_a_round_whose_chunk_turned_jumbo_has_not_settled() {
        // given lesson 13's run played until it says finished
        ExplorerSession session = ExplorerSession.load(ResolvedScenario.of(
                Scenario.of("{ age: 1 }", "age")
                        .withVersion(MongoVersion.V5_0)
                        .withShards(4)
                        .withChunkSizeMegabytes(1)
                        .withDocuments(400_000)
                        .withDocsPerSecond(5_000),
                WORKLOADS));
        for (int i = 0; i < 400 && !session.finished(); i++) {
            session.advance(1_000);
        }
        assertTrue(session.finished(), "settled");
        Map<String, Long> whenFinished = chunksPerShard(session.frame());

        // when two more minutes pass
        for (int i = 0; i < 120; i++) {
            session.advance(1_000);
        }

        // then no chunk has moved: the balancer had nothing left to move
        assertEquals(whenFinished, chunksPerShard(session.frame()));
    }

    /** The engine with {@link #oneShard()} played to its end at 1000x, the balancer settled. */
    private static ExplorerEngine finishedRun(
            ManualSimulationThread thread, FakeClock clock, List<EngineState> published) {
        ExplorerEngine engine = AppWiring.explorerEngine(thread, clock, published::add);
        engine.load(oneShard());
        engine.speed(PlaybackSpeed.X1000);
        engine.play();
        tickWhileRepeating(thread, clock);
        assertTrue(last(published).stream().finished(), "the run has finished");
        return engine;
    }

    /** The mergeChunks of the first two neighbouring chunks on one shard that no migration covers. */
    private static BsonDocument mergeOfTwoNeighboursOnOneShard(ExplorerFrame frame) {
        List<Chunk> chunks = frame.cluster().cluster().chunks().chunks();
        List<Migration> moving = frame.cluster().migrationsInFlight();
        for (int i = 0; i + 1 < chunks.size(); i++) {
            Chunk a = chunks.get(i);
            Chunk b = chunks.get(i + 1);
            boolean still = moving.stream()
                    .noneMatch(m -> m.min().equals(a.min()) || m.min().equals(b.min()));
            if (a.shard().equals(b.shard()) && still) {
                ShardKeyPattern key = frame.cluster().cluster().key();
                BsonDocument merge = new BsonDocument("mergeChunks", new BsonString("shardlab.events"));
                merge.append(
                        "bounds",
                        new BsonArray(List.of(a.min().toDocument(key), b.max().toDocument(key))));
                return merge;
            }
        }
        throw new AssertionError("no two neighbouring chunks on one shard: " + chunks);
    }

    private static void tickUntilAMigrationIsInFlight(
            ManualSimulationThread thread, FakeClock clock, List<EngineState> published) {
        for (int i = 0; i < 2_000 && thread.repeating(); i++) {
            clock.advanceMillis(16);
            thread.tick();
            if (!last(published).cluster().migrationsInFlight().isEmpty()) {
                return;
            }
        }
    }

    private static void assertOk(BsonDocument reply) {
        assertEquals(1.0, reply.getNumber("ok").doubleValue(), reply.toJson());
    }

    private static void tickWhileRepeating(ManualSimulationThread thread, FakeClock clock) {
        for (int i = 0; i < 20_000 && thread.repeating(); i++) {
            clock.advanceMillis(16);
            thread.tick();
        }
    }

    private static ExplorerFrame last(List<EngineState> published) {
        EngineState last = published.get(published.size() - 1);
        return assertInstanceOf(EngineState.Running.class, last, last.toString())
                .frame();
    }

    private static Map<String, Long> chunksPerShard(ExplorerFrame frame) {
        return frame.cluster().cluster().chunks().chunks().stream()
                .collect(Collectors.groupingBy(Chunk::shard, TreeMap::new, Collectors.counting()));
    }

    private static long chunksOn(ExplorerFrame frame, String shard) {
        return frame.cluster().cluster().chunks().chunks().stream()
                .map(Chunk::shard)
                .filter(shard::equals)
                .count();
    }
}
