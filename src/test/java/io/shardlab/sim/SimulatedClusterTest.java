package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ChunkStatistics;
import io.shardlab.cluster.MongoVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SimulatedClusterTest {

    static SimulatedCluster cluster(MongoVersion version, int shards) {
        SimulatedCluster c = new SimulatedCluster(SimulationConfig.of(version).withInvariantChecks(true));
        for (int i = 1; i <= shards; i++) {
            c.execute(new AddShard(String.format("shard%02d", i)));
        }
        return c;
    }

    @Test
    void rangedCollectionStartsWithOneChunkOnThePrimaryShardAndHoldsInsertedDocuments() {
        SimulatedCluster c = cluster(MongoVersion.V8_0, 3);
        c.execute(ShardCollection.of("db.c", "{x: 1}"));

        c.insert("db.c", InsertBatch.ofInt64(LongStream.range(0, 1000).toArray(), 100));

        SimulationSnapshot s = c.snapshot();
        assertEquals(1, s.cluster().chunks().size());
        assertEquals("shard01", s.cluster().chunks().get(0).shard());
        assertEquals(1000, s.documents());
        assertEquals(100_000, s.bytes());
    }

    @Test
    void undoOfAnInsertRemovesExactlyItsDocuments() {
        SimulatedCluster c = cluster(MongoVersion.V8_0, 2);
        c.execute(ShardCollection.of("db.c", "{x: 'hashed'}"));
        c.insert("db.c", InsertBatch.ofInt64(LongStream.range(0, 500).toArray(), 50));
        c.insert("db.c", InsertBatch.ofInt64(LongStream.range(500, 800).toArray(), 70));

        ClusterCommand undone = c.undo();

        SimulationSnapshot s = c.snapshot();
        assertEquals(500, s.documents());
        assertEquals(25_000, s.bytes());
        c.execute(undone);
        assertEquals(800, c.snapshot().documents());
    }

    @Test
    void insertingBeforeShardingIsRefusedWithAReason() {
        SimulatedCluster c = cluster(MongoVersion.V8_0, 1);
        CommandFailedException e = assertThrows(
                CommandFailedException.class, () -> c.insert("db.c", InsertBatch.ofInt64(new long[] {1}, 10)));
        assertTrue(e.getMessage().contains("not sharded"), e.getMessage());
    }

    @Test
    void hashedCollectionOn80HasOneChunkPerShard() {
        SimulatedCluster c = cluster(MongoVersion.V8_0, 4);
        c.execute(ShardCollection.of("db.c", "{x: 'hashed'}"));
        List<String> shards = new ArrayList<>();
        for (ChunkStatistics cs : c.snapshot().chunkStatistics()) {
            shards.add(cs.chunk().shard());
        }
        assertEquals(4, shards.size());
        assertEquals(4, shards.stream().distinct().count());
    }
}
