package io.shardlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.ActiveMigration;
import io.shardlab.cluster.Shard;
import io.shardlab.key.ShardKey;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonMinKey;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** config.migrations documents, in the shape of mongo type_migration.cpp, read as migrations in flight. */
class ConfigMigrationsDecoderTest {

    private static final List<Shard> SHARDS = List.of(Shard.named("shard01"), Shard.named("shard02"));

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # config.migrations document | migrations read | problems
            {ns: 'shop.orders', min: {x: {$minKey: 1}}, max: {x: 10}, fromShard: 'shard01', toShard: 'shard02', chunkVersion: [{$timestamp: {t: 2, i: 0}}, {$oid: '5f0000000000000000000000'}], waitForDelete: false, forceJumbo: 'doNotForceJumbo'} | 1 | 0
            {ns: 'shop.orders', min: {x: {$minKey: 1}}, max: {x: 10}, fromShard: 'shard01', toShard: 'shard02', waitForDelete: false, forceJumbo: 0, maxChunkSizeBytes: 134217728} | 1 | 0
            {ns: 'shop.other', min: {x: 1}, max: {x: 10}, fromShard: 'shard01', toShard: 'shard02'}            | 0 | 0
            {ns: 'shop.orders', min: {x: 1}, max: {x: 10}, fromShard: 'shard01'}                                | 0 | 1
            {ns: 'shop.orders', min: {x: 1}, max: {x: 10}, fromShard: 'shard01', toShard: 'shard09'}            | 0 | 1
            {ns: 'shop.orders', min: {y: 1}, max: {x: 10}, fromShard: 'shard01', toShard: 'shard02'}            | 0 | 1
            """)
    void migrationsOfTheCollectionAreRead(String doc, int read, int problems) {
        ConfigCatalogDecoder decoder = new ConfigCatalogDecoder();
        CollectionEntry entry = decoder.collections(
                        List.of(
                                BsonDocument.parse(
                                        "{_id: 'shop.orders', key: {x: 1}, unique: false, lastmodEpoch: {$oid: '5f0000000000000000000000'}}")))
                .get(0);
        List<ActiveMigration> out = decoder.migrations(entry, List.of(BsonDocument.parse(doc)), SHARDS);
        assertEquals(read, out.size());
        assertEquals(problems, decoder.problems().size(), decoder.problems().toString());
        if (read == 1) {
            assertEquals(
                    new ActiveMigration(
                            ShardKey.of(new BsonMinKey()), ShardKey.of(new BsonInt32(10)), "shard01", "shard02"),
                    out.get(0));
            assertTrue(decoder.problems().isEmpty());
        }
    }
}
