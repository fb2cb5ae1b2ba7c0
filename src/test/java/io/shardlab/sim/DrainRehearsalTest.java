package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ActiveWindow;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A shard's removal rehearsed on the simulator ({@link DrainRehearsal}): the release's commands, the balancer
 * draining the shard first, and what blocks the removal as {@code removeShard}'s {@code remaining} names it (mongo
 * {@code sharding_catalog_manager_shard_operations.cpp}, {@code checkDrainingProgress}). Given {@code test.bar} on
 * {@code { x: 1 }} with chunks [MinKey, 100) on {@code a} (the primary shard), [100, 200) on {@code b} and
 * [200, MaxKey) on {@code c}, 300 documents of 1 KB, one per x.
 */
class DrainRehearsalTest {

    private static final String NS = "test.bar";

    private static SimulatedCluster given(String version, String shards) {
        SimulatedCluster c = new SimulatedCluster(
                SimulationConfig.of(MongoVersion.parse(version)).withInvariantChecks(true));
        List<String> ids = List.of(shards.split(" "));
        ids.forEach(s -> c.execute(new AddShard(s)));
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        if (ids.size() == 3) {
            c.execute(new SplitAt(NS, BsonDocument.parse("{x: 100}")));
            c.execute(new SplitAt(NS, BsonDocument.parse("{x: 200}")));
            c.execute(new MoveChunk(NS, BsonDocument.parse("{x: 150}"), "b", false));
            c.settle(Long.MAX_VALUE / 4);
            c.execute(new MoveChunk(NS, BsonDocument.parse("{x: 250}"), "c", false));
            c.settle(Long.MAX_VALUE / 4);
        }
        c.insert(NS, InsertBatch.ofInt64(LongStream.range(0, 300).toArray(), 1024));
        c.settle(Long.MAX_VALUE / 4);
        return c;
    }

