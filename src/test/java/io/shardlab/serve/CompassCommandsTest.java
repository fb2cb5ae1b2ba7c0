package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What MongoDB Compass sends a mongos, replayed through the Java driver against {@code serve}, with the
 * fields Compass reads from each reply. The commands are Compass's own (mongodb-js/compass
 * {@code packages/data-service/src/instance-detail-helper.ts} {@code getInstance} on connect,
 * {@code data-service.ts} for the lists and the tabs, {@code compass-serverstats} for Performance;
 * mongodb-js/devtools-shared {@code mongodb-build-info} {@code identifyServerName}).
 *
 * <p>Given a 7.0 cluster of two shards holding {@code shop.orders} sharded on {@code {c: 1}} (50
 * documents, {@code c} 0–49, split at 25, the upper chunk moved to shard02) and the unsharded
 * {@code shop.plain} (one document). Each row: where Compass sends it, the database, the command, and
 * {@code path = expected} checks: a path walks fields and array positions ({@code #} is an array's
 * length); expected is a JSON value, {@code <absent>}, {@code <number>}, {@code <string>} or
 * {@code <date>}; a reply that is an error is checked as {@code error = CodeName}.
 *
 * <p>Index sizes are the BSON size of each document's index key: {@code {_id: ObjectId}} is 22 bytes,
 * {@code {c: int32}} 12, so 50 documents make 1,100 and 600.
 */
class CompassCommandsTest {

    private MongosServer server;
    private MongoClient client;

    @BeforeEach
    void given_a_sharded_and_an_unsharded_collection() {
        ShardedCatalog catalog =
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V7_0), List.of("shard01", "shard02"));
        server = MongosServer.start(new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, 64L << 20, 10), l -> {});
        client =
                MongoClients.create(server.connectionString() + "?directConnection=true&serverSelectionTimeoutMS=5000");
        var admin = client.getDatabase("admin");
        admin.runCommand(Document.parse("{enableSharding: 'shop', primaryShard: 'shard01'}"));
        admin.runCommand(Document.parse("{shardCollection: 'shop.orders', key: {c: 1}}"));
        var orders = client.getDatabase("shop").getCollection("orders");
        for (int i = 0; i < 50; i++) {
            orders.insertOne(new Document("c", i).append("v", "x" + i));
        }
        admin.runCommand(Document.parse("{split: 'shop.orders', middle: {c: 25}}"));
        admin.runCommand(Document.parse("{moveChunk: 'shop.orders', find: {c: 30}, to: 'shard02'}"));
        client.getDatabase("shop").getCollection("plain").insertOne(new Document("a", 1));
    }

    @AfterEach
    void close() {
        client.close();
        server.close();
    }

    @ParameterizedTest(name = "{0}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            connect       | admin | {connectionStatus: 1, showPrivileges: true} | authInfo.authenticatedUsers = []; authInfo.authenticatedUserRoles = []; authInfo.authenticatedUserPrivileges = []
            connect       | admin | {hostInfo: 1} | os.type = <string>; os.name = <string>; os.version = <string>; system.cpuArch = <string>; system.numCores = <number>; system.memSizeMB = <number>; extra.versionString = <string>
            connect       | admin | {buildInfo: 1} | version = "7.0.40"; modules = []; dataLake = <absent>
            connect       | admin | {getParameter: 1, featureCompatibilityVersion: 1} | featureCompatibilityVersion.version = "7.0"
            connect       | admin | {atlasVersion: 1} | error = CommandNotFound
            connect       | admin | {getParameter: 'foo'} | error = InvalidOptions
            connect       | admin | {aggregate: 'atlascli', pipeline: [{$match: {managedClusterType: 'atlasCliLocalDevCluster'}}, {$group: {_id: 1, n: {$sum: 1}}}], cursor: {}} | cursor.firstBatch = []
            connect       | admin | {find: 'atlascli', filter: {managedClusterType: 'atlasCliLocalDevCluster'}} | cursor.firstBatch = []
            connect       | admin | {count: 'atlascli', query: {}} | n = 0
            databases     | admin | {listDatabases: 1, nameOnly: true} | databases.# = 2; databases.0.name = "config"; databases.1.name = "shop"; databases.1.sizeOnDisk = <absent>
            databases     | admin | {listDatabases: 1} | databases.1.name = "shop"; databases.1.sizeOnDisk = <number>; databases.1.empty = false; databases.1.shards.shard02 = <number>; totalSize = <number>
            databases     | admin | {listDatabases: 1, filter: {name: 'shop'}} | databases.# = 1; databases.0.name = "shop"; databases.0.shards.shard01 = <number>
            databases     | shop  | {dbStats: 1} | collections = 3; objects = 51; indexes = 5; dataSize = <number>; storageSize = <number>; indexSize = <number>; raw.shard02/shard02.shardlab:27018.objects = 25
            collections   | shop  | {listCollections: 1, filter: {}, nameOnly: true, authorizedCollections: true} | cursor.firstBatch.# = 2; cursor.firstBatch.0.name = "orders"; cursor.firstBatch.0.type = "collection"; cursor.firstBatch.0.options = <absent>
            collections   | shop  | {listCollections: 1, filter: {name: 'plain'}} | cursor.firstBatch.# = 1; cursor.firstBatch.0.name = "plain"; cursor.firstBatch.0.options = {}; cursor.firstBatch.0.info.readOnly = false; cursor.firstBatch.0._id = <absent>
            collections   | shop  | {aggregate: 'orders', pipeline: [{$collStats: {storageStats: {}}}, {$group: {_id: null, capped: {$first: '$storageStats.capped'}, count: {$sum: '$storageStats.count'}, size: {$sum: {$toDouble: '$storageStats.size'}}, storageSize: {$sum: {$toDouble: '$storageStats.storageSize'}}, totalIndexSize: {$sum: {$toDouble: '$storageStats.totalIndexSize'}}, freeStorageSize: {$sum: {$toDouble: '$storageStats.freeStorageSize'}}, unscaledCollSize: {$sum: {$multiply: [{$toDouble: '$storageStats.avgObjSize'}, {$toDouble: '$storageStats.count'}]}}, nindexes: {$max: '$storageStats.nindexes'}}}, {$addFields: {avgObjSize: {$cond: {if: {$ne: ['$count', 0]}, then: {$divide: ['$unscaledCollSize', {$toDouble: '$count'}]}, else: 0}}}}], cursor: {}} | cursor.firstBatch.0.count = 50; cursor.firstBatch.0.capped = false; cursor.firstBatch.0.nindexes = 2; cursor.firstBatch.0.size = <number>; cursor.firstBatch.0.storageSize = <number>; cursor.firstBatch.0.totalIndexSize = <number>; cursor.firstBatch.0.avgObjSize = <number>
            collections   | shop  | {aggregate: 'plain', pipeline: [{$collStats: {storageStats: {}}}], cursor: {}} | cursor.firstBatch.# = 1; cursor.firstBatch.0.shard = "shard01"; cursor.firstBatch.0.storageStats.count = 1; cursor.firstBatch.0.storageStats.indexSizes._id_ = 22
            documents     | shop  | {find: 'orders', filter: {}, sort: {c: -1}, skip: 2, limit: 3} | cursor.firstBatch.# = 3; cursor.firstBatch.0.c = 47; cursor.firstBatch.2.c = 45
            documents     | shop  | {count: 'orders', query: {}, maxTimeMS: 500} | n = 50
            documents     | shop  | {aggregate: 'orders', pipeline: [{$match: {c: {$gte: 10}}}, {$group: {_id: 1, n: {$sum: 1}}}], cursor: {}} | cursor.firstBatch.0.n = 40
            documents     | config | {find: 'collections', filter: {_id: 'shop.orders', unsplittable: {$ne: true}}, projection: {key: 1, _id: 0}} | cursor.firstBatch.0 = {"key": {"c": 1}}
            schema        | shop  | {aggregate: 'orders', pipeline: [{$sample: {size: 1000}}], allowDiskUse: true, cursor: {}} | cursor.firstBatch.# = 50
            schema        | shop  | {aggregate: 'orders', pipeline: [{$match: {c: {$lt: 10}}}, {$sample: {size: 3}}, {$project: {c: 1}}], allowDiskUse: true, cursor: {}} | cursor.firstBatch.# = 3; cursor.firstBatch.0.v = <absent>
            indexes       | shop  | {listIndexes: 'orders'} | cursor.firstBatch.# = 2; cursor.firstBatch.0.name = "_id_"; cursor.firstBatch.1.key = {"c": 1}
            indexes       | shop  | {aggregate: 'orders', pipeline: [{$indexStats: {}}, {$project: {name: 1, usageHost: '$host', usageCount: '$accesses.ops', usageSince: '$accesses.since', building: 1}}], cursor: {}} | cursor.firstBatch.# = 4; cursor.firstBatch.0.name = "_id_"; cursor.firstBatch.0.usageHost = "shard01.shardlab:27018"; cursor.firstBatch.0.usageCount = <number>; cursor.firstBatch.0.usageSince = <date>; cursor.firstBatch.0._id = <absent>; cursor.firstBatch.3.usageHost = "shard02.shardlab:27018"
            indexes       | shop  | {aggregate: 'orders', pipeline: [{$collStats: {storageStats: {}}}, {$project: {indexSizes: {$objectToArray: '$storageStats.indexSizes'}}}, {$unwind: '$indexSizes'}, {$group: {_id: '$indexSizes.k', size: {$sum: {$toDouble: '$indexSizes.v'}}}}, {$sort: {_id: 1}}], cursor: {}} | cursor.firstBatch.# = 2; cursor.firstBatch.0._id = "_id_"; cursor.firstBatch.0.size = 1100; cursor.firstBatch.1._id = "c_1"; cursor.firstBatch.1.size = 600
            indexes       | admin | {aggregate: 1, pipeline: [{$currentOp: {allUsers: true, localOps: false}}, {$match: {ns: 'shop.orders', active: true, 'command.createIndexes': {$exists: true}}}, {$sort: {'command.indexes.name': 1, secs_running: -1}}, {$unwind: '$command.indexes'}, {$group: {_id: '$command.indexes.name', active: {$max: '$active'}}}], cursor: {}} | cursor.firstBatch = []
            aggregations  | shop  | {explain: {aggregate: 'orders', pipeline: [{$match: {c: 3}}], cursor: {}}, verbosity: 'executionStats'} | queryPlanner.winningPlan.stage = "SINGLE_SHARD"; queryPlanner.winningPlan.shards.0.shardName = "shard01"
            explain       | shop  | {explain: {find: 'orders', filter: {c: {$gte: 20}}}, verbosity: 'executionStats'} | queryPlanner.winningPlan.stage = "SHARD_MERGE"; queryPlanner.winningPlan.shards.# = 2; executionStats.nReturned = 30
            performance   | admin | {serverStatus: 1} | process = "mongos"; version = "7.0.40"; localTime = <date>; opcounters.insert = 51; opcounters.query = <number>; opcounters.update = 0; opcounters.delete = 0; opcounters.getmore = 0; opcounters.command = <number>; network.bytesIn = <number>; network.bytesOut = <number>; connections.current = <number>; mem.bits = 64; globalLock = <absent>
            performance   | admin | {top: 1} | error = CommandNotFound
            performance   | admin | {aggregate: 1, pipeline: [{$currentOp: {allUsers: true, idleConnections: false, truncateOps: false}}], cursor: {}} | cursor.firstBatch.# = 2; cursor.firstBatch.0.shard = "shard01"; cursor.firstBatch.0.ns = "admin.$cmd.aggregate"; cursor.firstBatch.0.op = "command"; cursor.firstBatch.0.active = true; cursor.firstBatch.0.waitingForLock = false; cursor.firstBatch.0.microsecs_running = <number>; cursor.firstBatch.1.opid = <string>
            performance   | admin | {killOp: 1, op: 'shard01:1'} | shard = "shard01"; shardid = 1; ok = 1.0
            """)
    void compass_reads_what_it_expects(String place, String database, String command, String checks) {
        BsonDocument reply;
        try {
            reply = client.getDatabase(database).runCommand(Document.parse(command), BsonDocument.class);
        } catch (MongoCommandException e) {
            reply = new BsonDocument("error", new org.bson.BsonString(e.getErrorCodeName()));
        }
        for (String check : checks.split(";")) {
            String[] parts = check.split("=", 2);
            String path = parts[0].trim();
            String expected = parts[1].trim();
            BsonValue actual = at(reply, path);
            String where = place + ": " + path + " in " + reply.toJson();
            switch (expected) {
                case "<absent>" -> assertNull(actual, where);
                case "<number>" -> assertTrue(actual != null && actual.isNumber(), where);
                case "<string>" -> assertTrue(actual != null && actual.isString(), where);
                case "<date>" -> assertTrue(actual != null && actual.isDateTime(), where);
                default -> {
                    assertNotNull(actual, where);
                    BsonValue value = path.equals("error")
                            ? new org.bson.BsonString(expected)
                            : BsonDocument.parse("{v: " + expected + "}").get("v");
                    if (value.isNumber() && actual.isNumber()) {
                        assertEquals(
                                value.asNumber().doubleValue(),
                                actual.asNumber().doubleValue(),
                                where);
                    } else {
                        assertEquals(value, actual, where);
                    }
                }
            }
        }
    }

    /** The value at a dotted path of fields and array positions; {@code #} is an array's length. */
    private static BsonValue at(BsonDocument reply, String path) {
        BsonValue current = reply;
        for (String part : path.split("\\.(?![^/]*:)")) {
            if (current == null) {
                return null;
            }
            if (part.equals("#")) {
                return current.isArray()
                        ? new org.bson.BsonInt32(current.asArray().size())
                        : null;
            }
            if (current.isArray()) {
                int i = Integer.parseInt(part);
                current = i < current.asArray().size() ? current.asArray().get(i) : null;
            } else if (current.isDocument()) {
                current = current.asDocument().get(part);
            } else {
                return null;
            }
        }
        return current;
    }

    @Test
    void serverStatus_counts_what_the_client_sent_between_two_polls() {
        var admin = client.getDatabase("admin");
        BsonDocument before = admin.runCommand(new Document("serverStatus", 1), BsonDocument.class);

        var orders = client.getDatabase("shop").getCollection("orders");
        orders.insertMany(List.of(new Document("c", 100), new Document("c", 101), new Document("c", 102)));
        orders.find(new Document("c", 100)).first();
        orders.updateOne(new Document("c", 101), new Document("$set", new Document("v", "y")));
        orders.deleteMany(new Document("c", 102));
        BsonDocument after = admin.runCommand(new Document("serverStatus", 1), BsonDocument.class);

        assertEquals(3, delta(before, after, "opcounters", "insert"), "one per document");
        assertEquals(1, delta(before, after, "opcounters", "query"));
        assertEquals(1, delta(before, after, "opcounters", "update"));
        assertEquals(1, delta(before, after, "opcounters", "delete"));
        assertEquals(1, delta(before, after, "opcounters", "command"), "the first serverStatus");
        assertEquals(5, delta(before, after, "network", "numRequests"));
        assertTrue(delta(before, after, "network", "bytesIn") > 3 * 21, "three documents and framing");
        assertTrue(after.getInt64("uptimeMillis").getValue()
                >= before.getInt64("uptimeMillis").getValue());
    }

    private static long delta(BsonDocument before, BsonDocument after, String section, String field) {
        return after.getDocument(section).getNumber(field).longValue()
                - before.getDocument(section).getNumber(field).longValue();
    }
}
