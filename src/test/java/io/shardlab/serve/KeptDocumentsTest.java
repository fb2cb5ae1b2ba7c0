package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * How the served mongos keeps its clients' documents (as BSON bytes, {@link EncodedCollection}, with a
 * compact {@code _id} index, {@link CompactUniqueIndex}): reads return exactly what was written, updates
 * and deletes show in later reads, {@code _id} stays unique, and a delete gives its room in the memory budget back
 * ({@link MemoryBudgetTest} for the refusals past it).
 */
class KeptDocumentsTest {

    private ShardedCatalog catalog;

    private MongosCommands mongos(long budgetBytes) {
        catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.V8_0).withSeed(11), List.of("shard01", "shard02", "shard03"));
        MongosCommands mongos = MongosServer.inProcess(catalog, budgetBytes, line -> {});
        run(mongos, "admin", "{shardCollection: 'app.kept', key: {k: 'hashed'}}");
        return mongos;
    }

    private static BsonDocument run(MongosCommands mongos, String db, String json) {
        return mongos.run(db, BsonDocument.parse(json));
    }

    private static List<BsonDocument> find(MongosCommands mongos, String json) {
        BsonDocument reply = mongos.run("app", BsonDocument.parse(json));
        List<BsonDocument> found = new ArrayList<>();
        reply.getDocument("cursor").getArray("firstBatch").forEach(v -> found.add(v.asDocument()));
        return found;
    }

    private static void insert(MongosCommands mongos, BsonDocument... documents) {
        BsonDocument reply = mongos.run(
                "app",
                new BsonDocument("insert", new BsonString("kept"))
                        .append("documents", new BsonArray(List.of(documents))));
        assertFalse(reply.containsKey("writeErrors"), reply.toJson());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            int32                 | 42
            int64                 | {$numberLong: '9007199254740993'}
            double                | 2.5
            negative zero         | -0.0
            decimal128            | {$numberDecimal: '1.10'}
            string                | "héllo, wörld"
            empty string          | ""
            ObjectId              | {$oid: '64b7f1c2a1b2c3d4e5f60718'}
            true                  | true
            date                  | {$date: '2024-02-29T12:34:56.789Z'}
            null                  | null
            regular expression    | {$regularExpression: {pattern: '^a.c$', options: 'i'}}
            timestamp             | {$timestamp: {t: 1700000000, i: 7}}
            binary, generic       | {$binary: {base64: 'AAECAwQ=', subType: '00'}}
            binary, UUID          | {$binary: {base64: 'EjRWeJASNFZ4kBI0VniQEg==', subType: '04'}}
            MinKey                | {$minKey: 1}
            MaxKey                | {$maxKey: 1}
            nested document       | {a: {b: [1, 'two', {c: 3.0}]}, d: null}
            empty document        | {}
            array of mixed types  | [1, {$numberLong: '2'}, 3.5, 'four', [5], {six: 6}]
            """)
    void a_value_reads_back_as_it_was_written(String type, String value) {
        MongosCommands mongos = mongos(64L << 20);
        BsonDocument written = BsonDocument.parse("{_id: 1, k: 'a', v: " + value + "}");

        insert(mongos, written.clone());

        assertEquals(List.of(written), find(mongos, "{find: 'kept', filter: {_id: 1}}"), type);
        assertEquals(List.of(written), find(mongos, "{find: 'kept', filter: {k: 'a'}}"), type);
    }

    @Test
    void inserts_updates_and_deletes_in_any_order_read_back_as_a_map_of_the_same_writes_would() {
        MongosCommands mongos = mongos(64L << 20);
        Random random = new Random(20_241_202L);
        TreeMap<Integer, BsonDocument> expected = new TreeMap<>();
        for (int step = 0; step < 400; step++) {
            int id = random.nextInt(60);
            boolean present = expected.containsKey(id);
            int action = random.nextInt(4);
            if (!present) {
                BsonDocument d = new BsonDocument("_id", new BsonInt32(id))
                        .append("k", new BsonString("key" + random.nextInt(10)))
                        .append("pad", new BsonString("x".repeat(random.nextInt(200))));
                insert(mongos, d.clone());
                expected.put(id, d);
            } else if (action == 0) {
                run(mongos, "app", "{delete: 'kept', deletes: [{q: {_id: " + id + "}, limit: 1}]}");
                expected.remove(id);
            } else if (action == 1) {
                int n = random.nextInt(1000);
                run(mongos, "app", "{update: 'kept', updates: [{q: {_id: " + id + "}, u: {$set: {n: " + n + "}}}]}");
                expected.get(id).put("n", new BsonInt32(n));
            } else if (action == 2) {
                String pad = "y".repeat(random.nextInt(300));
                run(
                        mongos,
                        "app",
                        "{update: 'kept', updates: [{q: {_id: " + id + "}, u: {$set: {pad: '" + pad
                                + "'}, $unset: {n: ''}}}]}");
                expected.get(id).put("pad", new BsonString(pad));
                expected.get(id).remove("n");
            } else {
                BsonDocument found = find(mongos, "{find: 'kept', filter: {_id: " + id + "}}")
                        .get(0);
                assertEquals(expected.get(id), found, "step " + step);
            }
            if (step % 40 == 39) {
                assertEquals(
                        new ArrayList<>(expected.values()),
                        find(mongos, "{find: 'kept', filter: {}, sort: {_id: 1}, batchSize: 1000}"),
                        "after step " + step);
            }
        }
        assertEquals(
                expected.size(),
                run(mongos, "app", "{count: 'kept', query: {}}").getNumber("n").intValue());
    }

    @Test
    void documents_with_ObjectId_ids_are_found_by_id_after_others_were_deleted() {
        MongosCommands mongos = mongos(64L << 20);
        List<ObjectId> ids = new ArrayList<>();
        for (int batch = 0; batch < 4; batch++) {
            List<BsonDocument> documents = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                ObjectId id = new ObjectId();
                ids.add(id);
                documents.add(
                        new BsonDocument("_id", new BsonObjectId(id)).append("k", new BsonString("n" + ids.size())));
            }
            insert(mongos, documents.toArray(BsonDocument[]::new));
        }
        for (int i = 0; i < ids.size(); i += 3) {
            run(
                    mongos,
                    "app",
                    "{delete: 'kept', deletes: [{q: {_id: {$oid: '" + ids.get(i).toHexString() + "'}}, limit: 1}]}");
        }

        for (int i = 0; i < ids.size(); i++) {
            List<BsonDocument> found = find(
                    mongos, "{find: 'kept', filter: {_id: {$oid: '" + ids.get(i).toHexString() + "'}}}");
            assertEquals(
                    i % 3 == 0 ? List.of() : List.of("n" + (i + 1)),
                    found.stream().map(d -> d.getString("k").getValue()).toList(),
                    "document " + i);
        }
    }

    @Test
    void natural_order_is_the_order_of_insertion_and_its_reverse_for_natural_minus_one() {
        MongosCommands mongos = mongos(64L << 20);
        for (int i = 0; i < 20; i++) {
            insert(mongos, BsonDocument.parse("{_id: " + (i * 7 % 20) + ", k: 'a'}"));
        }
        List<BsonValue> forward = find(mongos, "{find: 'kept', filter: {}, sort: {$natural: 1}}").stream()
                .map(d -> d.get("_id"))
                .toList();
        List<BsonValue> backward =
                new ArrayList<>(find(mongos, "{find: 'kept', filter: {}, sort: {$natural: -1}}").stream()
                        .map(d -> d.get("_id"))
                        .toList());
        java.util.Collections.reverse(backward);

        assertEquals(20, forward.size());
        assertEquals(new BsonInt32(7), forward.get(1));
        assertEquals(forward, backward);
    }

    @Test
    void an_id_stays_unique_whether_it_is_an_ObjectId_a_number_of_another_type_or_a_document() {
        MongosCommands mongos = mongos(64L << 20);
        ObjectId oid = new ObjectId();
        insert(mongos, new BsonDocument("_id", new BsonObjectId(oid)).append("k", new BsonString("a")));
        insert(mongos, BsonDocument.parse("{_id: 5, k: 'b'}"));
        insert(mongos, BsonDocument.parse("{_id: {x: 1, y: 2}, k: 'c'}"));

        BsonDocument sameOid =
                run(mongos, "app", "{insert: 'kept', documents: [{_id: {$oid: '" + oid.toHexString() + "'}, k: 'd'}]}");
        BsonDocument sameNumber = run(mongos, "app", "{insert: 'kept', documents: [{_id: 5.0, k: 'e'}]}");
        BsonDocument sameDocument = run(mongos, "app", "{insert: 'kept', documents: [{_id: {x: 1, y: 2}, k: 'f'}]}");

        for (BsonDocument reply : List.of(sameOid, sameNumber, sameDocument)) {
            assertEquals(
                    11000,
                    reply.getArray("writeErrors")
                            .get(0)
                            .asDocument()
                            .getNumber("code")
                            .intValue(),
                    reply.toJson());
        }
        assertEquals(
                List.of("a"),
                find(mongos, "{find: 'kept', filter: {_id: {$oid: '" + oid.toHexString() + "'}}}").stream()
                        .map(d -> d.getString("k").getValue())
                        .toList());
        run(mongos, "app", "{delete: 'kept', deletes: [{q: {_id: 5}, limit: 1}]}");
        insert(mongos, BsonDocument.parse("{_id: 5, k: 'again'}"));
        assertEquals(
                "again",
                find(mongos, "{find: 'kept', filter: {_id: 5}}")
                        .get(0)
                        .getString("k")
                        .getValue());
    }

    @Test
    void a_deleted_document_gives_its_room_in_the_budget_back() {
        BsonDocument sample = BsonDocument.parse("{_id: 0, k: 'k0'}");
        long perDocument = InsertBatch.bsonSize(sample) + EncodedCollection.KEPT_BYTES_PER_DOCUMENT;
        MongosCommands mongos = mongos(2 * perDocument);
        insert(mongos, BsonDocument.parse("{_id: 0, k: 'k0'}"), BsonDocument.parse("{_id: 1, k: 'k1'}"));

        run(mongos, "app", "{delete: 'kept', deletes: [{q: {_id: 0}, limit: 1}]}");
        insert(mongos, BsonDocument.parse("{_id: 2, k: 'k2'}"));

        assertEquals(
                List.of(1, 2),
                find(mongos, "{find: 'kept', filter: {}, sort: {_id: 1}}").stream()
                        .map(d -> d.getInt32("_id").getValue())
                        .toList());
        assertEquals(2 * perDocument, mongos.memoryBudget().usedBytes());
    }
}
