package io.shardlab.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.MongosServer;
import io.shardlab.session.CommandLayer;
import io.shardlab.sim.SimulationConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each helper sends the command mongosh 2.12 sends (mongosh packages/shell-api src/shard.ts, collection.ts,
 * database.ts, explainable.ts, aggregate-or-find-cursor.ts; /work/shared/reference/mongosh-client.md §2), through
 * the one command layer serve answers from.
 */
class ShellCommandsSentTest {

    private final ShardedCatalog catalog =
            new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0).withSeed(1), List.of("shard01", "shard02"));
    private final MongosCommands mongos = MongosServer.inProcess(catalog, 1L << 24, line -> {});
    private final List<String> sent = new ArrayList<>();
    private final List<String> printed = new ArrayList<>();
    private final ShellEngine shell = new ShellEngine(
            new CommandLayer() {
                @Override
                public BsonDocument run(String database, BsonDocument command) {
                    sent.add(database + " " + command.toJson());
                    return mongos.run(database, command);
                }

                @Override
                public void sleep(long millis, Runnable check) {}
            },
            printed::add,
            System::nanoTime,
            0,
            80);

    @BeforeEach
    void aShardedCollection() {
        shell.evaluate(
                "sh.enableSharding('s'); sh.shardCollection('s.c', {k: 1});"
                        + " db.getSiblingDB('s').c.insertMany([{_id: 1, k: 1}, {_id: 2, k: 2}])",
                "setup",
                false,
                Duration.ofSeconds(30));
        sent.clear();
    }

    private List<String> sentBy(String script) {
        sent.clear();
        shell.evaluate(script, "eval", false, Duration.ofSeconds(30));
        return List.copyOf(sent);
    }

    // script | the first command it sends (database, then the command as relaxed JSON)
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\u0000', textBlock = """
            db.getSiblingDB('s').c.find({k: 1}).explain()                    | s {"explain": {"find": "c", "filter": {"k": 1}}, "verbosity": "queryPlanner"}
            db.getSiblingDB('s').c.find().sort({k: -1}).limit(-2).explain(true) | s {"explain": {"find": "c", "filter": {}, "sort": {"k": -1}, "limit": 2, "singleBatch": true}, "verbosity": "allPlansExecution"}
            db.getSiblingDB('s').c.explain('executionStats').find({k: 2}).finish() | s {"explain": {"find": "c", "filter": {"k": 2}}, "verbosity": "executionStats"}
            db.getSiblingDB('s').c.explain().count({k: 1})                   | s {"explain": {"count": "c", "query": {"k": 1}}, "verbosity": "queryPlanner"}
            db.getSiblingDB('s').c.explain().distinct('k')                   | s {"explain": {"distinct": "c", "key": "k", "query": {}}, "verbosity": "queryPlanner"}
            db.getSiblingDB('s').c.aggregate([{$match: {k: 1}}], {explain: true}) | s {"explain": {"aggregate": "c", "pipeline": [{"$match": {"k": 1}}], "cursor": {}}, "verbosity": "allPlansExecution"}
            db.getSiblingDB('s').c.explain().remove({k: 1})                  | s {"explain": {"delete": "c", "deletes": [{"q": {"k": 1}, "limit": 0}], "ordered": true}, "verbosity": "queryPlanner"}
            db.getSiblingDB('s').c.getShardVersion()                         | admin {"getShardVersion": "s.c"}
            db.getSiblingDB('s').c.getShardDistribution()                    | s {"aggregate": "c", "pipeline": [{"$collStats": {"storageStats": {}}}], "cursor": {}}
            db.getSiblingDB('s').c.stats()                                   | s {"aggregate": "c", "pipeline": [{"$collStats": {"storageStats": {"scale": 1}}}], "cursor": {}}
            db.getSiblingDB('s').stats()                                     | s {"dbStats": 1, "scale": 1}
            db.serverStatus()                                                | admin {"serverStatus": 1}
            db.getSiblingDB('s').aggregate([{$listClusterCatalog: {}}]).toArray() | s {"aggregate": 1, "pipeline": [{"$listClusterCatalog": {}}], "cursor": {}}
            sh.getShardedDataDistribution()                                  | admin {"aggregate": 1, "pipeline": [{"$shardedDataDistribution": {}}], "cursor": {}}
            sh.moveCollection('s.u', 'shard02')                              | admin {"moveCollection": "s.u", "toShard": "shard02"}
            sh.unshardCollection('s.c', 'shard01')                           | admin {"unshardCollection": "s.c", "toShard": "shard01"}
            sh.moveRange('s.c', 'shard02', {k: 5})                           | admin {"moveRange": "s.c", "toShard": "shard02", "min": {"k": 5}, "max": null}
            sh.listShards()                                                  | admin {"listShards": 1}
            sh.isConfigShardEnabled()                                        | admin {"listShards": 1}
            sh.disableMigrations('s.c')                                      | admin {"setAllowMigrations": "s.c", "allowMigrations": false}
            sh.removeShardFromZone('shard01', 'EU')                          | admin {"removeShardFromZone": "shard01", "zone": "EU"}
            sh.disableBalancing('s.c')                                       | config {"update": "collections", "updates": [{"q": {"_id": "s.c"}, "u": {"$set": {"noBalance": true}}, "multi": false}], "ordered": true, "writeConcern": {"w": "majority", "wtimeout": 60000}}
            sh.stopAutoMerger()                                              | config {"update": "settings", "updates": [{"q": {"_id": "automerge"}, "u": {"$set": {"enabled": false}}, "upsert": true, "multi": false}], "ordered": true, "writeConcern": {"w": "majority", "wtimeout": 30000}}
            sh.stopBalancer()                                                | admin {"balancerStop": 1, "maxTimeMS": 60000}
            sh.updateZoneKeyRange('s.c', {k: MinKey}, {k: 10}, 'EU')          | admin {"updateZoneKeyRange": "s.c", "min": {"k": {"$minKey": 1}}, "max": {"k": 10}, "zone": "EU"}
            sh.status(true)                                                  | config {"find": "version", "filter": {}}
            """)
    void a_helper_sends_mongoshs_command(String script, String firstCommand) {
        List<String> commands;
        try {
            commands = sentBy(script);
        } catch (ScriptFailedException refusedByTheSimulation) {
            commands = List.copyOf(sent);
        }
        assertTrue(!commands.isEmpty(), script + " sent nothing");
        assertEquals(firstCommand, commands.get(0).replace("{\"$numberLong\": \"0\"}", "0"));
    }

    @Test
    void a_cursor_fetches_the_next_batch_with_get_more() {
        shell.evaluate(
                "db.getSiblingDB('s').big.insertMany([...Array(30).keys()].map(i => ({_id: i})))", "fill", false, null);

        List<String> commands =
                sentBy("var n = 0; for (const d of db.getSiblingDB('s').big.find().batchSize(10)) n++; print(n)");

        assertEquals("30", printed.get(printed.size() - 1));
        assertEquals(
                "s {\"find\": \"big\", \"filter\": {}, \"batchSize\": 10}",
                commands.get(0),
                "the first batch comes with find");
        assertTrue(commands.get(1).startsWith("s {\"getMore\": "), commands.get(1));
    }

    @Test
    void it_shows_the_next_twenty_documents_of_the_cursor_printed_last() {
        shell.evaluate(
                "db.getSiblingDB('s').big.insertMany([...Array(25).keys()].map(i => ({_id: i})))", "fill", false, null);
        printed.clear();

        shell.evaluateInteractively("db.getSiblingDB('s').big.find().sort({_id: 1})", null);
        shell.evaluateInteractively("it", null);
        shell.evaluateInteractively("it", null);

        assertTrue(printed.get(0).endsWith("{ _id: 19 }\n]\nType \"it\" for more"), printed.get(0));
        assertEquals("[ { _id: 20 }, { _id: 21 }, { _id: 22 }, { _id: 23 }, { _id: 24 } ]", printed.get(1));
        assertEquals("no cursor", printed.get(2));
    }
}
