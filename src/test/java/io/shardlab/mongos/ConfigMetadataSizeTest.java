package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.InsertDocuments;
import io.shardlab.sim.ShardCollection;
import io.shardlab.sim.SimulationConfig;
import io.shardlab.sim.SplitAt;
import io.shardlab.workload.BsonSize;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The routing table's size beside the data: the config.chunks documents a mongos of each release serves. */
class ConfigMetadataSizeTest {

    @ParameterizedTest(name = "MongoDB {0}")
    @CsvSource({"4.4", "5.0", "6.3", "8.0"})
    void the_size_is_the_bson_size_of_the_collections_config_chunks_documents_in_the_releases_shape(String version) {
        MongoVersion v = MongoVersion.parse(version);
        ShardedCatalog catalog = new ShardedCatalog(SimulationConfig.of(v), List.of("shard01", "shard02"));
        catalog.shardCollection(ShardCollection.of("other.c", "{y: 1}"));
        catalog.shardCollection(ShardCollection.of("db.c", "{x: 1}"));
        long[] keys = new long[1_000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = i;
        }
        catalog.execute("db.c", new InsertDocuments("db.c", InsertBatch.ofInt64(keys, 200)));
        catalog.execute("db.c", new SplitAt("db.c", BsonDocument.parse("{x: 500}")));
        ConfigDatabase config = new ConfigDatabase(catalog, MongosRelease.of(v), 0, "localhost:27017");

        ConfigDatabase.MetadataSize size = config.metadataSize("db.c");

        List<BsonDocument> chunks = config.collections().get("chunks");
        List<BsonDocument> ofDbC = chunks.stream()
                .filter(c -> c.getDocument("min").containsKey("x"))
                .toList();
        assertEquals(2, size.chunks());
        assertEquals(ofDbC.stream().mapToLong(BsonSize::of).sum(), size.chunkBytes());
        assertEquals(1_000, size.documents());
        assertEquals(200_000, size.dataBytes());
        assertEquals(
                1_000 * size.chunkBytes() / 2.0,
                size.bytesPerDocumentRouting(),
                1e-6,
                "one chunk-sized routing document per data document");
    }

    @org.junit.jupiter.api.Test
    void an_unsharded_namespace_is_refused_by_name() {
        ShardedCatalog catalog = new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01"));
        ConfigDatabase config = new ConfigDatabase(catalog, MongosRelease.of(MongoVersion.V8_0), 0, "localhost:27017");

        assertEquals(
                "ns: db.c is not a sharded collection",
                assertThrows(IllegalArgumentException.class, () -> config.metadataSize("db.c"))
                        .getMessage());
    }
}
