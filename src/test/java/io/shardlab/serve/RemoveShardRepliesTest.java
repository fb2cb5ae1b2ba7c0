package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code removeShard}'s replies before 8.3's four commands, on a cluster whose draining shard holds no chunk, is the
 * primary shard of no database, and holds one unsharded collection ({@code TestDB.CollUnsharded}, placed there by
 * {@code moveCollection} from 8.0; before 8.0 it stays on its database's primary shard, shard0). From 8.0 the shard
 * stays ongoing while the collection is on it, and the reply names it: MongoDB manual,
 * {@code reference/command/removeShard.txt} (the started and ongoing replies with {@code collectionsToMove}, field
 * order as shown there); the note only when something is listed, mongo {@code sharding_catalog_manager_shard_operations.cpp}
 * {@code appendDBAndCollDrainingInfo}. Before 8.0: mongo {@code configsvr_remove_shard_command.cpp}.
 */
class RemoveShardRepliesTest {

    private static final String NOTE =
            "you need to call moveCollection for collectionsToMove and afterwards movePrimary for the dbsToMove";

    private static MongosCommands cluster(String release) {
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release)).withSeed(7), List.of("shard0", "shard1"));
        MongosCommands mongos = MongosServer.inProcess(catalog, 64L << 20, line -> {});
        admin(mongos, "{enableSharding: 'TestDB', primaryShard: 'shard0'}");
        mongos.run("TestDB", BsonDocument.parse("{insert: 'CollUnsharded', documents: [{_id: 1}]}"));
        if (MongoVersion.parseModelled(release).atLeast(8, 0)) {
            admin(mongos, "{moveCollection: 'TestDB.CollUnsharded', toShard: 'shard1'}");
        }
        return mongos;
    }

    private static BsonDocument admin(MongosCommands mongos, String json) {
        return mongos.run("admin", BsonDocument.parse(json));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            # release | first call's reply                                                                                                                              | second call's reply
            7.0       | {msg: 'draining started successfully', state: 'started', shard: 'shard1', dbsToMove: [], ok: 1.0}                                               | {msg: 'removeshard completed successfully', state: 'completed', shard: 'shard1', ok: 1.0}
            8.0       | {msg: 'draining started successfully', state: 'started', shard: 'shard1', note: 'NOTE', dbsToMove: [], collectionsToMove: ['TestDB.CollUnsharded'], ok: 1.0} | {msg: 'draining ongoing', state: 'ongoing', remaining: {chunks: {$numberLong: '0'}, dbs: {$numberLong: '0'}, jumboChunks: {$numberLong: '0'}, collectionsToMove: {$numberLong: '1'}}, note: 'NOTE', dbsToMove: [], collectionsToMove: ['TestDB.CollUnsharded'], ok: 1.0}
            8.2       | {msg: 'draining started successfully', state: 'started', shard: 'shard1', note: 'NOTE', dbsToMove: [], collectionsToMove: ['TestDB.CollUnsharded'], ok: 1.0} | {msg: 'draining ongoing', state: 'ongoing', remaining: {chunks: {$numberLong: '0'}, dbs: {$numberLong: '0'}, jumboChunks: {$numberLong: '0'}, collectionsToMove: {$numberLong: '1'}}, note: 'NOTE', dbsToMove: [], collectionsToMove: ['TestDB.CollUnsharded'], ok: 1.0}
            """)
    void an_unsharded_collection_on_the_shard_keeps_it_ongoing_from_8_0_and_is_named(
            String release, String first, String second) {
        // given the draining shard's one unsharded collection (on shard0 before 8.0)
        MongosCommands mongos = cluster(release);

        // when removeShard is called twice
        BsonDocument started = admin(mongos, "{removeShard: 'shard1'}");
        BsonDocument again = admin(mongos, "{removeShard: 'shard1'}");

        // then the replies, field by field in MongoDB's order
        assertEquals(BsonDocument.parse(first.replace("NOTE", NOTE)).toJson(), started.toJson());
        assertEquals(BsonDocument.parse(second.replace("NOTE", NOTE)).toJson(), again.toJson());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(textBlock = """
            8.0
            8.2
            """)
    void once_the_collection_has_moved_off_the_removal_completes(String release) {
        // given a drain kept ongoing by TestDB.CollUnsharded
        MongosCommands mongos = cluster(release);
        admin(mongos, "{removeShard: 'shard1'}");

        // when the collection moves to shard0 as the note says
        admin(mongos, "{moveCollection: 'TestDB.CollUnsharded', toShard: 'shard0'}");

        // then the next call completes the removal
        assertEquals(
                "{\"msg\": \"removeshard completed successfully\", \"state\": \"completed\", \"shard\": \"shard1\", "
                        + "\"ok\": 1.0}",
                admin(mongos, "{removeShard: 'shard1'}").toJson());
    }
}
