package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.workload.WorkloadRegistry;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

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

    /** shop.orders on { counter: 'hashed' } over 3 shards of 8.0 (one chunk per shard), 6,000 orders in 3 s. */
    private CommandLayer orders() {
        ResolvedScenario scenario = ResolvedScenario.of(
                Scenario.of("{ counter: 'hashed' }", "monotonic")
                        .withNamespace("shop.orders")
                        .withVersion(MongoVersion.parse("8.0"))
                        .withShards(3)
                        .withDocuments(6_000)
                        .withDocsPerSecond(2_000),
                WORKLOADS);
        engine = AppWiring.explorerEngine(thread, System::nanoTime, state -> {
            if (state instanceof EngineState.Running r) {
                lastFrame = r.frame();
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
}
