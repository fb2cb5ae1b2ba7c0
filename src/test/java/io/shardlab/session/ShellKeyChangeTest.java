package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/**
 * reshardCollection and refineCollectionShardKey sent through the explorer's shell command layer (the Shell
 * panel's and a lesson's "Run in shell" path) place again every document the explorer's cluster holds: the
 * stream's, which reach the cluster only as shard keys, as well as those a client wrote into the served
 * mongos's document store; the rest of the stream is then routed on the new key.
 */
class ShellKeyChangeTest {

    private static final WorkloadRegistry WORKLOADS = WorkloadRegistry.standard();
    private static final ShardKeyPattern BY_NAME = ShardKeyPattern.of(BsonDocument.parse("{ name: 1 }"));
    private static final ShardKeyPattern BY_AGE_NAME = ShardKeyPattern.of(BsonDocument.parse("{ age: 1, name: 1 }"));

    /** Time passes only when a test steps it: a refine's "before" and "after" frames see no tick between them. */
    private final ManualSimulationThread thread = new ManualSimulationThread();

    private volatile ExplorerFrame lastFrame;
    private ExplorerEngine engine;
    private ResolvedScenario scenario;

    /** The school keyed by age on {@code version}, 20,000 people, 1 MB chunks, loaded and not started. */
    private CommandLayer school(String version) {
        return school(version, 20_000);
    }

    /** The school keyed by age on {@code version}, {@code people} arriving in 10 s of simulated time, 1 MB chunks. */
    private CommandLayer school(String version, int people) {
        scenario = ResolvedScenario.of(
                Scenario.of("{ age: 1 }", "age")
                        .withNamespace("school.people")
                        .withVersion(MongoVersion.parse(version))
                        .withShards(4)
                        .withChunkSizeMegabytes(1)
                        .withDocuments(people)
                        .withDocsPerSecond(people / 10.0),
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

    /** Lets {@code windows} chart windows of simulated time pass, as Step does. */
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

    /** The stream's first {@code n} documents keyed on {@code key}, as the cluster should hold them. */
    private List<ShardKey> streamKeys(ShardKeyPattern key, int n) {
        PreparedInserts all = PreparedInserts.readStored(scenario.source().open(scenario.settings()), key);
        List<ShardKey> keys = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            keys.add(all.key(i));
        }
        return keys;
    }

    /** Every chunk holds exactly the documents whose key falls in its range. */
    private static void assertEveryChunkHoldsItsKeys(ExplorerFrame frame, List<ShardKey> keys) {
        long total = 0;
        for (ChunkStatistics s : frame.cluster().chunkStatistics()) {
            long inRange = keys.stream().filter(k -> s.chunk().contains(k)).count();
            assertEquals(inRange, s.documents(), "documents of " + s.chunk());
            total += s.documents();
        }
        assertEquals(keys.size(), total, "every document is in a chunk");
    }

    private static BsonDocument reshard(ShardKeyPattern key) {
        return new BsonDocument("reshardCollection", new BsonString("school.people")).append("key", key.toDocument());
    }

    @Test
    void a_reshard_after_the_stream_places_every_stream_document_and_every_client_document_on_the_new_key() {
        CommandLayer shell = school("5.0");
        step(110);
        assertTrue(frame().stream().exhausted(), "the whole stream is in");
        // given a client's five people, which the mongos document store keeps
        List<BsonDocument> clients = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            clients.add(new BsonDocument("name", new BsonString("client" + i)).append("age", new BsonInt32(30 + i)));
        }
        shell.run(
                "school",
                new BsonDocument("insert", new BsonString("people"))
                        .append("documents", new org.bson.BsonArray(clients)));

        BsonDocument reply = shell.run("admin", reshard(BY_NAME));

        assertEquals(1.0, reply.getNumber("ok").doubleValue(), reply.toJson());
        ExplorerFrame after = frame();
        assertEquals(BY_NAME, after.cluster().cluster().key());
        assertEquals(90, after.cluster().cluster().chunks().size(), "reshardCollection's default of 90 chunks");
        List<ShardKey> expected = new ArrayList<>(streamKeys(BY_NAME, 20_000));
        clients.forEach(c -> expected.add(BY_NAME.extractKey(c, new io.shardlab.key.ShardKeyHasher())));
        assertEveryChunkHoldsItsKeys(after, expected);
    }

    @Test
    void after_a_reshard_mid_stream_the_rest_of_the_stream_is_routed_on_the_new_key() {
        CommandLayer shell = school("5.0");
        step(5);
        int inBefore = (int) frame().stream().inserted();
        assertTrue(inBefore > 0 && inBefore < 20_000, "mid-stream: " + inBefore);

        shell.run("admin", reshard(BY_NAME));
        step(110);

        ExplorerFrame after = frame();
        assertTrue(after.stream().exhausted());
        assertEveryChunkHoldsItsKeys(after, streamKeys(BY_NAME, 20_000));
        engine.showFilter(java.util.Optional.of(BsonDocument.parse("{ name: 'p000042' }")));
        assertEquals(
                1,
                frame().targeting()
                        .orElseThrow()
                        .targeting()
                        .orElseThrow()
                        .shards()
                        .size(),
                "a query by name targets one shard on the new key");
    }

    @Test
    void a_refine_keeps_every_chunk_and_gives_the_stream_documents_their_values_of_the_new_field() {
        CommandLayer shell = school("5.0", 400_000);
        // MongoDB refines only onto an index that starts with the new key (the lesson's script creates it too)
        shell.run(
                "school",
                BsonDocument.parse(
                        "{createIndexes: 'people', indexes: [{key: {age: 1, name: 1}, name: 'age_1_name_1'}]}"));
        step(110);
        ExplorerFrame before = frame();
        assertFalse(before.cluster().oversizedOneValueChunks().isEmpty(), "on { age: 1 } some age outgrows a chunk");

        shell.run(
                "admin",
                new BsonDocument("refineCollectionShardKey", new BsonString("school.people"))
                        .append("key", BY_AGE_NAME.toDocument()));

        ExplorerFrame after = frame();
        assertEquals(BY_AGE_NAME, after.cluster().cluster().key());
        assertEquals(
                before.cluster().cluster().chunks().size(),
                after.cluster().cluster().chunks().size());
        for (int i = 0; i < before.cluster().chunkStatistics().size(); i++) {
            ChunkStatistics was = before.cluster().chunkStatistics().get(i);
            ChunkStatistics now = after.cluster().chunkStatistics().get(i);
            assertEquals(was.chunk().shard(), now.chunk().shard(), "no chunk moves");
            assertEquals(was.documents(), now.documents(), "no document moves");
        }
        assertEveryChunkHoldsItsKeys(after, streamKeys(BY_AGE_NAME, 400_000));
        assertEquals(
                List.of(),
                after.cluster().oversizedOneValueChunks(),
                "each document has its own name now: every oversized chunk can split between names");
    }
}