    @ParameterizedTest(name = "{0}: removing {1} of shards {2} runs {3}; removed {4}, blocked by {5}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | shard | shards | commands                                          | removed | blockers
            8.0       | c     | a b c  | removeShard c, removeShard c                      | true    | -
            7.0       | b     | a b c  | removeShard b, removeShard b                      | true    | -
            8.3       | c     | a b c  | startShardDraining c, commitShardRemoval c        | true    | -
            8.0       | a     | a b c  | removeShard a                                     | false   | PRIMARY_SHARD
            8.3       | a     | a b c  | startShardDraining a                              | false   | PRIMARY_SHARD
            """)
    void a_drained_shard_is_removed_unless_something_keeps_it(
            String release, String shard, String shards, String commands, boolean removed, String blockers) {
        // given the layout of the class Javadoc on the row's release
        SimulatedCluster c = given(release, shards);

        // when the removal is rehearsed
        DrainRehearsal.Result r = DrainRehearsal.run(c, shard, 1_000);

        // then its commands, outcome and blockers are the release's, and no chunk is left on the shard
        assertEquals(
                commands,
                String.join(
                        ", ",
                        r.commands().stream()
                                .map(DrainRehearsalTest::commandName)
                                .toList()));
        assertEquals(removed, r.removed());
        assertEquals(
                blockers,
                r.blockers().isEmpty()
                        ? "-"
                        : String.join(
                                " ",
                                r.blockers().stream().map(b -> b.kind().name()).toList()));
        assertEquals(0, r.progress().get(r.progress().size() - 1).chunksLeft());
        assertEquals(removed, c.snapshot().shards().stream().noneMatch(s -> s.id().equals(shard)));
    }

    @ParameterizedTest(name = "on a copy, removing {0} ends removed {1}, blocked by {2}; the original keeps its shards")
    @CsvSource(delimiter = '|', textBlock = """
            # shard | removed | blockers
            c       | true    | -
            a       | false   | PRIMARY_SHARD
            """)
    void a_rehearsal_on_a_copy_leaves_the_original_as_it_was(String shard, boolean removed, String blockers) {
        // given the layout of the class Javadoc, a the primary shard
        SimulatedCluster original = given("8.0", "a b c");
        SimulationSnapshot before = original.snapshot();

        // when the removal is rehearsed on a copy
        DrainRehearsal.Result r = DrainRehearsal.runOnCopy(original, shard, 1_000);

        // then the copy's outcome is the original's primary shard's rules, and the original did not change
        assertEquals(removed, r.removed());
        assertEquals(
                blockers,
                r.blockers().isEmpty()
                        ? "-"
                        : String.join(
                                " ",
                                r.blockers().stream().map(b -> b.kind().name()).toList()));
        assertEquals(before.shards(), original.snapshot().shards());
        assertEquals(before.chunkStatistics(), original.snapshot().chunkStatistics());
    }

    @Test
    void a_copy_keeps_the_balancer_off() {
        // given the layout with the balancer stopped
        SimulatedCluster original = given("8.0", "a b c");
        original.execute(new SetBalancerState(false));

        // when c's removal is rehearsed on a copy
        DrainRehearsal.Result r = DrainRehearsal.runOnCopy(original, "c", 1_000);

        // then nothing moves, as on the original
        assertEquals(List.of(new DrainRehearsal.Blocker(DrainRehearsal.BlockerKind.BALANCER_OFF, 1)), r.blockers());
    }

    @Test
    void the_progress_goes_down_round_by_round_and_the_estimate_follows_the_rate_reached() {
        // given shard c holding one chunk of 100 documents
        SimulatedCluster c = given("8.0", "a b c");

        // when it is drained
        DrainRehearsal.Result r = DrainRehearsal.run(c, "c", 1_000);

        // then it started with its chunk and its bytes, ended with none, never went up, and every estimate after
        // the first move is the bytes left at the rate reached
        assertEquals(1, r.startChunks());
        assertEquals(100 * 1024, r.startBytes());
        long previous = r.startBytes();
        for (DrainRehearsal.Progress p : r.progress()) {
            assertTrue(p.bytesLeft() <= previous, "round " + p.round() + " went up");
            previous = p.bytesLeft();
            if (p.bytesLeft() < r.startBytes()) {
                long moved = r.startBytes() - p.bytesLeft();
                assertEquals(
                        (long) Math.ceil((double) p.bytesLeft() * p.atMillis() / moved),
                        p.millisLeft().getAsLong());
            }
        }
        assertEquals(0, previous);
        assertTrue(r.tookMillis() > 0);
    }

    @ParameterizedTest(name = "removing {0} of shards {1} is refused: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # shard | shards | code name
            a       | a      | IllegalOperation
            x       | a b c  | ShardNotFound
            """)
    void a_refused_start_changes_nothing(String shard, String shards, String code) {
        SimulatedCluster c = given("8.0", shards);
        List<String> before = c.history();

        DrainRehearsal.Result r = DrainRehearsal.run(c, shard, 10);

        assertEquals(code, r.refusal().orElseThrow().codeName());
        assertEquals(before, c.history());
        assertTrue(r.progress().isEmpty());
    }

