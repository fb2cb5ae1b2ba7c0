package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.text.Language;
import io.shardlab.text.Message;
import io.shardlab.text.Messages;
import io.shardlab.workload.WorkloadRegistry;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * Every state the explorer's engine publishes while a shard drains carries what is left of the drain ({@link
 * ShardDrain#leftByShard}), whoever draws it: the explorer's lanes, and every export made from the state. Given the
 * school keyed by age on 8.3, two shards, 2,000 people in one chunk on the primary shard {@code shard01}.
 */
class DrainLeftPublishedTest {

    private final ManualSimulationThread thread = new ManualSimulationThread();
    private volatile EngineState.Running last;

    @Test
    void a_state_published_while_a_shard_drains_says_what_is_left_of_it() {
        // given
        ExplorerEngine engine = AppWiring.explorerEngine(thread, System::nanoTime, state -> {
            if (state instanceof EngineState.Running r) {
                last = r;
            }
        });
        engine.load(ResolvedScenario.of(
                Scenario.of("{ age: 1 }", "age")
                        .withNamespace("school.people")
                        .withVersion(MongoVersion.parse("8.3"))
                        .withShards(2)
                        .withChunkSizeMegabytes(64)
                        .withDocuments(2_000)
                        .withDocsPerSecond(2_000),
                WorkloadRegistry.standard()));
        flush();
        CommandLayer shell = engine.shellCommandLayer();
        shell.run("admin", BsonDocument.parse("{balancerStop: 1}"));
        String primary = shell.run("config", BsonDocument.parse("{find: 'databases', filter: {_id: 'school'}}"))
                .getDocument("cursor")
                .getArray("firstBatch")
                .get(0)
                .asDocument()
                .getString("primary")
                .getValue();

        // when
        shell.run("admin", BsonDocument.parse("{startShardDraining: '" + primary + "'}"));
        flush();

        // then
        Map<String, Message> left = last.drainsLeft();
        assertEquals(
                Map.of(primary, "one chunk · one collection left"),
                Map.of(primary, Messages.of(Language.ENGLISH).text(left.get(primary))));
    }

    private void flush() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        thread.submit(() -> done.complete(null));
        done.orTimeout(60, TimeUnit.SECONDS).join();
    }
}
