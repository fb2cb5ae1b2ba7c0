package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.Shard;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * 8.3's shard removal in four commands, ported from MongoDB's jstests: jstests/sharding/start_shard_draining_test.js
 * ({@code checkDrainingCorrectAndIllegalOperations}), shard_draining_status_test.js ("shardDrainingStatus correct
 * functionality test"), stop_shard_draining_test.js and commit_shard_removal_test.js. The jstests' cluster: two
 * shards, database {@code TestDB} with its primary on the shard that drains, {@code TestDB.Coll} sharded on
 * {@code _id} with two documents, and {@code TestDB.CollUnsharded}.
 */
class ShardDrainingCommandsTest {

    private ShardedCatalog catalog;

    private MongosCommands mongos(String release) {
        catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release)).withSeed(7), List.of("shard0", "shard1"));
        return MongosServer.inProcess(catalog, 64L << 20, line -> {});
    }

    /** The jstests' beforeEach: TestDB on shard1, a sharded and an unsharded collection. */
    private MongosCommands jstestCluster() {
        MongosCommands mongos = mongos("8.3");
        admin(mongos, "{enableSharding: 'TestDB', primaryShard: 'shard1'}");
        admin(mongos, "{shardCollection: 'TestDB.Coll', key: {_id: 1}}");
        run(mongos, "TestDB", "{insert: 'Coll', documents: [{_id: -1, value: 'Negative value'}]}");
        run(mongos, "TestDB", "{insert: 'Coll', documents: [{_id: 1, value: 'Positive value'}]}");
        run(mongos, "TestDB", "{insert: 'CollUnsharded', documents: [{_id: 1, value: 'Pos'}]}");
        return mongos;
    }

    private static BsonDocument run(MongosCommands mongos, String db, String json) {
        return mongos.run(db, BsonDocument.parse(json));
    }

    private static BsonDocument admin(MongosCommands mongos, String json) {
        return run(mongos, "admin", json);
    }

    private static MongoCommandException refused(MongosCommands mongos, String json) {
        return assertThrows(MongoCommandException.class, () -> admin(mongos, json));
    }

    private List<String> drainingShards() {
        return catalog.shards().stream().filter(Shard::draining).map(Shard::id).toList();
    }

    @Test
    void startShardDrainingMarksOneShardDrainingAndAgainChangesNothing() {
        // given start_shard_draining_test.js, checkDrainingCorrectAndIllegalOperations
        MongosCommands mongos = mongos("8.3");

        // when
        admin(mongos, "{startShardDraining: 'shard1'}");
        admin(mongos, "{startShardDraining: 'shard1'}");

        // then
        assertEquals(List.of("shard1"), drainingShards());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            # rule (start_shard_draining_test.js)   | command                                | code             | message
            can't drain all shards in the cluster    | {startShardDraining: 'shard0'}         | IllegalOperation | Operation not allowed because it would drain the last shard
            can't drain a non-existent shard         | {startShardDraining: 'shardX'}         | ShardNotFound    | Shard shardX not found
            """)
    void startShardDrainingRefusesTheLastShardAndAnUnknownOne(
            String rule, String command, String codeName, String message) {
        // given
        MongosCommands mongos = mongos("8.3");
        admin(mongos, "{startShardDraining: 'shard1'}");

        // when
        MongoCommandException e = refused(mongos, command);

        // then
        assertEquals(codeName, e.code().codeName(), rule);
        assertEquals(message, e.getMessage(), rule);
    }

    @Test
    void startShardDrainingRefusesTheOnlyShardOfAZoneWithARange() {
        // given sharding_catalog_manager_shard_operations.cpp, checkPreconditionsAndStartDrain
        MongosCommands mongos = mongos("8.3");
        admin(mongos, "{addShardToZone: 'shard1', zone: 'EU'}");
        admin(mongos, "{shardCollection: 'app.users', key: {region: 1}}");
        admin(mongos, "{updateZoneKeyRange: 'app.users', min: {region: 'EU'}, max: {region: 'EV'}, zone: 'EU'}");

        // when
        MongoCommandException e = refused(mongos, "{startShardDraining: 'shard1'}");

        // then
        assertEquals("ZoneStillInUse", e.code().codeName());
        assertEquals("Operation not allowed because there is no other shard in zone EU to drain to.", e.getMessage());
    }

    @ParameterizedTest(name = "[{index}] {0} is not a command before 8.3")
    @CsvSource(textBlock = """
            startShardDraining
            shardDrainingStatus
            stopShardDraining
            commitShardRemoval
            """)
    void theDrainingCommandsArriveIn83(String command) {
        // given release notes 8.3, "Remove Shard Changes"
        MongosCommands mongos = mongos("8.2");

        // when
        MongoCommandException e = refused(mongos, "{" + command + ": 'shard1'}");

        // then
        assertEquals("CommandNotFound", e.code().codeName());
    }

    @Test
    void shardDrainingStatusListsWhatIsLeftWhileDrainingIsOngoing() {
        // given shard_draining_status_test.js
        MongosCommands mongos = jstestCluster();
        admin(mongos, "{startShardDraining: 'shard1'}");

        // when
        BsonDocument status = admin(mongos, "{shardDrainingStatus: 'shard1'}");

        // then "draining status is 'ongoing'", "msg is 'draining ongoing'", "TestDB is listed as db to move",
        // "note field is set correctly", "TestDB.Coll is listed as collection to move"
        assertEquals("ongoing", status.getString("state").getValue());
        assertEquals("draining ongoing", status.getString("msg").getValue());
        assertEquals(new BsonArray(List.of(new BsonString("TestDB"))), status.getArray("dbsToMove"));
        assertEquals(
                "you need to call moveCollection for collectionsToMove and afterwards movePrimary for the dbsToMove",
                status.getString("note").getValue());
        assertEquals(
                new BsonArray(List.of(new BsonString("TestDB.CollUnsharded"))), status.getArray("collectionsToMove"));
        BsonDocument remaining = status.getDocument("remaining");
        assertEquals(1, remaining.getInt64("chunks").getValue(), "TestDB.Coll's one chunk is on shard1");
        assertEquals(1, remaining.getInt64("collectionsToMove").getValue());
        assertEquals(1, remaining.getInt64("dbs").getValue());
        assertEquals(0, remaining.getInt64("jumboChunks").getValue());
        assertTrue(
                remaining.getInt64("estimatedRemainingBytes").getValue() > 0,
                "estimatedRemainingBytes is non-negative while draining is ongoing, > 0 with documents");
    }

    @Test
    void shardDrainingStatusIsDrainingCompleteOnceTheBalancerAndMovePrimaryHaveEmptiedTheShard() {
        // given shard_draining_status_test.js, "draining status is 'drainingComplete' when shard is completely drained"
        MongosCommands mongos = jstestCluster();
        admin(mongos, "{startShardDraining: 'shard1'}");

        // when
        admin(mongos, "{movePrimary: 'TestDB', to: 'shard0'}");
        mongos.advance(120_000);

        // then
        BsonDocument status = admin(mongos, "{shardDrainingStatus: 'shard1'}");
        assertEquals("drainingComplete", status.getString("state").getValue());
        assertEquals("draining completed successfully", status.getString("msg").getValue());
        assertFalse(status.containsKey("remaining"), "no counts once drained");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            # rule (shard_draining_status_test.js)      | command                          | code             | message
            status not returned for non existent shard   | {shardDrainingStatus: 'shardX'}  | ShardNotFound    | Shard shardX not found
            status not returned for non-draining shard   | {shardDrainingStatus: 'shard0'}  | IllegalOperation | The shard shard0 isn't draining
            """)
    void shardDrainingStatusRefusals(String rule, String command, String codeName, String message) {
        // given
        MongosCommands mongos = jstestCluster();
        admin(mongos, "{startShardDraining: 'shard1'}");

        // when
        MongoCommandException e = refused(mongos, command);

        // then
        assertEquals(codeName, e.code().codeName(), rule);
        assertEquals(message, e.getMessage(), rule);
    }

    @Test
    void stopShardDrainingEndsTheDrainAndIsHarmlessOnAShardThatDoesNotDrain() {
        // given stop_shard_draining_test.js
        MongosCommands mongos = mongos("8.3");
        admin(mongos, "{startShardDraining: 'shard1'}");

        // when "check that draining is stopped correctly", "check that command returns OK on a non draining shard"
        admin(mongos, "{stopShardDraining: 'shard1'}");
        admin(mongos, "{stopShardDraining: 'shard1'}");

        // then
        assertEquals(List.of(), drainingShards());
        MongoCommandException e = refused(mongos, "{stopShardDraining: 'shardX'}");
        assertEquals("ShardNotFound", e.code().codeName(), "can't stop draining a non existent shard");
        assertEquals("Couldn't find the shard shardX in the cluster", e.getMessage());
    }

    @Test
    void commitShardRemovalRemovesADrainedShard() {
        // given commit_shard_removal_test.js, "check shard is removed correctly"
        MongosCommands mongos = jstestCluster();
        admin(mongos, "{startShardDraining: 'shard1'}");
        admin(mongos, "{movePrimary: 'TestDB', to: 'shard0'}");
        mongos.advance(120_000);

        // when
        admin(mongos, "{commitShardRemoval: 'shard1'}");

        // then
        assertEquals(List.of("shard0"), catalog.shardIds());
        assertEquals(2, run(mongos, "TestDB", "{count: 'Coll'}").getNumber("n").intValue(), "no document is lost");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            # rule (commit_shard_removal_test.js)            | start draining | command                         | code                           | message
            can't remove non existent shard                   | false          | {commitShardRemoval: 'shardX'}  | ShardNotFound                  | Shard shardX not found
            can't remove non-draining shard                   | false          | {commitShardRemoval: 'shard1'}  | ConflictingOperationInProgress | Shard shard1 is not currently draining
            can't remove a shard that's not completely drained | true          | {commitShardRemoval: 'shard1'}  | IllegalOperation               | The shard shard1 isn't completely drained. Please use the shardDrainingStatus command to check the draining status
            """)
    void commitShardRemovalRefusals(
            String rule, boolean startDraining, String command, String codeName, String message) {
        // given
        MongosCommands mongos = jstestCluster();
        if (startDraining) {
            admin(mongos, "{startShardDraining: 'shard1'}");
        }

        // when
        MongoCommandException e = refused(mongos, command);

        // then
        assertEquals(codeName, e.code().codeName(), rule);
        assertEquals(message, e.getMessage(), rule);
        assertEquals(List.of("shard0", "shard1"), catalog.shardIds(), "nothing is removed");
    }
}
