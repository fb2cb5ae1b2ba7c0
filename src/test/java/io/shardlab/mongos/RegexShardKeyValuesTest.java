package io.shardlab.mongos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.serve.MongosServer;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A regular expression may be a document's shard-key value (mongo {@code jstests/sharding/regex_targeting.js}: "(For
 * now) we can insert a regex shard key"; {@code shard_key_pattern.cpp}
 * {@code isValidShardKeyElementForExtractionFromDocument} refuses arrays only), but never a chunk bound: the config
 * server's {@code commitChunkSplit} checks every split point with {@code checkShardKeyIsValidForMetadataStorage}
 * ({@code sharding_catalog_manager_chunk_operations.cpp}), so a split at one fails with BadValue and changes nothing,
 * and an auto-split whose points include one does not happen.
 */
class RegexShardKeyValuesTest {

    @ParameterizedTest(name = "MongoDB {0}")
    @ValueSource(strings = {"4.4", "5.0", "6.0", "7.0", "8.0"})
    void aRegexShardKeyValueIsStoredButASplitAtItIsBadValue(String release) {
        // given app.users sharded on {k: 1} holding a document whose k is a regular expression
        MongosCommands mongos = mongos(release, 64);
        run(mongos, "admin", "{enableSharding: 'app'}");
        run(mongos, "admin", "{shardCollection: 'app.users', key: {k: 1}}");
        BsonDocument inserted = run(mongos, "app", "{insert: 'users', documents: [{k: {$regex: 'abc'}}, {k: 5}]}");
        assertEquals(2, inserted.getNumber("n").intValue(), inserted.toJson());

        // when a split at that value is asked
        MongoCommandException refused = assertThrows(
                MongoCommandException.class,
                () -> mongos.run("admin", BsonDocument.parse("{split: 'app.users', middle: {k: /abc/}}")));

        // then BadValue, and the collection is still one chunk
        assertEquals(ErrorCode.BAD_VALUE, refused.code());
        assertEquals(
                "split failed :: caused by :: Shard key element k: /abc/ is not valid for storage",
                refused.getMessage());
        assertEquals(1, chunks(mongos));
    }

    @ParameterizedTest(name = "MongoDB {0}: keys {1}")
    @CsvSource({
        "4.4, strings, true",
        "4.4, regular expressions, false",
        "5.0, strings, true",
        "5.0, regular expressions, false",
    })
    void theAutoSplitterNeverCutsAtARegex(String release, String keys, boolean splits) {
        // given a 1 MB chunk size on a release that auto-splits
        MongosCommands mongos = mongos(release, 1);
        run(mongos, "admin", "{enableSharding: 'app'}");
        run(mongos, "admin", "{shardCollection: 'app.users', key: {k: 1}}");

        // when 3 MB of documents arrive, their k strings or regular expressions
        String padding = "x".repeat(1000);
        for (int batch = 0; batch < 30; batch++) {
            BsonArray docs = new BsonArray();
            for (int i = 0; i < 100; i++) {
                String k = "key-" + (batch * 100 + i);
                BsonValue value = keys.equals("strings") ? new BsonString(k) : new BsonRegularExpression(k);
                docs.add(new BsonDocument("k", value).append("pad", new BsonString(padding)));
            }
            run(mongos, "app", new BsonDocument("insert", new BsonString("users")).append("documents", docs));
        }

        // then strings get cut, regular expressions never
        int chunks = chunks(mongos);
        assertTrue(splits ? chunks > 1 : chunks == 1, keys + ": " + chunks + " chunks");
    }

    private static MongosCommands mongos(String release, long chunkSizeMegabytes) {
        SimulationConfig config = SimulationConfig.of(MongoVersion.parse(release))
                .withSeed(3)
                .withMaxChunkSizeBytes(chunkSizeMegabytes << 20);
        return MongosServer.inProcess(
                new ShardedCatalog(config, List.of("shard01", "shard02")), 256L << 20, line -> {});
    }

    private static BsonDocument run(MongosCommands mongos, String db, String command) {
        return run(mongos, db, BsonDocument.parse(command));
    }

    private static BsonDocument run(MongosCommands mongos, String db, BsonDocument command) {
        BsonDocument reply = mongos.run(db, command);
        assertEquals(1, reply.getNumber("ok", new BsonInt32(0)).intValue(), reply.toJson());
        assertTrue(reply.getArray("writeErrors", new BsonArray()).isEmpty(), reply.toJson());
        return reply;
    }

    private static int chunks(MongosCommands mongos) {
        BsonDocument reply = mongos.run("config", BsonDocument.parse("{count: 'chunks'}"));
        return reply.getNumber("n").intValue();
    }
}
