package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Updates;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The memory budget never acknowledges what it will not return: past it a write is refused with the in-memory
 * engine's ExceededMemoryLimit (146, {@code WT_CACHE_FULL}), as a write error per statement that the Java driver
 * raises; the statements before it are written and counted; reads go on; deletes and drops give the room back;
 * the console hears of 50, 80 and 100 %, and {@code serverStatus} / {@code dbStats} report the use.
 */
class MemoryBudgetTest {

    /** One student document: {@code {_id: i, pad: 'xxxxxxxxxx'}}. */
    private static Document document(int id) {
        return new Document("_id", id).append("pad", "xxxxxxxxxx");
    }

    /** The heap one {@link #document} takes once kept. */
    private static final long PER_DOCUMENT = InsertBatch.bsonSize(BsonDocument.parse("{_id: 0, pad: 'xxxxxxxxxx'}"))
            + EncodedCollection.KEPT_BYTES_PER_DOCUMENT;

    private final List<AutoCloseable> open = new ArrayList<>();
    private final List<String> console = new CopyOnWriteArrayList<>();
    private MongosServer server;

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    @ParameterizedTest(name = "a heap of {0} MB: a budget of {1} MB, {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # heap | budget | why
            448    | 288    | the launchers' heap: all but the 160 MB serve needs besides
            1024   | 864    | a larger heap: the documents get the rest
            200    | 50     | a small heap: a quarter of it, more than all but 160 MB
            """)
    void the_default_budget_is_the_heap_serve_was_given_less_what_it_needs_besides(
            long heapMb, long budgetMb, String why) {
        assertEquals(budgetMb, MongosServer.Settings.defaultMemoryBudgetMb(heapMb << 20));
    }

    /** A served cluster whose budget holds {@code documents} student documents, with {@code app.c} sharded. */
    private MongoCollection<Document> collectionWithRoomFor(int documents) {
        ShardedCatalog catalog =
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02"));
        server = MongosServer.start(
                new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, documents * PER_DOCUMENT, 10), console::add);
        open.add(server);
        MongoClient client =
                MongoClients.create(server.connectionString() + "?directConnection=true&serverSelectionTimeoutMS=5000");
        open.add(client);
        client.getDatabase("admin")
                .runCommand(new Document("shardCollection", "app.c").append("key", new Document("_id", 1)));
        return client.getDatabase("app").getCollection("c");
    }

    private static List<Document> documents(int from, int to) {
        List<Document> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            out.add(document(i));
        }
        return out;
    }

    @ParameterizedTest(name = "ordered {0}: {1} inserted, write errors at {2}")
    @CsvSource(delimiter = '|', textBlock = """
            true  | 3 | 3
            false | 3 | 3 4
            """)
    void past_the_budget_each_statement_is_refused_and_the_ones_before_are_written(
            boolean ordered, int inserted, String errorIndexes) {
        MongoCollection<Document> c = collectionWithRoomFor(3);

        MongoBulkWriteException e = assertThrows(
                MongoBulkWriteException.class,
                () -> c.insertMany(documents(0, 5), new InsertManyOptions().ordered(ordered)));

        assertEquals(inserted, e.getWriteResult().getInsertedCount());
        assertEquals(
                errorIndexes,
                String.join(
                        " ",
                        e.getWriteErrors().stream().map(w -> "" + w.getIndex()).toList()));
        e.getWriteErrors().forEach(w -> {
            assertEquals(146, w.getCode());
            assertTrue(
                    w.getMessage().startsWith("-31807: WT_CACHE_FULL: operation would overflow cache"), w.getMessage());
        });
        assertEquals(inserted, c.countDocuments(), "every acknowledged document reads back");
        assertEquals(
                inserted,
                server.commands()
                        .catalog()
                        .collection("app.c")
                        .orElseThrow()
                        .cluster()
                        .snapshot()
                        .documents(),
                "the chunks count only the documents kept");
    }

    @Test
    void a_single_insert_past_the_budget_is_a_write_error_the_driver_raises() {
        MongoCollection<Document> c = collectionWithRoomFor(1);
        c.insertOne(document(0));

        MongoWriteException e = assertThrows(MongoWriteException.class, () -> c.insertOne(document(1)));

        assertEquals(146, e.getCode());
        assertEquals(1, c.countDocuments());
    }

    @Test
    void deletes_and_drops_give_the_room_back() {
        MongoCollection<Document> c = collectionWithRoomFor(2);
        c.insertMany(documents(0, 2));

        c.deleteOne(Filters.eq("_id", 0));
        c.insertOne(document(2));
        c.drop();
        c.insertMany(documents(10, 12));

        assertEquals(2, c.countDocuments());
        assertEquals(2 * PER_DOCUMENT, server.commands().memoryBudget().usedBytes());
    }

    @Test
    void a_full_budget_refuses_updates_and_keeps_serving_reads() {
        MongoCollection<Document> c = collectionWithRoomFor(2);
        c.insertMany(documents(0, 2));

        MongoWriteException e = assertThrows(
                MongoWriteException.class, () -> c.updateOne(Filters.eq("_id", 0), Updates.set("pad", "y")));
        MongoCommandException f = assertThrows(
                MongoCommandException.class, () -> c.findOneAndUpdate(Filters.eq("_id", 0), Updates.set("pad", "y")));

        assertEquals(146, e.getCode());
        assertEquals("ExceededMemoryLimit", f.getErrorCodeName());
        assertEquals("xxxxxxxxxx", c.find(Filters.eq("_id", 0)).first().getString("pad"));
    }

    @Test
    void the_console_hears_of_50_80_and_100_percent_each_time_the_use_climbs_past_them() {
        MongoCollection<Document> c = collectionWithRoomFor(10);

        c.insertMany(documents(0, 5));
        c.insertMany(documents(5, 8));
        c.insertMany(documents(8, 10));
        c.deleteMany(Filters.lt("_id", 6));
        c.insertMany(documents(20, 22));

        assertEquals(
                List.of(
                        "memory budget: 50 % used",
                        "memory budget: 80 % used", "memory budget: 100 % used", "memory budget: 50 % used"),
                console.stream()
                        .filter(l -> l.startsWith("memory budget"))
                        .map(l -> l.substring(0, l.indexOf(" (")))
                        .toList());
    }

    @Test
    void server_status_and_db_stats_report_the_use() {
        MongoCollection<Document> c = collectionWithRoomFor(4);
        c.insertMany(documents(0, 2));
        MongoClient client =
                MongoClients.create(server.connectionString() + "?directConnection=true&serverSelectionTimeoutMS=5000");
        open.add(client);

        Document status = client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
        Document stats = client.getDatabase("app").runCommand(new Document("dbStats", 1));

        Document budget = status.get("shardlab", Document.class).get("memoryBudget", Document.class);
        assertEquals(2 * PER_DOCUMENT, ((Number) budget.get("usedBytes")).longValue());
        assertEquals(4 * PER_DOCUMENT, ((Number) budget.get("budgetBytes")).longValue());
        assertEquals(50, budget.getInteger("percentUsed"));
        assertEquals(2 * PER_DOCUMENT, ((Number) stats.get("fsUsedSize")).longValue());
        assertEquals(4 * PER_DOCUMENT, ((Number) stats.get("fsTotalSize")).longValue());
    }

    @Test
    void a_transaction_whose_inserts_do_not_fit_is_refused_at_commit_and_writes_nothing() {
        MongosCommands mongos = MongosServer.inProcess(
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01")),
                PER_DOCUMENT,
                line -> {});
        String lsid = "lsid: {id: {$binary: {base64: 'AAAAAAAAAAAAAAAAAAAAAA==', subType: '04'}}}";
        mongos.run("app", BsonDocument.parse("{insert: 'c', documents: [{_id: -1}]}"));
        mongos.run("app", BsonDocument.parse("{delete: 'c', deletes: [{q: {}, limit: 0}]}"));
        mongos.run(
                "app",
                BsonDocument.parse(
                        "{insert: 'c', documents: [{_id: 0, pad: 'xxxxxxxxxx'}, {_id: 1, pad: 'xxxxxxxxxx'}], " + lsid
                                + ", txnNumber: {$numberLong: '1'}, startTransaction: true, autocommit: false}"));

        io.shardlab.mongos.MongoCommandException e = assertThrows(
                io.shardlab.mongos.MongoCommandException.class,
                () -> mongos.run(
                        "admin",
                        BsonDocument.parse("{commitTransaction: 1, " + lsid
                                + ", txnNumber: {$numberLong: '1'}, autocommit: false}")));

        assertEquals(146, e.code().number());
        assertEquals(
                0,
                mongos.run("app", BsonDocument.parse("{count: 'c'}"))
                        .getNumber("n")
                        .intValue());
    }
}
