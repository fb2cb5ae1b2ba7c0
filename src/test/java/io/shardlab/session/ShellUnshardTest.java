package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.MergeChunks;
import io.shardlab.sim.MoveRange;
import io.shardlab.sim.SplitAt;
import io.shardlab.workload.WorkloadRegistry;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * unshardCollection sent through the explorer's shell command layer (the Shell panel's and lesson 17's "Run in
 * shell" path) on 8.0: the explorer's line follows the catalog as the placement board does, the collection drawn as
 * one range on the shard it was gathered onto, with every document it held; spread again, it is drawn on every
 * shard.
 */
class ShellUnshardTest {

    private static final WorkloadRegistry WORKLOADS = WorkloadRegistry.standard();

    private final ManualSimulationThread thread = new ManualSimulationThread();

    private volatile ExplorerFrame lastFrame;
    private ExplorerEngine engine;

    private volatile EngineState.Running lastRunning;

    /** shop.orders on { counter: 'hashed' } over 3 shards of 8.0 (one chunk per shard), 6,000 orders in 3 s. */
    private CommandLayer orders() {
        return orders(6_000);
    }

    /** shop.orders on { counter: 'hashed' } over 3 shards of 8.0, {@code documents} orders at 2,000 a second. */
    private CommandLayer orders(int documents) {
        ResolvedScenario scenario = ResolvedScenario.of(
                Scenario.of("{ counter: 'hashed' }", "monotonic")
                        .withNamespace("shop.orders")
                        .withVersion(MongoVersion.parse("8.0"))
                        .withShards(3)
                        .withDocuments(documents)
                        .withDocsPerSecond(2_000),
                WORKLOADS);
        engine = AppWiring.explorerEngine(thread, System::nanoTime, state -> {
            if (state instanceof EngineState.Running r) {
                lastFrame = r.frame();
                lastRunning = r;
            }
        });
        engine.load(scenario);
        flush();
        return engine.shellCommandLayer();
    }

