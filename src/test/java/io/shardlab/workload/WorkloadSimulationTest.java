package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.ClusterEvent;
import io.shardlab.sim.SimulationSnapshot;
import io.shardlab.text.Language;
import io.shardlab.text.Messages;
import io.shardlab.text.RefusedInput;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadSimulationTest {

    @Test
    void addsShardsInOrderAndShardsTheCollection() {
        WorkloadSimulation sim = new WorkloadSimulation(
                SimulationSetup.of(MongoVersion.V8_0, 12), "db.c", ShardKeyPattern.parse("{a: 1}"));

        SimulationSnapshot s = sim.snapshot();
        assertEquals("shard01", s.shards().get(0).id());
        assertEquals("shard12", s.shards().get(11).id());
        assertEquals("db.c", s.cluster().namespace());
        assertTrue(sim.events() >= 13, "12 shards added and a collection sharded: " + sim.events());
    }

    @Test
    void aLoadedLayoutTakesInsertsAndBalancerRoundsLikeAShardedCollection() {
        io.shardlab.cluster.ClusterSnapshot layout = new io.shardlab.cluster.ClusterSnapshot(
                "db.c",
                ShardKeyPattern.parse("{userId: 'hashed'}"),
                false,
                List.of(io.shardlab.cluster.Shard.named("a"), io.shardlab.cluster.Shard.named("b")),
                io.shardlab.cluster.ChunkMap.single(1, "a"),
                List.of());
        io.shardlab.sim.LoadLayout load = new io.shardlab.sim.LoadLayout(
                layout,
                List.of(new io.shardlab.cluster.ChunkStatistics(layout.chunks().get(0), 20_000, 4_000_000)));
        assertEquals(
                "shards: the layout of db.c has 2 shards, the setup 3",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> WorkloadSimulation.fromLayout(SimulationSetup.of(MongoVersion.V8_0, 3), load))
                        .getMessage());

        WorkloadSimulation sim = WorkloadSimulation.fromLayout(
                SimulationSetup.of(MongoVersion.V8_0, 2)
                        .withChunkSizeMegabytes(1)
                        .withDocSize(200),
                load);
        WriteDistribution writes = sim.run(new UniformWorkload().open(WorkloadSettings.of(5_000, 3)));
        io.shardlab.sim.BalancerRoundsRun rounds = sim.runBalancerRounds(3);

        assertEquals(5_000, writes.inserts());
        assertEquals(25_000, sim.snapshot().documents(), "20,000 loaded, 5,000 inserted");
        assertEquals(List.of("a", "b"), sim.noWrites().shards());
        assertEquals(3, rounds.run());
        assertTrue(sim.snapshot().cluster().chunks().chunksPerShard().containsKey("b"), "the balancer moved data to b");
    }

    @Test
    void everyInsertIsCountedOnceInTheDataAndTheWrites() {
        WorkloadSimulation sim = new WorkloadSimulation(
                SimulationSetup.of(MongoVersion.V5_0, 3)
                        .withChunkSizeMegabytes(1)
                        .withDocSize(250)
                        .withWindow(700),
                "db.c",
                ShardKeyPattern.parse("{userId: 1}"));

        WriteDistribution writes = sim.run(new UniformWorkload().open(WorkloadSettings.of(12_345, 2)));

        SimulationSnapshot s = sim.snapshot();
        assertEquals(12_345, s.documents());
        assertEquals(12_345L * 250, s.bytes(), "--doc-size pads every document");
        assertEquals(12_345, writes.inserts());
        assertEquals(12_345 / 700, writes.fullWindows());
        assertEquals(12_345, writes.shards().stream().mapToLong(writes::writes).sum());
        for (WriteDistribution.Window w : writes.windows()) {
            int total = 0;
            for (int i = 0; i < writes.shards().size(); i++) {
                total += w.writes(i);
            }
            assertEquals(w.inserts(), total, "each window's per-shard writes add up to its inserts");
        }
        assertTrue(s.chunkStatistics().size() > 1, "the data was split");
    }

    @Test
    void insertsArriveAtTheGivenPaceInSimulatedTime() {
        WorkloadSimulation sim = new WorkloadSimulation(
                SimulationSetup.of(MongoVersion.V8_0, 2).withInsertsPerSecond(200),
                "db.c",
                ShardKeyPattern.parse("{counter: 1}"));
        List<Long> landedAt = new ArrayList<>();
        sim.cluster().addListener(e -> {
            if (e instanceof ClusterEvent.InsertsLanded l) {
                landedAt.add(l.atMillis());
            }
        });

        sim.run(new MonotonicCounterWorkload().open(WorkloadSettings.of(2_000, 1)));

        assertEquals(10_000, landedAt.get(landedAt.size() - 1), "2,000 inserts at 200/s end after 10 s");
        assertEquals(100, landedAt.get(0), "the first batch lands after one 100 ms step");
    }

    @Test
    void aDocumentWithoutTheKeyStopsTheRunWithItsPosition() {
        WorkloadSimulation sim = new WorkloadSimulation(
                SimulationSetup.of(MongoVersion.V8_0, 2), "db.c", ShardKeyPattern.parse("{zip: 1}"));

        DatasetException e = assertThrows(
                DatasetException.class, () -> sim.run(new AgeWorkload().open(WorkloadSettings.of(100, 1))));

        assertEquals(
                "workload 'age' line 1: the document has no field 'zip' of the shard key { zip: 1 } "
                        + "(its fields: _id, name, age, role)",
                e.getMessage());
    }

    @Test
    void aPreSplitPlacesChunksRoundRobin() {
        PresplitMinutesWorkload day = new PresplitMinutesWorkload();
        WorkloadSimulation sim =
                new WorkloadSimulation(SimulationSetup.of(MongoVersion.V6_0, 3), "data.data", day.suggestedKey());

        sim.preSplit(day.initialSplit(WorkloadSettings.of(1_000, 1)).orElseThrow());

        var chunks = sim.snapshot().cluster().chunks();
        assertEquals(1441, chunks.size());
        for (int i = 0; i < chunks.size(); i++) {
            assertEquals(sim.setup().shardId(1 + i % 3), chunks.get(i).shard(), "chunk " + i);
        }
        assertTrue(sim.snapshot().settings().balancerEnabled(), "the balancer runs again afterwards");
    }

    @Test
    void aPreSplitForAnotherKeyIsRefused() {
        PresplitMinutesWorkload day = new PresplitMinutesWorkload();
        WorkloadSimulation sim = new WorkloadSimulation(
                SimulationSetup.of(MongoVersion.V8_0, 2), "data.data", ShardKeyPattern.parse("{_id: 'hashed'}"));

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> sim.preSplit(
                        day.initialSplit(WorkloadSettings.of(1_000, 1)).orElseThrow()));

        assertEquals(
                "the workload pre-splits the shard key { _id: 1 }, but the collection is sharded on "
                        + "{ _id: 'hashed' }; use its key or another workload",
                e.getMessage());
    }

    @Test
    void aPreSplitForAnotherKeyIsRefusedInChinese() {
        WorkloadSimulation sim = new WorkloadSimulation(
                SimulationSetup.of(MongoVersion.V8_0, 2), "data.data", ShardKeyPattern.parse("{_id: 'hashed'}"));

        RefusedInput refused = assertThrows(
                RefusedInput.class,
                () -> sim.preSplit(new PresplitMinutesWorkload()
                        .initialSplit(WorkloadSettings.of(1_000, 1))
                        .orElseThrow()));

        assertEquals(
                "该工作负载按分片键 { _id: 1 } 预分割，但集合按 { _id: 'hashed' } 分片；请使用集合的分片键或换一个工作负载",
                Messages.of(Language.SIMPLIFIED_CHINESE).text(refused.said()));
    }

    @Test
    void aStepSaysWhereItRunsInEitherLanguage() {
        StreamStep step = StreamStep.addShard(150_000, "shard04");

        assertEquals(
                "after 150,000 documents: sh.addShard(\"shard04/shard04.shardlab:27018\")",
                Messages.of(Language.ENGLISH).text(step.describe()));
        assertEquals(
                "写入 150,000 个文档后：sh.addShard(\"shard04/shard04.shardlab:27018\")",
                Messages.of(Language.SIMPLIFIED_CHINESE).text(step.describe()));
    }

    @Test
    void aStepAddsAShardExactlyWhenTheStreamReachesItsDocument() {
        WorkloadSimulation sim = new WorkloadSimulation(
                SimulationSetup.of(MongoVersion.V5_0, 2)
                        .withWindow(1_000)
                        .withChunkSizeMegabytes(1)
                        .withDocSize(250),
                "db.c",
                ShardKeyPattern.parse("{userId: 1}"));
        List<Long> documentsWhenAdded = new ArrayList<>();
        sim.cluster().addListener(e -> {
            if (e instanceof ClusterEvent.ShardAdded) {
                documentsWhenAdded.add(sim.snapshot().documents());
            }
        });

        WriteDistribution writes = sim.run(
                new UniformWorkload().open(WorkloadSettings.of(60_000, 1)),
                List.of(StreamStep.addShard(25_500, "shard03"), StreamStep.addShard(90_000, "shard04")));

        assertEquals(List.of(25_500L), documentsWhenAdded, "the second step lies past the end of the stream");
        assertEquals(
                List.of("shard01", "shard02", "shard03"),
                sim.snapshot().cluster().shardIds());
        assertEquals(60_000, writes.inserts());
        for (WriteDistribution.Window w : writes.windows().subList(0, 25)) {
            assertEquals(w.inserts(), w.writes(0) + w.writes(1), "before the step only shard01 and shard02 exist");
        }
        assertTrue(
                writes.writes("shard03") > 0,
                "the balancer gives the new shard chunks, and a uniform key writes there");
    }

    @Test
    void aStepTheClusterRefusesStopsTheRunWithMongoDbsText() {
        WorkloadSimulation sim = new WorkloadSimulation(
                SimulationSetup.of(MongoVersion.V8_0, 2), "db.c", ShardKeyPattern.parse("{userId: 1}"));

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> sim.run(
                        new UniformWorkload().open(WorkloadSettings.of(1_000, 1)),
                        List.of(StreamStep.addShard(10, "shard02"))));

        assertEquals(
                "after 10 documents: sh.addShard(\"shard02/shard02.shardlab:27018\"): A shard already exists "
                        + "containing the replica set 'shard02'",
                e.getMessage());
    }
}
