package io.shardlab.ui.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.session.ResolvedScenario;
import io.shardlab.session.Scenario;
import io.shardlab.sim.AddShardToZone;
import io.shardlab.sim.ShardZone;
import io.shardlab.sim.ShardingSetup;
import io.shardlab.sim.ZoneKeyRange;
import io.shardlab.workload.InsertStream;
import io.shardlab.workload.StreamStep;
import io.shardlab.workload.WorkloadRegistry;
import io.shardlab.workload.WorkloadSettings;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * "Fork into simulator" starts from the recorded layout's own shards and zones and a neutral stream, never the lesson's
 * before (its zones, steps, workload or pace); a key no workload is made for gets uniform values over its own fields.
 */
class ForkScenarioTest {

    @Test
    void aForkKeepsNoneOfTheShownLessonsZonesSetUpStepsOrSplitPoints() {
        // given a lesson on show that puts shard02 in zone EU, at set-up and as a step of its stream
        Scenario lesson = Scenario.of("{ country: 1, _id: 1 }", "monotonic")
                .withShards(3)
                .withSplitPoints(List.of("{ country: 'DE', _id: MinKey }"))
                .withSharding(new ShardingSetup(
                        List.of(new ShardZone("shard02", "EU")),
                        List.of(new ZoneKeyRange(
                                "EU",
                                BsonDocument.parse("{country: 'DE', _id: {$minKey: 1}}"),
                                BsonDocument.parse("{country: 'FR', _id: {$minKey: 1}}"))),
                        0,
                        false))
                .withSteps(List.of(new StreamStep(1_000, new AddShardToZone("shard02", "EU"))))
                .withDocsPerSecond(4_000);
        // and a recorded layout on one shard, shard01
        ClusterSnapshot recorded = new ClusterSnapshot(
                "shop.orders",
                ShardKeyPattern.parse("{ user_id: 1 }"),
                false,
                List.of(Shard.named("shard01")),
                ChunkMap.single(1, "shard01"),
                List.of());

        // when it is forked
        Scenario fork = ExplorerViewModel.forkScenario(WorkloadRegistry.standard(), recorded, MongoVersion.V7_0, 64);

        // then the fork is the layout's: its namespace, key, one shard, release and chunk size, no zones or steps
        assertEquals("shop.orders", fork.namespace());
        assertEquals(ShardKeyPattern.parse("{ user_id: 1 }").toString(), fork.keyPattern());
        assertEquals(1, fork.shards());
        assertEquals(MongoVersion.V7_0, fork.version());
        assertEquals(64, fork.chunkSizeMegabytes());
        assertEquals(ShardingSetup.NONE, fork.sharding());
        assertEquals(List.of(), fork.steps());
        assertEquals(List.of(), fork.splitPoints());
        // and its stream is neutral: not the lesson's monotonic counter at 4,000/s, but uniform over the layout's key
        // field at the default pace
        assertEquals("uniform:user_id=number", fork.workload());
        assertEquals(Scenario.DEFAULT_DOCS_PER_SECOND, fork.docsPerSecond());
        assertEquals(Scenario.DEFAULT_DOCUMENTS, fork.documents());
        assertEquals(Optional.empty(), fork.queryFilter());
    }

    @ParameterizedTest(name = "a layout sharded on {0} plays {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # the layout's key | the fork's workload
            { userId: 1 }      | uniform
            { counter: 1 }     | monotonic
            { user_id: 1 }     | uniform:user_id=number
            """)
    void aForkPlaysTheWorkloadMadeForItsKeyElseUniformOverItsKeyFields(String key, String workload) {
        ClusterSnapshot recorded = new ClusterSnapshot(
                "shop.orders",
                ShardKeyPattern.parse(key),
                false,
                List.of(Shard.named("shard01")),
                ChunkMap.single(1, "shard01"),
                List.of());

        Scenario fork = ExplorerViewModel.forkScenario(WorkloadRegistry.standard(), recorded, MongoVersion.V7_0, 64);

        assertEquals(workload, fork.workload());
    }

    @Test
    void aForkOfALayoutKeyedOnOtherFieldsSpreadsItsInsertsOverItsChunksEachCarryingEveryKeyField() {
        // given a recorded layout on { region: 1, orderId: 1 }, cut at region APAC, EU and US, whose key no
        // workload is made for
        ShardKeyPattern key = ShardKeyPattern.parse("{ region: 1, orderId: 1 }");
        ChunkMap chunks = ChunkMap.fromSplitPoints(
                2,
                List.of(
                        ShardKey.of(new BsonString("APAC"), new BsonInt32(0)),
                        ShardKey.of(new BsonString("EU"), new BsonInt32(0)),
                        ShardKey.of(new BsonString("US"), new BsonInt32(0))),
                List.of("shard01", "shard02"),
                1);
        ClusterSnapshot recorded = new ClusterSnapshot(
                "shop.orders", key, false, List.of(Shard.named("shard01"), Shard.named("shard02")), chunks, List.of());

        // when it is forked and its stream's first 1,000 documents are taken
        WorkloadRegistry workloads = WorkloadRegistry.standard();
        Scenario fork = ExplorerViewModel.forkScenario(workloads, recorded, MongoVersion.V7_0, 64);
        ResolvedScenario resolved = ResolvedScenario.of(fork, workloads);
        Set<Integer> chunksWritten = new TreeSet<>();
        ShardKeyHasher hasher = new ShardKeyHasher();
        try (InsertStream stream = resolved.source().open(WorkloadSettings.of(1_000, 7))) {
            while (stream.hasNext()) {
                BsonDocument document = stream.next().document();
                // then every document carries each key field
                assertTrue(document.containsKey("region"), document::toJson);
                assertTrue(document.containsKey("orderId"), document::toJson);
                chunksWritten.add(chunks.indexOf(key.extractKey(document, hasher)));
            }
        }

        // and the inserts land in more than one chunk (the plain uniform's userId put them all in the first,
        // the chunk of missing values)
        assertTrue(chunksWritten.size() > 1, () -> "chunks written: " + chunksWritten);
    }
}