    private void flush() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        thread.submit(() -> done.complete(null));
        done.orTimeout(60, TimeUnit.SECONDS).join();
    }

    private void step(int windows) {
        for (int i = 0; i < windows; i++) {
            engine.step();
        }
        flush();
    }

    /** A frame published after everything sent so far. */
    private ExplorerFrame frame() {
        engine.clearError();
        flush();
        return lastFrame;
    }

    private static long documents(ExplorerFrame frame) {
        return frame.cluster().chunkStatistics().stream()
                .mapToLong(ChunkStatistics::documents)
                .sum();
    }

    private static Set<String> shardsWithChunks(ExplorerFrame frame) {
        return frame.cluster().cluster().chunks().chunks().stream()
                .map(Chunk::shard)
                .collect(Collectors.toSet());
    }

    @Test
    void an_unsharded_collection_is_drawn_as_one_range_on_its_shard_and_spread_again_on_every_shard() {
        // given the stream played in, the orders on one chunk per shard
        CommandLayer shell = orders();
        step(60);
        ExplorerFrame before = frame();
        assertEquals(Set.of("shard01", "shard02", "shard03"), shardsWithChunks(before));
        long held = documents(before);
        assertTrue(held > 0, "the stream wrote orders");

        // when the shell unshards them onto shard02
        BsonDocument reply = shell.run(
                "admin",
                new BsonDocument("unshardCollection", new BsonString("shop.orders"))
                        .append("toShard", new BsonString("shard02")));

        // then the line shows one range on shard02 holding every order
        assertEquals(1.0, reply.getNumber("ok").doubleValue(), reply.toJson());
        ExplorerFrame after = frame();
        assertEquals(1, after.cluster().cluster().chunks().size(), "one range");
        assertEquals(Set.of("shard02"), shardsWithChunks(after));
        assertEquals(held, documents(after), "every order is on shard02");

        // and when they are spread again on the same key, the line shows chunks on every shard
        shell.run(
                "admin",
                new BsonDocument("shardCollection", new BsonString("shop.orders"))
                        .append("key", BsonDocument.parse("{ counter: 'hashed' }")));
        BsonDocument spread = shell.run(
                "admin",
                new BsonDocument("reshardCollection", new BsonString("shop.orders"))
                        .append("key", BsonDocument.parse("{ counter: 'hashed' }"))
                        .append("forceRedistribution", BsonBoolean.TRUE));
        assertEquals(1.0, spread.getNumber("ok").doubleValue(), spread.toJson());
        assertEquals(Set.of("shard01", "shard02", "shard03"), shardsWithChunks(frame()));
    }

    @Test
    void undo_of_the_boards_unsharding_draws_the_chunks_again() {
        // given the orders unsharded from the placement board
        orders();
        step(60);
        long held = documents(frame());
        engine.placement((editor, mongos) -> editor.unshardCollection(mongos.orElseThrow(), "shop.orders"), c -> {});
        flush();
        assertEquals(1, frame().cluster().cluster().chunks().size(), "one range");

        // when Edit → Undo takes it back
        engine.undo();

        // then the line shows the orders' chunks on every shard again
        ExplorerFrame undone = frame();
        assertEquals(Set.of("shard01", "shard02", "shard03"), shardsWithChunks(undone));
        assertEquals(held, documents(undone));
    }

    /** The bytes the catalog counts for the unsharded orders. */
    private long unshardedBytes() {
        CompletableFuture<Long> bytes = new CompletableFuture<>();
        engine.placement(
                (editor, mongos) -> mongos.orElseThrow().catalog().unshardedBytes("shop.orders"), bytes::complete);
        return bytes.orTimeout(60, TimeUnit.SECONDS).join();
    }

    private static BsonDocument unshardOnto(String shard) {
        return new BsonDocument("unshardCollection", new BsonString("shop.orders"))
                .append("toShard", new BsonString(shard));
    }

    private static boolean logSays(ExplorerFrame frame, String words) {
        return frame.activity().stream().anyMatch(a -> a.text().contains(words));
    }

    @Test
    void the_streams_writes_keep_reaching_the_unsharded_collection_and_its_one_range_grows() {
        // given 60,000 orders at 2,000 a second, a third of them in
        CommandLayer shell = orders(60_000);
        step(20);
        long before = documents(frame());
        assertTrue(before > 0 && before < 60_000, "the stream is flowing: " + before);

        // when the shell unshards them onto shard02 and the stream plays on
        shell.run("admin", unshardOnto("shard02"));
        long gathered = documents(frame());
        long bytesThen = unshardedBytes();
        step(20);

        // then the one range on shard02 holds what the stream wrote since, as MongoDB routes an application's
        // inserts to the collection wherever it lives
        ExplorerFrame after = frame();
        assertEquals(1, after.cluster().cluster().chunks().size(), "one range");
        assertEquals(Set.of("shard02"), shardsWithChunks(after));
        assertTrue(documents(after) > gathered, documents(after) + " orders after, " + gathered + " when unsharded");
        assertEquals(after.stream().inserted(), documents(after), "every order the stream wrote is on the range");
        assertTrue(!after.stream().exhausted(), "the stream has not stopped");
        assertTrue(engine.playable(), "the stream plays on");
        // and the catalog counts the bytes on shard02 (the placement board's tile grows)
        assertTrue(unshardedBytes() > bytesThen, unshardedBytes() + " bytes after, " + bytesThen + " when unsharded");
    }

    @Test
    void the_picker_lists_the_unsharded_collection_with_the_key_config_collections_gives_it() {
        // given the orders unsharded onto shard01
        CommandLayer shell = orders();
        step(10);
        shell.run("admin", unshardOnto("shard01"));
        frame();

        // then the picker lists them once, on {_id: 1}
        List<EngineState.Collection> listed = lastRunning.collections();
        assertEquals(1, listed.size(), listed.toString());
        assertEquals("shop.orders", listed.get(0).namespace());
        assertEquals(
                ShardKeyPattern.parse("{ _id: 1 }").toString(), listed.get(0).key());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # the explorer's command                  | MongoDB's refusal (NamespaceNotSharded)
            split at { counter: 0 }                   | Expected collection shop.orders to be sharded
            moveRange from { counter: 0 } to shard03   | Can't execute moveRange on unsharded collection shop.orders
            mergeChunks of the whole line             | Expected collection shop.orders to be sharded
            """)
    void chunk_commands_on_the_one_range_are_refused_as_mongos_refuses_them(String command, String refusal) {
        // given the orders unsharded onto shard02
        CommandLayer shell = orders();
        step(10);
        shell.run("admin", unshardOnto("shard02"));
        frame();

        // when the explorer runs a chunk command on the one range
        BsonDocument zero = BsonDocument.parse("{ counter: NumberLong(0) }");
        engine.execute(
                switch (command.substring(0, command.indexOf(' '))) {
                    case "split" -> new SplitAt("shop.orders", zero);
                    case "moveRange" -> new MoveRange("shop.orders", zero, null, "shard03");
                    default ->
                        new MergeChunks(
                                "shop.orders",
                                BsonDocument.parse("{ counter: MinKey }"),
                                BsonDocument.parse("{ counter: MaxKey }"));
                });
        flush();

        // then MongoDB's refusal shows and the range stays as it was
        ExplorerFrame after = lastFrame;
        assertEquals(Optional.of(refusal), after.error());
        assertEquals(1, after.cluster().cluster().chunks().size(), "one range");
        assertEquals(Set.of("shard02"), shardsWithChunks(after));
    }

    @Test
    void sharding_it_again_shows_the_new_line_and_says_nothing_of_a_drop() {
        // given the orders unsharded onto shard02, the stream flowing
        CommandLayer shell = orders(60_000);
        step(10);
        shell.run("admin", unshardOnto("shard02"));
        frame();

        // when they are sharded again and spread on the same key, and the stream plays on
        shell.run(
                "admin",
                new BsonDocument("shardCollection", new BsonString("shop.orders"))
                        .append("key", BsonDocument.parse("{ counter: 'hashed' }")));
        shell.run(
                "admin",
                new BsonDocument("reshardCollection", new BsonString("shop.orders"))
                        .append("key", BsonDocument.parse("{ counter: 'hashed' }"))
                        .append("forceRedistribution", BsonBoolean.TRUE));
        long spread = documents(frame());
        step(10);

        // then the line shows the new chunks on every shard, growing with the stream, and no line says it was dropped
        ExplorerFrame after = frame();
        assertEquals(Set.of("shard01", "shard02", "shard03"), shardsWithChunks(after));
        assertTrue(documents(after) > spread, documents(after) + " orders after, " + spread + " when spread");
        assertTrue(engine.playable(), "the stream plays on");
        assertTrue(!logSays(after, "dropped by a client"), "no drop is reported");
        assertEquals(
                1, lastRunning.collections().size(), lastRunning.collections().toString());
    }
}
