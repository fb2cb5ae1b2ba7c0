package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The codes of the sharding commands' refusals as a client sees them through the Java driver: code,
 * code name and message as mongos sends them. An errmsg-only failure (mongo {@code commands.cpp},
 * {@code ErrmsgCommandDeprecated}: split's and mergeChunks' argument checks, moveChunk's before 6.0)
 * has no code: the driver reports -1 and an empty code name.
 *
 * <p>Sources: {@code cluster_split_cmd.cpp}, {@code cluster_merge_chunks_cmd.cpp},
 * {@code sharding_catalog_manager_chunk_operations.cpp} (commitChunksMerge), {@code cluster_move_chunk_cmd.cpp}
 * (6.0+: 656450–656452), {@code cluster_clear_jumbo_flag_cmd.cpp} (51260),
 * {@code refine_collection_shard_key_coordinator.cpp} and {@code catalog_cache.cpp} (a refine of a collection that
 * is missing from an existing database is NamespaceNotSharded; split, moveChunk, mergeChunks and reshardCollection of
 * a collection that is not sharded ask {@code getShardedCollectionRoutingInfoWithRefresh}, whose text changes at 7.0),
 * {@code sharding_catalog_manager_shard_operations.cpp},
 * {@code create_collection_coordinator.cpp}, {@code split_vector.cpp}.
 */
class RefusalCodesTest {

    private final List<AutoCloseable> open = new ArrayList<>();
    private MongoClient client;

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private MongoDatabase admin(String release, int shards) {
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= shards; i++) {
            ids.add(String.format("shard%02d", i));
        }
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release)).withSeed(3), ids);
        MongosServer server =
                MongosServer.start(new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, 64L << 20, 10), line -> {});
        open.add(server);
        client =
                MongoClients.create(server.connectionString() + "?directConnection=true&serverSelectionTimeoutMS=5000");
        open.add(client);
        return client.getDatabase("admin");
    }

    /** app.c sharded on {x: 1}, 100 documents, split at x: 50 (both chunks on the primary shard). */
    private MongoDatabase withSplitCollection(String release) {
        MongoDatabase admin = admin(release, 3);
        admin.runCommand(new Document("enableSharding", "app").append("primaryShard", "shard01"));
        admin.runCommand(new Document("shardCollection", "app.c").append("key", new Document("x", 1)));
        List<Document> docs = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            docs.add(new Document("x", i));
        }
        client.getDatabase("app").getCollection("c").insertMany(docs);
        admin.runCommand(Document.parse("{split: 'app.c', middle: {x: 50}}"));
        return admin;
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            7.0 | {split: 'app.c', middle: {y: 1}}                           | -1     |                  | new split key { y: 1 } is not valid for shard key pattern { x: 1 }
            7.0 | {split: 'app.c', middle: {x: 50}}                          | -1     |                  | new split key { x: 50 } is a boundary key of existing chunk [{ x: 50 },{ x: MaxKey })
            7.0 | {split: 'app.c', find: {y: 1}}                             | -1     |                  | no shard key found in chunk query { y: 1 }
            7.0 | {split: 'app.c', bounds: [{x: 0}, {x: 50}]}                | -1     |                  | no chunk found with the shard key bounds [{ x: 0 }, { x: 50 })
            7.0 | {mergeChunks: 'app.c', bounds: [{y: 1}, {y: 2}]}           | -1     |                  | shard key bounds [{ y: 1 },{ y: 2 }) are not valid for shard key pattern { x: 1 }
            7.0 | {mergeChunks: 'app.c', bounds: [{x: 0}, {x: 50}]}          | 20     | IllegalOperation | could not merge chunks, shard shard01 does not contain a sequence of chunks that exactly fills the range [{ x: 0 }, { x: 50 })
            7.0 | {moveChunk: 'app.c', find: {y: 1}, to: 'shard02'}          | 656450 | Location656450   | no shard key found in chunk query { y: 1 }
            7.0 | {moveChunk: 'app.c', bounds: [{y: 1}, {y: 2}], to: 'shard02'} | 656451 | Location656451 | shard key bounds [{ y: 1 },{ y: 2 }) are not valid for shard key pattern { x: 1 }
            7.0 | {moveChunk: 'app.c', bounds: [{x: 0}, {x: 50}], to: 'shard02'} | 656452 | Location656452 | no chunk found with the shard key bounds [{ x: 0 }, { x: 50 })
            5.0 | {moveChunk: 'app.c', find: {y: 1}, to: 'shard02'}          | -1     |                  | no shard key found in chunk query { y: 1 }
            5.0 | {moveChunk: 'app.c', bounds: [{x: 0}, {x: 50}], to: 'shard02'} | -1   |                  | no chunk found with the shard key bounds [{ x: 0 }, { x: 50 })
            8.0 | {clearJumboFlag: 'app.c', find: {y: 1}}                    | 51260  | Location51260    | no shard key found in chunk query { y: 1 }
            8.0 | {refineCollectionShardKey: 'app.c', key: {y: 1}}           | 72     | InvalidOptions   | refineCollectionShardKey shard key { y: 1 } does not extend the current shard key { x: 1 }
            4.4 | {refineCollectionShardKey: 'app.missing', key: {x: 1, y: 1}} | 118 | NamespaceNotSharded | Collection app.missing is not sharded.
            6.0 | {refineCollectionShardKey: 'app.missing', key: {x: 1, y: 1}} | 118 | NamespaceNotSharded | Collection app.missing is not sharded.
            7.0 | {refineCollectionShardKey: 'app.missing', key: {x: 1, y: 1}} | 118 | NamespaceNotSharded | Expected collection app.missing to be sharded
            8.0 | {refineCollectionShardKey: 'app.missing', key: {x: 1, y: 1}} | 118 | NamespaceNotSharded | Expected collection app.missing to be sharded
            5.0 | {split: 'app.missing', middle: {x: 1}}                     | 118    | NamespaceNotSharded | Collection app.missing is not sharded.
            6.0 | {moveChunk: 'app.missing', find: {x: 1}, to: 'shard02'}    | 118    | NamespaceNotSharded | Collection app.missing is not sharded.
            7.0 | {mergeChunks: 'app.missing', bounds: [{x: 0}, {x: 50}]}    | 118    | NamespaceNotSharded | Expected collection app.missing to be sharded
            8.0 | {split: 'app.missing', middle: {x: 1}}                     | 118    | NamespaceNotSharded | Expected collection app.missing to be sharded
            6.0 | {reshardCollection: 'app.missing', key: {y: 1}}            | 118    | NamespaceNotSharded | Collection app.missing is not sharded.
            8.0 | {reshardCollection: 'app.missing', key: {y: 1}}            | 118    | NamespaceNotSharded | Expected collection app.missing to be sharded
            6.0 | {addShard: 'shard02/shard02.shardlab:27018'}                | 20     | IllegalOperation | A shard already exists containing the replica set 'shard02'
            6.0 | {shardCollection: 'app.h', key: {h: 'hashed'}, unique: true} | 72   | InvalidOptions   | Hashed shard keys cannot be declared unique. It's possible to ensure uniqueness on the hashed field by declaring an additional (non-hashed) unique index on the field.
            6.0 | {shardCollection: 'app.r', key: {r: 1}, numInitialChunks: 4} | 72   | InvalidOptions   | numInitialChunks is only supported when the collection is empty and has a hashed field in the shard key pattern
            6.0 | {shardCollection: 'app.p', key: {h: 'hashed'}, presplitHashedZones: true} | 31387 | Location31387 | 'presplitHashedZones' is only supported when the collection is empty, zones are set up and shard key pattern has a hashed field
            8.0 | {removeShard: 'shard09'}                                    | 70     | ShardNotFound    | Shard shard09 not found
            """)
    void a_refusal_carries_mongodbs_code_code_name_and_message(
            String release, String command, int code, String codeName, String message) {
        MongoDatabase admin = withSplitCollection(release);

        MongoCommandException e =
                assertThrows(MongoCommandException.class, () -> admin.runCommand(Document.parse(command)));

        assertEquals(code, e.getErrorCode(), e.getErrorMessage());
        assertEquals(codeName == null ? "" : codeName, e.getErrorCodeName(), command);
        assertEquals(message, e.getErrorMessage(), command);
    }

    @Test
    void an_errmsg_only_refusal_has_no_code_field_in_the_reply() {
        MongoDatabase admin = withSplitCollection("7.0");

        MongoCommandException e = assertThrows(
                MongoCommandException.class,
                () -> admin.runCommand(Document.parse("{split: 'app.c', middle: {y: 1}}")));

        assertFalse(e.getResponse().containsKey("code"), e.getResponse().toJson());
        assertFalse(e.getResponse().containsKey("codeName"), e.getResponse().toJson());
        assertEquals(0.0, e.getResponse().getNumber("ok").doubleValue());
    }

    @Test
    void removing_the_last_shard_that_is_not_draining_is_an_illegal_operation() {
        MongoDatabase admin = admin("7.0", 2);
        admin.runCommand(new Document("removeShard", "shard01"));

        MongoCommandException last = assertThrows(
                MongoCommandException.class, () -> admin.runCommand(new Document("removeShard", "shard02")));
        MongoCommandException unknown = assertThrows(
                MongoCommandException.class, () -> admin.runCommand(new Document("removeShard", "shard09")));

        assertEquals("IllegalOperation", last.getErrorCodeName());
        assertEquals("Operation not allowed because it would remove the last shard", last.getErrorMessage());
        assertEquals(70, unknown.getErrorCode());
        assertEquals("ShardNotFound", unknown.getErrorCodeName());
    }

    @ParameterizedTest(name = "{0}: numInitialChunks 9 gives {1} chunks")
    @CsvSource(textBlock = """
            6.0, 9
            7.0, 9
            8.0, 3
            """)
    void num_initial_chunks_of_a_hashed_key_is_honoured_before_7_2_and_ignored_after(String release, int chunks) {
        MongoDatabase admin = admin(release, 3);
        admin.runCommand(new Document("enableSharding", "app"));

        admin.runCommand(Document.parse("{shardCollection: 'app.h', key: {h: 'hashed'}, numInitialChunks: 9}"));

        assertEquals(
                chunks, client.getDatabase("config").getCollection("chunks").countDocuments());
    }
}
