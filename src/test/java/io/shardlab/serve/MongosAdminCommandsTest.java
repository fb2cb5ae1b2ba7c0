package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.List;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The sharding admin commands of ShardLab's mongos, run in process on the command layer serve and the
 * shell share: zones, split and moveChunk by bounds, movePrimary, moveCollection, reshardCollection,
 * and the codes their refusals carry (mongo {@code src/mongo/base/error_codes.yml}).
 */
class MongosAdminCommandsTest {

    private ShardedCatalog catalog;

    private MongosCommands mongos(String release) {
        catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled(release)).withSeed(7),
                List.of("shard01", "shard02", "shard03"));
        return MongosServer.inProcess(catalog, 64L << 20, line -> {});
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

    private void insertRange(MongosCommands mongos, String db, String coll, String field, int from, int to) {
        StringBuilder docs = new StringBuilder();
        for (int i = from; i < to; i++) {
            docs.append(docs.length() == 0 ? "" : ",")
                    .append("{")
                    .append(field)
                    .append(": ")
                    .append(i)
                    .append(", pad: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'}");
        }
        run(mongos, db, "{insert: '" + coll + "', documents: [" + docs + "]}");
    }

    // ---- zones ------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown shard                          | shard09 | EU | ShardNotFound  | shard shard09 does not exist
            last shard of a zone with a range      | shard01 | EU | ZoneStillInUse | cannot remove a shard from zone if a chunk range is associated with it
            """)
    void removeShardFromZone_refusals_carry_mongodb_codes(
            String rule, String shard, String zone, String codeName, String message) {
        MongosCommands mongos = mongos("7.0");
        admin(mongos, "{addShardToZone: 'shard01', zone: 'EU'}");
        admin(mongos, "{shardCollection: 'app.users', key: {region: 1}}");
        admin(mongos, "{updateZoneKeyRange: 'app.users', min: {region: 'EU'}, max: {region: 'EV'}, zone: 'EU'}");

        MongoCommandException e = refused(mongos, "{removeShardFromZone: '" + shard + "', zone: '" + zone + "'}");

        assertEquals(codeName, e.code().codeName(), rule);
        assertEquals(message, e.getMessage(), rule);
    }

    @Test
    void a_zone_range_waiting_for_its_collection_keeps_the_zone_in_use() {
        MongosCommands mongos = mongos("8.0");
        admin(mongos, "{addShardToZone: 'shard02', zone: 'US'}");
        admin(mongos, "{updateZoneKeyRange: 'app.later', min: {c: 'US'}, max: {c: 'UT'}, zone: 'US'}");

        assertEquals(
                "ZoneStillInUse",
                refused(mongos, "{removeShardFromZone: 'shard02', zone: 'US'}")
                        .code()
                        .codeName());
    }

    @Test
    void a_shard_leaves_a_zone_once_another_shard_is_in_it_or_its_ranges_are_removed() {
        MongosCommands mongos = mongos("7.0");
        admin(mongos, "{addShardToZone: 'shard01', zone: 'EU'}");
        admin(mongos, "{addShardToZone: 'shard02', zone: 'EU'}");
        admin(mongos, "{shardCollection: 'app.users', key: {region: 1}}");
        admin(mongos, "{updateZoneKeyRange: 'app.users', min: {region: 'EU'}, max: {region: 'EV'}, zone: 'EU'}");

        admin(mongos, "{removeShardFromZone: 'shard01', zone: 'EU'}");
        MongoCommandException last = refused(mongos, "{removeShardFromZone: 'shard02', zone: 'EU'}");
        admin(mongos, "{updateZoneKeyRange: 'app.users', min: {region: 'EU'}, max: {region: 'EV'}, zone: null}");
        admin(mongos, "{removeShardFromZone: 'shard02', zone: 'EU'}");

        assertEquals("ZoneStillInUse", last.code().codeName());
        var cluster = catalog.collection("app.users")
                .orElseThrow()
                .cluster()
                .snapshot()
                .cluster();
        assertTrue(cluster.zones().isEmpty(), "the range is gone: " + cluster.zones());
        assertTrue(cluster.shards().stream().allMatch(s -> s.zones().isEmpty()), "no shard is in EU any more");
        BsonDocument tags = run(mongos, "config", "{find: 'tags', filter: {}}");
        assertEquals(0, tags.getDocument("cursor").getArray("firstBatch").size());
    }

    @Test
    void removing_a_zone_range_that_does_not_exist_is_a_no_op_as_in_mongodb() {
        MongosCommands mongos = mongos("6.0");
        admin(mongos, "{shardCollection: 'app.users', key: {region: 1}}");

        BsonDocument reply = admin(
                mongos, "{updateZoneKeyRange: 'app.users', min: {region: 'A'}, max: {region: 'B'}, " + "zone: null}");

        assertEquals(1.0, reply.getNumber("ok").doubleValue());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown zone      | {min: {region: 'A'}, max: {region: 'B'}, zone: 'XX'}  | ZoneNotFound         | zone XX does not exist
            not a key prefix  | {min: {city: 'A'}, max: {region: 'B'}, zone: 'EU'}    | ShardKeyNotFound     | min: { city: "A" } is not a prefix of the shard key { region: 1 } of ns: app.users
            overlapping range | {min: {region: 'EU'}, max: {region: 'F'}, zone: 'EU'} | RangeOverlapConflict | Zone range: { region: "EU" } -->> { region: "F" }  on  EU is overlapping with existing: { region: "E" } -->> { region: "EV" }  on  EU
            """)
    void updateZoneKeyRange_refusals_carry_mongodb_codes(
            String rule, String arguments, String codeName, String message) {
        MongosCommands mongos = mongos("7.0");
        admin(mongos, "{addShardToZone: 'shard01', zone: 'EU'}");
        admin(mongos, "{shardCollection: 'app.users', key: {region: 1}}");
        admin(mongos, "{updateZoneKeyRange: 'app.users', min: {region: 'E'}, max: {region: 'EV'}, zone: 'EU'}");

        MongoCommandException e = refused(mongos, "{updateZoneKeyRange: 'app.users', " + arguments.substring(1));

        assertEquals(codeName, e.code().codeName(), rule);
        assertEquals(message, e.getMessage(), rule);
    }

    // ---- split and moveChunk by bounds ------------------------------------------------------------

    @Test
    void split_by_bounds_cuts_that_chunk_at_its_median() {
        MongosCommands mongos = mongos("7.0");
        admin(mongos, "{shardCollection: 'app.events', key: {t: 1}}");
        admin(mongos, "{balancerStop: 1}");
        insertRange(mongos, "app", "events", "t", 0, 100);
        admin(mongos, "{split: 'app.events', middle: {t: 50}}");

        admin(mongos, "{split: 'app.events', bounds: [{t: 50}, {t: {$maxKey: 1}}]}");

        var chunks = catalog.collection("app.events")
                .orElseThrow()
                .cluster()
                .snapshot()
                .cluster()
                .chunks()
                .chunks();
        assertEquals(3, chunks.size());
        assertEquals(
                "{\"t\": 75}",
                chunks.get(2)
                        .min()
                        .toDocument(catalog.collection("app.events")
                                .orElseThrow()
                                .cluster()
                                .snapshot()
                                .cluster()
                                .key())
                        .toJson());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no chunk has these bounds  | 6.0 | {split: 'app.events', bounds: [{t: 10}, {t: 50}]}                  |                | no chunk found with the shard key bounds [{ t: 10 }, { t: 50 })
            bounds not shard keys      | 6.0 | {split: 'app.events', bounds: [{u: 10}, {t: 50}]}                  |                | shard key bounds [{ u: 10 },{ t: 50 }) are not valid for shard key pattern { t: 1 }
            bounds with find           | 6.0 | {split: 'app.events', bounds: [{t: 10}, {t: 50}], find: {t: 3}}    |                | cannot specify bounds and find at the same time
            bounds with middle         | 6.0 | {split: 'app.events', bounds: [{t: 10}, {t: 50}], middle: {t: 3}}  |                | cannot specify bounds and middle together
            one bound                  | 6.0 | {split: 'app.events', bounds: [{t: 10}]}                           |                | upper bound not specified
            nothing to split by        | 6.0 | {split: 'app.events'}                                              |                | need to specify find/bounds or middle
            moveChunk by wrong bounds  | 6.0 | {moveChunk: 'app.events', bounds: [{t: 0}, {t: 50}], to: 'shard02'} | Location656452 | no chunk found with the shard key bounds [{ t: 0 }, { t: 50 })
            moveChunk find and bounds  | 6.0 | {moveChunk: 'app.events', find: {t: 1}, bounds: [{t: 0}, {t: 50}], to: 'shard02'} | InvalidOptions | cannot specify bounds and query at the same time
            moveChunk one bound        | 6.0 | {moveChunk: 'app.events', bounds: [{t: 0}], to: 'shard02'}          | InvalidOptions | bounds can only have exactly 2 elements
            moveChunk neither          | 6.0 | {moveChunk: 'app.events', to: 'shard02'}                            | InvalidOptions | need to specify query or bounds
            moveChunk find and bounds  | 5.0 | {moveChunk: 'app.events', find: {t: 1}, bounds: [{t: 0}, {t: 50}], to: 'shard02'} |      | need to specify either a find query, or both lower and upper bounds.
            mergeChunks no bounds      | 7.0 | {mergeChunks: 'app.events', bounds: []}                             |                | no bounds were specified
            mergeChunks three bounds   | 7.0 | {mergeChunks: 'app.events', bounds: [{t: 0}, {t: 5}, {t: 9}]}       |                | only a min and max bound may be specified
            mergeChunks empty max      | 7.0 | {mergeChunks: 'app.events', bounds: [{t: 0}, {}]}                   |                | no max key specified
            split, no such database    | 4.4 | {split: 'nodb.events', middle: {t: 5}}                              | NamespaceNotFound | database nodb not found
            split, no such database    | 8.0 | {split: 'nodb.events', middle: {t: 5}}                              | NamespaceNotFound | database nodb not found
            mergeChunks, no database   | 6.0 | {mergeChunks: 'nodb.events', bounds: [{t: 0}, {t: 9}]}              | NamespaceNotFound | database nodb not found
            moveChunk, no database     | 5.0 | {moveChunk: 'nodb.events', find: {t: 1}, to: 'shard02'}             | NamespaceNotFound | database nodb not found
            moveRange, no database     | 6.0 | {moveRange: 'nodb.events', min: {t: 1}, toShard: 'shard02'}         | NamespaceNotFound | collection nodb.events not found
            moveRange, no database     | 7.0 | {moveRange: 'nodb.events', min: {t: 1}, toShard: 'shard02'}         | NamespaceNotFound | collection nodb.events not found
            moveRange, no database     | 8.0 | {moveRange: 'nodb.events', min: {t: 1}, toShard: 'shard02'}         | NamespaceNotFound | Collection 'nodb.events' not found in cluster catalog
            moveRange, not sharded     | 7.0 | {moveRange: 'app.other', min: {t: 1}, toShard: 'shard02'}           | NamespaceNotFound | collection app.other not found
            moveRange, shard first     | 7.0 | {moveRange: 'nodb.events', min: {t: 1}, toShard: 'shard09'}         | ShardNotFound  | Shard shard09 not found
            moveRange, min first       | 6.0 | {moveRange: 'nodb.events', max: {t: 1}, toShard: 'shard09'}         | InvalidOptions | Missing required parameter 'min'
            """)
    void split_moveChunk_and_mergeChunks_arguments_are_checked_as_mongos_checks_them(
            String rule, String release, String command, String codeName, String message) {
        MongosCommands mongos = mongos(release);
        admin(mongos, "{enableSharding: 'app'}");
        admin(mongos, "{shardCollection: 'app.events', key: {t: 1}}");
        insertRange(mongos, "app", "events", "t", 0, 100);
        admin(mongos, "{split: 'app.events', middle: {t: 50}}");

        MongoCommandException e = refused(mongos, command);

        assertEquals(message, e.getMessage(), rule);
        assertEquals(codeName == null ? "" : codeName, e.code().codeName(), rule);
    }

    @Test
    void moveChunk_by_bounds_moves_that_chunk() {
        MongosCommands mongos = mongos("5.0");
        admin(mongos, "{enableSharding: 'app'}");
        admin(mongos, "{shardCollection: 'app.events', key: {t: 1}}");
        admin(mongos, "{balancerStop: 1}");
        admin(mongos, "{split: 'app.events', middle: {t: 50}}");
        String from = catalog.collection("app.events")
                .orElseThrow()
                .cluster()
                .snapshot()
                .cluster()
                .chunks()
                .chunks()
                .get(1)
                .shard();
        String to = from.equals("shard01") ? "shard02" : "shard01";

        admin(mongos, "{moveChunk: 'app.events', bounds: [{t: 50}, {t: {$maxKey: 1}}], to: '" + to + "'}");

        assertEquals(
                to,
                catalog.collection("app.events")
                        .orElseThrow()
                        .cluster()
                        .snapshot()
                        .cluster()
                        .chunks()
                        .chunks()
                        .get(1)
                        .shard());
    }

    // ---- reshardCollection ------------------------------------------------------------------------

    private static BsonDocument configCollection(MongosCommands mongos, String ns) {
        return run(mongos, "config", "{find: 'collections', filter: {_id: '" + ns + "'}}")
                .getDocument("cursor")
                .getArray("firstBatch")
                .get(0)
                .asDocument();
    }

    @Test
    void reshardCollection_lays_out_90_sampled_chunks_on_the_new_key_and_replaces_the_documents() {
        MongosCommands mongos = mongos("7.0");
        admin(mongos, "{shardCollection: 'app.orders', key: {_id: 1}}");
        insertRange(mongos, "app", "orders", "customer", 0, 2000);
        BsonDocument before = configCollection(mongos, "app.orders");

        admin(mongos, "{reshardCollection: 'app.orders', key: {customer: 1}}");

        var snapshot = catalog.collection("app.orders").orElseThrow().cluster().snapshot();
        BsonDocument after = configCollection(mongos, "app.orders");
        assertEquals("{\"customer\": 1}", snapshot.cluster().key().toDocument().toJson());
        assertEquals(90, snapshot.cluster().chunks().size());
        assertEquals(
                2000,
                snapshot.chunkStatistics().stream()
                        .mapToLong(c -> c.documents())
                        .sum());
        assertEquals(
                List.of(30, 30, 30),
                snapshot.cluster().chunks().chunksPerShard().values().stream()
                        .sorted()
                        .toList());
        assertEquals(BsonDocument.parse("{customer: 1}"), after.getDocument("key"));
        assertTrue(!before.get("uuid").equals(after.get("uuid")), "a new uuid");
        assertTrue(!before.get("lastmodEpoch").equals(after.get("lastmodEpoch")), "a new epoch");
        assertTrue(!before.get("timestamp").equals(after.get("timestamp")), "a new timestamp");
        assertEquals(
                0,
                run(mongos, "config", "{find: 'reshardingOperations', filter: {}}")
                        .getDocument("cursor")
                        .getArray("firstBatch")
                        .size(),
                "finished operations leave config.reshardingOperations");
    }

    @ParameterizedTest(name = "{0} documents, numInitialChunks {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            2000 | 90 | 90 chunks
            50   | 90 | The shard key provided does not have enough cardinality to make the required number of chunks of 90, it can only make 6 chunks
            50   | 5  | 5 chunks
            1    | 1  | 1 chunks
            0    | 2  | The shard key provided does not have enough cardinality to make the required number of chunks of 2, it can only make 1 chunks
            """)
    void reshardCollection_needs_a_split_point_per_chunk_from_its_sample(
            int documents, int numInitialChunks, String outcome) {
        MongosCommands mongos = mongos("8.0");
        admin(mongos, "{shardCollection: 'app.orders', key: {_id: 1}}");
        if (documents > 0) {
            insertRange(mongos, "app", "orders", "customer", 0, documents);
        }
        String command =
                "{reshardCollection: 'app.orders', key: {customer: 1}, numInitialChunks: " + numInitialChunks + "}";

        if (outcome.endsWith(" chunks") && !outcome.startsWith("The")) {
            admin(mongos, command);
            assertEquals(
                    outcome,
                    catalog.collection("app.orders")
                                    .orElseThrow()
                                    .cluster()
                                    .snapshot()
                                    .cluster()
                                    .chunks()
                                    .size() + " chunks");
        } else {
            MongoCommandException e = refused(mongos, command);
            assertEquals(outcome, e.getMessage());
            assertEquals(4952606, e.code().number());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            before 5.0 there is no reshardCollection | 4.4 | {reshardCollection: 'app.orders', key: {c: 1}}                   | CommandNotFound     | no such command: 'reshardCollection'
            unique                                   | 5.0 | {reshardCollection: 'app.orders', key: {c: 1}, unique: true}     | BadValue            | The unique field must be false
            not sharded                              | 6.0 | {reshardCollection: 'app.other', key: {c: 1}}                    | NamespaceNotSharded | Collection app.other is not sharded.
            key missing                              | 7.0 | {reshardCollection: 'app.orders'}                                | IDLFailedToParse    | BSON field 'reshardCollection.key' is missing but a required field
            a collation                              | 7.0 | {reshardCollection: 'app.orders', key: {c: 1}, collation: {locale: 'fr'}} | BadValue   | The collation for reshardCollection must be {locale: 'simple'}, but found: { locale: "fr" }
            """)
    void reshardCollection_refusals(String rule, String release, String command, String codeName, String message) {
        MongosCommands mongos = mongos(release);
        admin(mongos, "{enableSharding: 'app'}");
        admin(mongos, "{shardCollection: 'app.orders', key: {_id: 1}}");

        MongoCommandException e = refused(mongos, command);

        assertEquals(codeName, e.code().codeName(), rule);
        assertEquals(message, e.getMessage(), rule);
    }

    @Test
    void resharding_on_the_current_key_changes_nothing_unless_redistribution_is_forced_on_8_0() {
        MongosCommands mongos = mongos("8.0");
        admin(mongos, "{shardCollection: 'app.orders', key: {customer: 1}}");
        insertRange(mongos, "app", "orders", "customer", 0, 500);
        var uuid = catalog.collection("app.orders").orElseThrow().uuid();

        admin(mongos, "{reshardCollection: 'app.orders', key: {customer: 1}}");
        var unchanged = catalog.collection("app.orders").orElseThrow();
        admin(
                mongos,
                "{reshardCollection: 'app.orders', key: {customer: 1}, forceRedistribution: true, "
                        + "numInitialChunks: 6}");

        assertEquals(uuid, unchanged.uuid());
        assertEquals(
                6,
                catalog.collection("app.orders")
                        .orElseThrow()
                        .cluster()
                        .snapshot()
                        .cluster()
                        .chunks()
                        .size());
    }

    // ---- movePrimary and moveCollection -----------------------------------------------------------

    private static String primaryOf(MongosCommands mongos, String db) {
        return run(mongos, "config", "{find: 'databases', filter: {_id: '" + db + "'}}")
                .getDocument("cursor")
                .getArray("firstBatch")
                .get(0)
                .asDocument()
                .getString("primary")
                .getValue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            the config database     | {movePrimary: 'config', to: 'shard02'}  | InvalidOptions    | Can't move primary for config database
            the admin database      | {movePrimary: 'admin', to: 'shard02'}   | InvalidOptions    | Can't move primary for admin database
            a dotted name           | {movePrimary: 'a.b', to: 'shard02'}     | InvalidNamespace  | invalid db name specified: a.b
            an unknown database     | {movePrimary: 'nope', to: 'shard02'}    | NamespaceNotFound | database nope not found
            an unknown shard        | {movePrimary: 'app', to: 'Unknown'}     | ShardNotFound     | Shard Unknown not found
            an empty to             | {movePrimary: 'app', to: ''}            | InvalidOptions    | you have to specify where you want to move it
            no to                   | {movePrimary: 'app'}                    | IDLFailedToParse  | BSON field 'movePrimary.to' is missing but a required field
            """)
    void movePrimary_refusals_follow_move_primary_basic_js(
            String rule, String command, String codeName, String message) {
        MongosCommands mongos = mongos("6.0");
        admin(mongos, "{enableSharding: 'app', primaryShard: 'shard01'}");

        MongoCommandException e = refused(mongos, command);

        assertEquals(codeName, e.code().codeName(), rule);
        assertEquals(message, e.getMessage(), rule);
    }

    @Test
    void movePrimary_moves_the_database_and_its_unsharded_collections_and_twice_is_a_no_op() {
        MongosCommands mongos = mongos("7.0");
        admin(mongos, "{enableSharding: 'app', primaryShard: 'shard01'}");
        insertRange(mongos, "app", "logs", "n", 0, 100);
        assertEquals("shard01", catalog.shardOfUnsharded("app.logs").orElseThrow());

        admin(mongos, "{movePrimary: 'app', to: 'shard03'}");
        admin(mongos, "{movePrimary: 'app', to: 'shard03'}");

        assertEquals("shard03", primaryOf(mongos, "app"));
        assertEquals("shard03", catalog.shardOfUnsharded("app.logs").orElseThrow());
        assertEquals(0L, catalog.bytesPerShard().get("shard01"));
        assertTrue(catalog.bytesPerShard().get("shard03") > 0);
        BsonDocument explain = run(mongos, "app", "{explain: {find: 'logs', filter: {n: 3}}}");
        assertEquals(
                "shard03",
                explain.getDocument("queryPlanner")
                        .getDocument("winningPlan")
                        .getArray("shards")
                        .get(0)
                        .asDocument()
                        .getString("shardName")
                        .getValue());
    }

    // ---- unshardCollection (8.0+) -------------------------------------------------------------------

    /** app.orders sharded on {o: 1}, 100 documents split at o: 50 with the upper chunk moved to shard03. */
    private MongosCommands withTwoShardOrders(String release) {
        MongosCommands mongos = mongos(release);
        admin(mongos, "{enableSharding: 'app', primaryShard: 'shard01'}");
        admin(mongos, "{balancerStop: 1}");
        admin(mongos, "{shardCollection: 'app.orders', key: {o: 1}}");
        insertRange(mongos, "app", "orders", "o", 0, 100);
        admin(mongos, "{split: 'app.orders', middle: {o: 50}}");
        admin(mongos, "{moveChunk: 'app.orders', find: {o: 70}, to: 'shard03'}");
        return mongos;
    }

    @Test
    void unshardCollection_moves_the_whole_collection_to_toShard_as_an_unsplittable_collection() {
        MongosCommands mongos = withTwoShardOrders("8.0");
        long bytes = catalog.bytesPerShard().values().stream()
                .mapToLong(Long::longValue)
                .sum();

        admin(mongos, "{unshardCollection: 'app.orders', toShard: 'shard02'}");

        assertTrue(catalog.collection("app.orders").isEmpty(), "no longer sharded");
        assertEquals("shard02", catalog.shardOfUnsharded("app.orders").orElseThrow());
        assertEquals(bytes, catalog.bytesPerShard().get("shard02"), "all its bytes are on shard02");
        assertEquals(0L, catalog.bytesPerShard().get("shard03"));
        BsonDocument entry = run(mongos, "config", "{find: 'collections', filter: {_id: 'app.orders'}}")
                .getDocument("cursor")
                .getArray("firstBatch")
                .get(0)
                .asDocument();
        assertEquals(BsonBoolean.TRUE, entry.get("unsplittable"));
        assertEquals(
                100, run(mongos, "app", "{count: 'orders'}").getNumber("n").intValue(), "reads see every document");
    }

    @Test
    void unshardCollection_without_toShard_picks_the_non_draining_shard_with_the_least_data() {
        MongosCommands mongos = withTwoShardOrders("8.0");
        insertRange(mongos, "app", "logs", "n", 0, 50); // the database's primary, shard01, holds more
        admin(mongos, "{removeShard: 'shard02'}");

        admin(mongos, "{unshardCollection: 'app.orders'}");

        assertEquals(
                "shard03",
                catalog.shardOfUnsharded("app.orders").orElseThrow(),
                "shard02 is draining; shard03 held less than shard01");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            4.4 | Failed to target upsert by query :: could not extract exact shard key
            7.0 | Failed to target upsert by query :: could not extract exact shard key
            """)
    void an_upsert_without_the_shard_key_is_refused_with_the_targeters_words_through_the_wire(
            String release, String message) {
        MongosCommands mongos = withTwoShardOrders(release);

        BsonDocument reply =
                run(mongos, "app", "{update: 'orders', updates: [{q: {x: 1}, u: {$set: {y: 2}}, upsert: true}]}");

        assertEquals(
                message,
                reply.getArray("writeErrors")
                        .get(0)
                        .asDocument()
                        .getString("errmsg")
                        .getValue());
    }

    @Test
    void unshardCollection_to_a_draining_shard_named_explicitly_is_accepted_as_mongodb_accepts_it() {
        MongosCommands mongos = withTwoShardOrders("8.0");
        admin(mongos, "{removeShard: 'shard02'}");

        admin(mongos, "{unshardCollection: 'app.orders', toShard: 'shard02'}");

        assertEquals(
                "shard02",
                catalog.shardOfUnsharded("app.orders").orElseThrow(),
                "only the default target leaves draining shards out");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            before 8.0                  | 7.0 | {unshardCollection: 'app.orders', toShard: 'shard02'} | CommandNotFound      | no such command: 'unshardCollection'
            not on the admin database   | 8.0 |                                                         | Unauthorized         | unshardCollection may only be run against the admin database.
            an unknown shard            | 8.0 | {unshardCollection: 'app.orders', toShard: 'shard99'} | ShardNotFound        | Shard shard99 not found
            unsharded, another shard    | 8.0 | {unshardCollection: 'app.logs', toShard: 'shard02'}   | NamespaceNotSharded  | Collection is already unsharded. Call moveCollection to move this collection to a different shard.
            """)
    void unshardCollection_refusals(String rule, String release, String command, String codeName, String message) {
        MongosCommands mongos = withTwoShardOrders(release);
        insertRange(mongos, "app", "logs", "n", 0, 10);

        MongoCommandException e = command == null
                ? assertThrows(
                        MongoCommandException.class, () -> run(mongos, "app", "{unshardCollection: 'app.orders'}"))
                : refused(mongos, command);

        assertEquals(codeName, e.code().codeName(), rule);
        assertEquals(message, e.getMessage(), rule);
    }

    @Test
    void unshardCollection_of_an_unsharded_collection_on_its_own_shard_is_a_no_op() {
        MongosCommands mongos = withTwoShardOrders("8.0");
        insertRange(mongos, "app", "logs", "n", 0, 10);

        BsonDocument reply = admin(mongos, "{unshardCollection: 'app.logs', toShard: 'shard01'}");

        assertEquals(1.0, reply.getNumber("ok").doubleValue());
        assertEquals("shard01", catalog.shardOfUnsharded("app.logs").orElseThrow());
    }

    @Test
    void unshardCollection_of_a_collection_with_zone_ranges_says_shardlab_does_not_simulate_it() {
        MongosCommands mongos = withTwoShardOrders("8.0");
        admin(mongos, "{addShardToZone: 'shard01', zone: 'LOW'}");
        admin(mongos, "{updateZoneKeyRange: 'app.orders', min: {o: 0}, max: {o: 10}, zone: 'LOW'}");

        MongoCommandException e = refused(mongos, "{unshardCollection: 'app.orders', toShard: 'shard01'}");

        assertEquals("CommandNotSupported", e.code().codeName());
        assertTrue(e.getMessage().startsWith("ShardLab does not simulate unshardCollection"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            before 8.0                | 7.0 | {moveCollection: 'app.logs', toShard: 'shard02'}    | CommandNotFound   | no such command: 'moveCollection'
            a missing collection      | 8.0 | {moveCollection: 'app.none', toShard: 'shard02'}    | NamespaceNotFound | Collection 'app.none' not found in cluster catalog
            a sharded collection      | 8.0 | {moveCollection: 'app.orders', toShard: 'shard02'}  | NamespaceNotFound | MoveCollection can only be called on an unsharded collection.
            no toShard                | 8.0 | {moveCollection: 'app.logs'}                        | IDLFailedToParse  | BSON field 'moveCollection.toShard' is missing but a required field
            an unknown shard          | 8.0 | {moveCollection: 'app.logs', toShard: 'shard99'}    | ShardNotFound     | Shard shard99 not found
            """)
    void moveCollection_refusals_follow_move_collection_basic_js(
            String rule, String release, String command, String codeName, String message) {
        MongosCommands mongos = mongos(release);
        admin(mongos, "{enableSharding: 'app', primaryShard: 'shard01'}");
        admin(mongos, "{shardCollection: 'app.orders', key: {_id: 1}}");
        insertRange(mongos, "app", "logs", "n", 0, 10);

        MongoCommandException e = refused(mongos, command);

        assertEquals(codeName, e.code().codeName(), rule);
        assertEquals(message, e.getMessage(), rule);
    }

    @Test
    void moveCollection_tracks_the_collection_as_unsplittable_on_its_new_shard_and_movePrimary_leaves_it() {
        MongosCommands mongos = mongos("8.0");
        admin(mongos, "{enableSharding: 'app', primaryShard: 'shard01'}");
        insertRange(mongos, "app", "logs", "n", 0, 50);

        admin(mongos, "{moveCollection: 'app.logs', toShard: 'shard02'}");
        admin(mongos, "{movePrimary: 'app', to: 'shard03'}");

        BsonDocument tracked = configCollection(mongos, "app.logs");
        assertEquals(true, tracked.getBoolean("unsplittable").getValue());
        BsonDocument chunks = run(
                mongos,
                "config",
                "{find: 'chunks', filter: {uuid: "
                        + tracked.get("uuid").asBinary().asUuid().toString().transform(u -> "UUID('" + u + "')")
                        + "}}");
        var batch = chunks.getDocument("cursor").getArray("firstBatch");
        assertEquals(1, batch.size());
        assertEquals("shard02", batch.get(0).asDocument().getString("shard").getValue());
        assertEquals("shard02", catalog.shardOfUnsharded("app.logs").orElseThrow(), "tracked collections stay");
        assertEquals(50, run(mongos, "app", "{count: 'logs'}").getNumber("n").intValue());
    }

    // ---- configureQueryAnalyzer and analyzeShardKey ------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            before 7.0                 | 6.0 | {configureQueryAnalyzer: 'app.orders', mode: 'full', samplesPerSecond: 1}  | CommandNotFound   | no such command: 'configureQueryAnalyzer'
            a rate of 0                | 7.0 | {configureQueryAnalyzer: 'app.orders', mode: 'full', samplesPerSecond: 0}  | InvalidOptions    | 'samplesPerSecond' must be greater than 0
            a rate above 50            | 7.0 | {configureQueryAnalyzer: 'app.orders', mode: 'full', samplesPerSecond: 51} | InvalidOptions    | 'samplesPerSecond' must be less than or equal to 50
            a rate with mode off       | 8.0 | {configureQueryAnalyzer: 'app.orders', mode: 'off', samplesPerSecond: 1}   | InvalidOptions    | Cannot specify 'samplesPerSecond' when 'mode' is "off"
            full without a rate        | 8.0 | {configureQueryAnalyzer: 'app.orders', mode: 'full'}                       | InvalidOptions    | 'samplesPerSecond' must be specified when 'mode' is not "off"
            a missing collection       | 8.0 | {configureQueryAnalyzer: 'app.none', mode: 'full', samplesPerSecond: 1}    | NamespaceNotFound | The namespace does not exist
            an internal collection     | 8.0 | {configureQueryAnalyzer: 'config.chunks', mode: 'full', samplesPerSecond: 1} | IllegalOperation | Cannot run against an internal collection
            analyzeShardKey before 7.0 | 6.0 | {analyzeShardKey: 'app.orders', key: {customer: 1}}                        | CommandNotFound   | no such command: 'analyzeShardKey'
            analyzing nothing          | 7.0 | {analyzeShardKey: 'app.orders', key: {customer: 1}, keyCharacteristics: false, readWriteDistribution: false} | InvalidOptions | Cannot skip analyzing all metrics
            analyzing a missing one    | 7.0 | {analyzeShardKey: 'app.none', key: {customer: 1}}                          | NamespaceNotFound | The namespace does not exist
            """)
    void query_analysis_refusals_follow_configure_query_analyzer_cmd_cpp(
            String rule, String release, String command, String codeName, String message) {
        MongosCommands mongos = mongos(release);
        insertRange(mongos, "app", "orders", "customer", 0, 10);

        MongoCommandException e = refused(mongos, command);

        assertEquals(codeName, e.code().codeName(), rule);
        assertEquals(message, e.getMessage(), rule);
    }

    @Test
    void configureQueryAnalyzer_answers_the_new_and_the_old_configuration() {
        MongosCommands mongos = mongos("7.0");
        insertRange(mongos, "app", "orders", "customer", 0, 10);

        BsonDocument first = admin(mongos, "{configureQueryAnalyzer: 'app.orders', mode: 'full', samplesPerSecond: 5}");
        BsonDocument second = admin(mongos, "{configureQueryAnalyzer: 'app.orders', mode: 'off'}");

        assertEquals(
                BsonDocument.parse("{mode: 'full', samplesPerSecond: 5.0}"), first.getDocument("newConfiguration"));
        assertTrue(!first.containsKey("oldConfiguration"));
        assertEquals(BsonDocument.parse("{mode: 'off'}"), second.getDocument("newConfiguration"));
        assertEquals(
                BsonDocument.parse("{mode: 'full', samplesPerSecond: 5.0}"), second.getDocument("oldConfiguration"));
    }

    @Test
    void sampled_queries_feed_analyzeShardKey_and_are_listed_by_listSampledQueries() {
        MongosCommands mongos = mongos("8.0");
        admin(mongos, "{shardCollection: 'app.orders', key: {_id: 1}}");
        insertRange(mongos, "app", "orders", "customer", 0, 300);
        run(mongos, "app", "{createIndexes: 'orders', indexes: [{key: {customer: 1}, name: 'customer_1'}]}");
        admin(mongos, "{configureQueryAnalyzer: 'app.orders', mode: 'full', samplesPerSecond: 50}");

        for (int i = 0; i < 20; i++) {
            run(mongos, "app", "{find: 'orders', filter: {customer: " + i + "}}");
        }
        run(mongos, "app", "{update: 'orders', updates: [{q: {customer: 3}, u: {$set: {paid: true}}}]}");
        BsonDocument analysis = admin(mongos, "{analyzeShardKey: 'app.orders', key: {customer: 1}}");
        BsonDocument listed = admin(
                mongos,
                "{aggregate: 1, pipeline: [{$listSampledQueries: {namespace: 'app.orders'}}]," + " cursor: {}}");

        BsonDocument characteristics = analysis.getDocument("keyCharacteristics");
        assertEquals(300, characteristics.getNumber("numDocsTotal").longValue());
        assertEquals(300, characteristics.getNumber("numDistinctValues").longValue());
        assertEquals(0, characteristics.getNumber("numOrphanDocs").longValue(), "a sharded collection has the field");
        BsonDocument reads = analysis.getDocument("readDistribution");
        assertEquals(20, reads.getDocument("sampleSize").getNumber("find").longValue());
        assertEquals(100.0, reads.getNumber("percentageOfSingleShardReads").doubleValue());
        assertEquals(
                1,
                analysis.getDocument("writeDistribution")
                        .getDocument("sampleSize")
                        .getNumber("update")
                        .longValue());
        var batch = listed.getDocument("cursor").getArray("firstBatch");
        assertEquals(21, batch.size());
        assertEquals(
                BsonDocument.parse("{filter: {customer: 0}}"),
                batch.get(0).asDocument().getDocument("cmd"));
        assertEquals("app.orders", batch.get(0).asDocument().getString("ns").getValue());
    }

    @Test
    void the_sampler_keeps_at_most_samplesPerSecond_queries_a_second_of_simulated_time() {
        MongosCommands mongos = mongos("7.0");
        insertRange(mongos, "app", "orders", "customer", 0, 10);
        admin(mongos, "{configureQueryAnalyzer: 'app.orders', mode: 'full', samplesPerSecond: 2}");

        for (int second = 0; second < 3; second++) {
            for (int i = 0; i < 10; i++) {
                run(mongos, "app", "{find: 'orders', filter: {customer: " + i + "}}");
            }
            mongos.advance(1_000);
        }

        assertEquals(
                6,
                admin(mongos, "{aggregate: 1, pipeline: [{$listSampledQueries: {}}], cursor: {}}")
                        .getDocument("cursor")
                        .getArray("firstBatch")
                        .size());
    }

    @Test
    void a_key_without_a_supporting_index_has_no_key_characteristics_as_on_a_real_mongos() {
        MongosCommands mongos = mongos("7.0");
        insertRange(mongos, "app", "orders", "customer", 0, 50);

        BsonDocument analysis = admin(mongos, "{analyzeShardKey: 'app.orders', key: {customer: 1}}");
        run(mongos, "app", "{createIndexes: 'orders', indexes: [{key: {customer: 1}, name: 'customer_1'}]}");
        BsonDocument indexed = admin(mongos, "{analyzeShardKey: 'app.orders', key: {customer: 1}}");

        assertTrue(!analysis.containsKey("keyCharacteristics"), analysis.toJson());
        assertEquals(
                0,
                analysis.getDocument("readDistribution")
                        .getDocument("sampleSize")
                        .getNumber("total")
                        .longValue());
        assertTrue(!indexed.getDocument("keyCharacteristics").containsKey("numOrphanDocs"), "unsharded: no orphans");
    }

    // ---- deletes ---------------------------------------------------------------------------------

    private long simulatedDocuments(String ns) {
        return catalog.collection(ns).orElseThrow().cluster().snapshot().chunkStatistics().stream()
                .mapToLong(c -> c.documents())
                .sum();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            deleteOne by key            | {delete: 'events', deletes: [{q: {t: 5}, limit: 1}]}            | 99
            deleteMany of a range       | {delete: 'events', deletes: [{q: {t: {$lt: 40}}, limit: 0}]}    | 60
            deleteMany of nothing       | {delete: 'events', deletes: [{q: {t: 1000}, limit: 0}]}         | 100
            two deletes in one command  | {delete: 'events', deletes: [{q: {t: 1}, limit: 1}, {q: {t: {$gte: 90}}, limit: 0}]} | 89
            findAndModify remove        | {findAndModify: 'events', query: {t: 7}, remove: true}          | 99
            """)
    void deleted_documents_leave_their_simulated_chunks(String rule, String command, long left) {
        MongosCommands mongos = mongos("6.0");
        admin(mongos, "{shardCollection: 'app.events', key: {t: 1}}");
        admin(mongos, "{balancerStop: 1}");
        insertRange(mongos, "app", "events", "t", 0, 100);
        admin(mongos, "{split: 'app.events', middle: {t: 50}}");

        run(mongos, "app", command);

        assertEquals(left, simulatedDocuments("app.events"), rule);
        assertEquals(
                left, run(mongos, "app", "{count: 'events'}").getNumber("n").longValue(), rule);
    }

    @Test
    void a_chunk_emptied_by_deletes_weighs_nothing_for_the_balancer() {
        MongosCommands mongos = mongos("7.0");
        admin(mongos, "{shardCollection: 'app.events', key: {t: 1}}");
        admin(mongos, "{balancerStop: 1}");
        insertRange(mongos, "app", "events", "t", 0, 100);
        admin(mongos, "{split: 'app.events', middle: {t: 50}}");

        run(mongos, "app", "{delete: 'events', deletes: [{q: {t: {$gte: 50}}, limit: 0}]}");

        var stats = catalog.collection("app.events")
                .orElseThrow()
                .cluster()
                .snapshot()
                .chunkStatistics();
        assertEquals(0, stats.get(1).documents());
        assertEquals(0, stats.get(1).bytes());
        assertEquals(50, stats.get(0).documents());
    }

    // ---- reshardCollection with zones ----------------------------------------------------------------

    /** app.users on {region: 1} with zone ranges EU (shard01) and US (shard02), 500 documents. */
    private MongosCommands withZonedUsers() {
        return withZonedUsers("7.0");
    }

    private MongosCommands withZonedUsers(String version) {
        MongosCommands mongos = mongos(version);
        admin(mongos, "{addShardToZone: 'shard01', zone: 'EU'}");
        admin(mongos, "{addShardToZone: 'shard02', zone: 'US'}");
        admin(mongos, "{shardCollection: 'app.users', key: {region: 1}}");
        admin(mongos, "{updateZoneKeyRange: 'app.users', min: {region: 'EU'}, max: {region: 'EV'}, zone: 'EU'}");
        admin(mongos, "{updateZoneKeyRange: 'app.users', min: {region: 'US'}, max: {region: 'UT'}, zone: 'US'}");
        StringBuilder docs = new StringBuilder();
        String[] regions = {"EU", "US", "AP", "SA"};
        for (int i = 0; i < 500; i++) {
            docs.append(i == 0 ? "" : ",")
                    .append("{region: '")
                    .append(regions[i % 4])
                    .append("', user: ")
                    .append(i)
                    .append("}");
        }
        run(mongos, "app", "{insert: 'users', documents: [" + docs + "]}");
        return mongos;
    }

    @Test
    void reshardCollection_with_zones_cuts_at_the_zone_bounds_and_keeps_each_zone_on_its_shards() {
        MongosCommands mongos = withZonedUsers();

        admin(
                mongos,
                "{reshardCollection: 'app.users', key: {region: 1, user: 1}, numInitialChunks: 8, zones: ["
                        + "{zone: 'EU', min: {region: 'EU'}, max: {region: 'EV'}}, "
                        + "{zone: 'US', min: {region: 'US'}, max: {region: 'UT'}}]}");

        var cluster = catalog.collection("app.users")
                .orElseThrow()
                .cluster()
                .snapshot()
                .cluster();
        assertEquals(8, cluster.chunks().size(), "the four zone bounds and three sampled points");
        assertEquals(2, cluster.zones().size());
        for (var z : cluster.zones()) {
            assertEquals(new org.bson.BsonMinKey(), z.min().get(1), "bounds extended with MinKey: " + z);
        }
        for (var c : cluster.chunks().chunks()) {
            for (var z : cluster.zones()) {
                if (z.min().compareTo(c.min()) <= 0 && c.max().compareTo(z.max()) <= 0) {
                    assertEquals("EU".equals(z.zone()) ? "shard01" : "shard02", c.shard(), c + " in " + z);
                }
            }
        }
        assertTrue(
                cluster.chunks().chunks().stream()
                        .anyMatch(c -> c.min().equals(cluster.zones().get(0).min())),
                "a chunk starts at the EU zone's min");
        BsonDocument tags = run(mongos, "config", "{find: 'tags', filter: {}}");
        assertEquals(2, tags.getDocument("cursor").getArray("firstBatch").size());
        assertEquals(500, simulatedDocuments("app.users"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no zones for a zoned collection | {reshardCollection: 'app.users', key: {user: 1}}                                                                      | BadValue | Must specify value for zones field
            a zone it does not have         | {reshardCollection: 'app.users', key: {user: 1}, zones: [{zone: 'AP', min: {user: 0}, max: {user: 10}}]}            | BadValue | Zone must already exist
            overlapping zones               | {reshardCollection: 'app.users', key: {user: 1}, zones: [{zone: 'EU', min: {user: 0}, max: {user: 10}}, {zone: 'US', min: {user: 5}, max: {user: 20}}]} | BadValue | Zone ranges must not overlap
            """)
    void reshardCollection_zones_are_checked_as_configsvr_reshard_collection_checks_them(
            String rule, String command, String codeName, String message) {
        MongosCommands mongos = withZonedUsers();

        MongoCommandException e = refused(mongos, command);

        assertEquals(codeName, e.code().codeName(), rule);
        assertEquals(message, e.getMessage(), rule);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            an array bound               | {reshardCollection: 'app.users', key: {user: 1}, zones: [{zone: 'EU', min: {user: [1, 2]}, max: {user: 10}}]}       | Shard key element user: [ 1, 2 ] is not valid for storage
            a regular expression bound   | {reshardCollection: 'app.users', key: {user: 1}, zones: [{zone: 'EU', min: {user: 0}, max: {user: /a/}}]}            | Shard key element user: /a/ is not valid for storage
            a $-field in an embedded one | {reshardCollection: 'app.users', key: {user: 1}, zones: [{zone: 'EU', min: {user: {$lt: 3}}, max: {user: 10}}]}      | Shard key element user: { $lt: 3 } is not valid for storage
            """)
    void from_8_0_reshardCollection_zone_bounds_must_be_valid_for_metadata_storage(
            String rule, String command, String message) {
        // configsvr_reshard_collection_cmd.cpp (8.x): checkShardKeyIsValidForMetadataStorage on every bound
        MongosCommands mongos = withZonedUsers("8.0");

        MongoCommandException e = refused(mongos, command);

        assertEquals("BadValue", e.code().codeName(), rule);
        assertEquals(message, e.getMessage(), rule);
    }

    @Test
    void a_hashed_new_key_takes_zone_bounds_of_any_type_as_reshardCollection_runs_no_hashed_range_check() {
        // updateZoneKeyRange refuses a non-NumberLong bound on a hashed field (checkHashedShardKeyRange);
        // reshardCollection's zones go through checkForOverlappingZones and the storage check only
        MongosCommands mongos = withZonedUsers("8.0");

        admin(
                mongos,
                "{reshardCollection: 'app.users', key: {user: 'hashed'}, numInitialChunks: 8, zones: ["
                        + "{zone: 'EU', min: {user: NumberLong('-4611686018427387904')}, max: {user: NumberLong(0)}}, "
                        + "{zone: 'US', min: {user: 'a'}, max: {user: 'z'}}]}");

        var cluster = catalog.collection("app.users")
                .orElseThrow()
                .cluster()
                .snapshot()
                .cluster();
        assertEquals(2, cluster.zones().size());
        assertTrue(
                cluster.chunks().chunks().stream()
                        .anyMatch(c -> c.min().equals(cluster.zones().get(0).min())),
                "a chunk starts at the EU zone's NumberLong min");
        assertEquals(500, simulatedDocuments("app.users"));
    }

    // ---- updates that change a document's size ------------------------------------------------------

    /** Bytes of the stored documents of app.events whose t is in [lo, hi). */
    private static long storedBytes(MongosCommands mongos, int lo, int hi) {
        BsonDocument reply = run(
                mongos, "app", "{find: 'events', filter: {t: {$gte: " + lo + ", $lt: " + hi + "}}, batchSize: 100000}");
        long bytes = 0;
        for (var d : reply.getDocument("cursor").getArray("firstBatch")) {
            bytes += io.shardlab.sim.InsertBatch.bsonSize(d.asDocument());
        }
        return bytes;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            updateOne grows a document     | {update: 'events', updates: [{q: {t: 5}, u: {$set: {pad: 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy'}}}]}
            updateMany shrinks documents   | {update: 'events', updates: [{q: {t: {$gte: 40}}, u: {$unset: {pad: 1}}, multi: true}]}
            replaceOne with a bigger one   | {update: 'events', updates: [{q: {t: 60}, u: {t: 60, pad: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', note: 'replaced'}}]}
            an update of the same size     | {update: 'events', updates: [{q: {t: 7}, u: {$set: {pad: 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqq'}}}]}
            an upsert that inserts         | {update: 'events', updates: [{q: {t: 500}, u: {$set: {pad: 'p'}}, upsert: true}]}
            findAndModify grows one        | {findAndModify: 'events', query: {t: 70}, update: {$set: {extra: 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'}}}
            findAndModify with a sort      | {findAndModify: 'events', query: {t: {$gte: 10}}, sort: {t: -1}, update: {$unset: {pad: 1}}}
            """)
    void an_update_that_changes_a_documents_size_is_counted_again_in_its_chunk(String rule, String command) {
        MongosCommands mongos = mongos("8.0"); // 7.1+: findAndModify needs no shard key
        admin(mongos, "{shardCollection: 'app.events', key: {t: 1}}");
        admin(mongos, "{balancerStop: 1}");
        insertRange(mongos, "app", "events", "t", 0, 100);
        admin(mongos, "{split: 'app.events', middle: {t: 50}}");

        run(mongos, "app", command);

        var stats = catalog.collection("app.events")
                .orElseThrow()
                .cluster()
                .snapshot()
                .chunkStatistics();
        assertEquals(storedBytes(mongos, Integer.MIN_VALUE, 50), stats.get(0).bytes(), rule + ": [MinKey, 50)");
        assertEquals(storedBytes(mongos, 50, Integer.MAX_VALUE), stats.get(1).bytes(), rule + ": [50, MaxKey)");
        assertEquals(
                run(mongos, "app", "{count: 'events'}").getNumber("n").longValue(),
                simulatedDocuments("app.events"),
                rule + ": an update adds no document");
    }

    @Test
    void an_update_of_an_unsharded_collection_changes_its_bytes_on_its_shard() {
        MongosCommands mongos = mongos("7.0");
        admin(mongos, "{enableSharding: 'app', primaryShard: 'shard02'}");
        insertRange(mongos, "app", "logs", "n", 0, 10);
        long before = catalog.bytesPerShard().get("shard02");

        run(mongos, "app", "{update: 'logs', updates: [{q: {}, u: {$unset: {pad: 1}}, multi: true}]}");

        long shrunk = before - catalog.bytesPerShard().get("shard02");
        assertEquals(
                10 * io.shardlab.sim.InsertBatch.bsonSize(BsonDocument.parse("{pad: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'}"))
                        - 10 * io.shardlab.sim.InsertBatch.bsonSize(new BsonDocument()),
                shrunk,
                "each document lost its pad field");
    }

    // ---- codes of chunk command refusals ----------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            moveChunk to an unknown shard      | {moveChunk: 'app.events', find: {t: 1}, to: 'shard09'}                       | ShardNotFound   | Shard shard09 not found
            moveChunk by bounds, unknown shard | {moveChunk: 'app.events', bounds: [{t: {$minKey: 1}}, {t: 50}], to: 'shard09'} | ShardNotFound | Shard shard09 not found
            moveRange to an unknown shard      | {moveRange: 'app.events', min: {t: 50}, toShard: 'shard09'}                  | ShardNotFound   | Shard shard09 not found
            split a one-value chunk by find    | {split: 'app.events', find: {t: 7}}                                          | CannotSplit     | Unable to find median in chunk because chunk is indivisible.
            split a one-value chunk by bounds  | {split: 'app.events', bounds: [{t: {$minKey: 1}}, {t: 50}]}                   | CannotSplit     | Unable to find median in chunk because chunk is indivisible.
            """)
    void chunk_command_refusals_carry_mongodb_codes(String rule, String command, String codeName, String message) {
        MongosCommands mongos = mongos("7.0");
        admin(mongos, "{shardCollection: 'app.events', key: {t: 1}}");
        admin(mongos, "{balancerStop: 1}");
        run(mongos, "app", "{insert: 'events', documents: [{t: 7}, {t: 7}, {t: 7}, {t: 60}]}");
        admin(mongos, "{split: 'app.events', middle: {t: 50}}");
        String owner = catalog.collection("app.events")
                .orElseThrow()
                .cluster()
                .snapshot()
                .cluster()
                .chunks()
                .chunks()
                .get(0)
                .shard();

        MongoCommandException e = refused(mongos, command.replace("OWNER", owner));

        assertEquals(codeName, e.code().codeName(), rule);
        assertEquals(message, e.getMessage(), rule);
    }

    @Test
    void a_chunk_already_on_the_shard_is_moved_already() {
        // given a chunk on its owner
        MongosCommands mongos = mongos("7.0");
        admin(mongos, "{shardCollection: 'app.events', key: {t: 1}}");
        String owner = catalog.collection("app.events")
                .orElseThrow()
                .cluster()
                .snapshot()
                .cluster()
                .chunks()
                .get(0)
                .shard();

        // when it is moved to its owner
        BsonDocument reply = admin(mongos, "{moveChunk: 'app.events', find: {t: 1}, to: '" + owner + "'}");

        // then MongoDB's donor returns at once (shardsvr_move_range_command.cpp): ok, nothing moved
        assertEquals(0, reply.getNumber("millis").intValue());
        assertEquals(
                owner,
                catalog.collection("app.events")
                        .orElseThrow()
                        .cluster()
                        .snapshot()
                        .cluster()
                        .chunks()
                        .get(0)
                        .shard());
    }
}