    /**
     * A drain the balancer leaves for a reason of the collection's ends after three idle rounds naming it, with the
     * chunks left: its {@code noBalance} and {@code permitMigrations} ({@code balancer_chunk_selection_policy.cpp}
     * leaves such a collection out; docs {@code sh.disableBalancing}, {@code setAllowMigrations}).
     */
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # what stops the balancer                      | blocker
            sh.disableBalancing (noBalance: true)          | BALANCING_DISABLED
            sh.disableMigrations (permitMigrations: false) | MIGRATIONS_NOT_ALLOWED
            """)
    void a_drain_the_balancer_leaves_names_why(String stop, DrainRehearsal.BlockerKind blocker) {
        // given shard c's chunk, and the balancer kept from moving it
        SimulatedCluster c = given("8.0", "a b c");
        c.execute(
                blocker == DrainRehearsal.BlockerKind.BALANCING_DISABLED
                        ? new SetCollectionBalancing(NS, false)
                        : new SetAllowMigrations(NS, false));

        // when c is drained
        DrainRehearsal.Result r = DrainRehearsal.run(c, "c", 1_000);

        // then three idle rounds end it, the chunk still on c, and the blocker names the reason
        assertEquals(DrainRehearsal.ROUNDS_WITHOUT_PROGRESS, r.progress().size());
        assertEquals(List.of(new DrainRehearsal.Blocker(blocker, 1)), r.blockers());
        assertEquals(false, r.removed());
    }

    @Test
    void outside_the_balancing_window_the_drain_waits_for_it_and_then_completes() {
        // given a window from 10:00 to 11:00 UTC (mongo balancer.cpp: outside it a round does nothing)
        SimulatedCluster c = given("8.0", "a b c");
        c.execute(new SetBalancerWindow(new ActiveWindow(LocalTime.of(10, 0), LocalTime.of(11, 0))));
        long day = 24 * 3_600_000L;
        long untilWindow = Math.floorMod(10 * 3_600_000L - c.now(), day);

        // when c is drained
        DrainRehearsal.Result r = DrainRehearsal.run(c, "c", 1_000);

        // then nothing blocks it: its time includes the wait for the window
        assertEquals(List.of(), r.blockers());
        assertTrue(r.removed());
        assertTrue(r.tookMillis() >= untilWindow, r.tookMillis() + " < " + untilWindow);
    }

    @ParameterizedTest(name = "window inside {0}, balanced {1}, migrations {2}, defragmenting {3}: {4}")
    @CsvSource(textBlock = """
            false, false, false, true,  OUTSIDE_WINDOW
            true,  false, false, true,  BALANCING_DISABLED
            true,  true,  false, true,  MIGRATIONS_NOT_ALLOWED
            true,  true,  true,  true,  DEFRAGMENTING
            true,  true,  true,  false, NO_MIGRATION
            """)
    void the_first_switch_that_stops_the_balancer_is_the_reason(
            boolean inside, boolean balanced, boolean allowed, boolean defragmenting, DrainRehearsal.BlockerKind why) {
        BalancerDecision d = new BalancerDecision(
                MongoVersion.parse("8.0"),
                true,
                inside,
                balanced,
                allowed,
                defragmenting,
                false,
                List.of(),
                0,
                List.of(),
                List.of(),
                Map.of());
        assertEquals(why, DrainRehearsal.whyNothingMoves(d));
    }

    @Test
    void with_the_balancer_off_nothing_moves_and_the_drain_says_so() {
        SimulatedCluster c = given("8.0", "a b c");
        c.execute(new SetBalancerState(false));

        DrainRehearsal.Result r = DrainRehearsal.run(c, "c", 10);

        assertEquals(List.of(new DrainRehearsal.Blocker(DrainRehearsal.BlockerKind.BALANCER_OFF, 1)), r.blockers());
        assertTrue(r.progress().isEmpty());
        assertEquals(false, r.removed());
    }

    @Test
    void a_chunk_flagged_jumbo_is_left_on_the_shard_and_keeps_it() {
        // given the layout read from a cluster whose chunk on c is flagged jumbo (its contents as they were)
        SimulationSnapshot read = given("8.0", "a b c").snapshot();
        List<Chunk> chunks = read.cluster().chunks().chunks().stream()
                .map(chunk -> chunk.withJumbo(chunk.shard().equals("c")))
                .toList();
        List<ChunkStatistics> contents = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            ChunkStatistics was = read.chunkStatistics().get(i);
            contents.add(new ChunkStatistics(chunks.get(i), was.documents(), was.bytes()));
        }
        ClusterSnapshot layout = new ClusterSnapshot(
                NS, read.cluster().key(), false, read.cluster().shards(), new ChunkMap(chunks), List.of());
        SimulatedCluster c = SimulatedCluster.fromLayout(
                SimulationConfig.of(MongoVersion.parse("8.0")), new LoadLayout(layout, contents));

        // when c is drained
        DrainRehearsal.Result r = DrainRehearsal.run(c, "c", 100);

        // then the balancer leaves the jumbo chunk, which keeps c (removeShard's remaining.jumboChunks)
        assertEquals(false, r.removed(), r.toString());
        assertEquals(List.of(new DrainRehearsal.Blocker(DrainRehearsal.BlockerKind.JUMBO_CHUNKS, 1)), r.blockers());
        assertEquals(
                1,
                c.snapshot().chunkStatistics().stream()
                        .filter(st -> st.chunk().shard().equals("c"))
                        .count());
    }

    /** {@code db.adminCommand({ removeShard: "c" })} → {@code removeShard c}. */
    private static String commandName(String mongosh) {
        String inner = mongosh.substring(mongosh.indexOf("{ ") + 2, mongosh.lastIndexOf(" }"));
        return inner.substring(0, inner.indexOf(':')) + " "
                + inner.substring(inner.indexOf('"') + 1, inner.lastIndexOf('"'));
    }
}
