package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Updates;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue #28's cases through the MongoDB Java sync driver 5.14 in process: transactions ({@code withTransaction},
 * abort, a conflict the driver's retry loop gets past), retryable writes and a commit whose reply a network cut lost
 * ({@link DroppingProxy}: the driver retries, nothing is written twice and no E11000 comes back), the insert reply's
 * {@code n}, {@code createIndexes} with {@code background: true} twice, and change streams.
 */
class DriverTransactionsTest {

    private final List<AutoCloseable> open = new ArrayList<>();
    private MongosServer server;
    private MongoClient client;

    @BeforeEach
    void serve() {
        ShardedCatalog catalog = new ShardedCatalog(
                SimulationConfig.of(MongoVersion.parseModelled("7.0")), List.of("shard01", "shard02"));
        server = MongosServer.start(new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, 64L << 20, 100), l -> {});
        open.add(server);
        client = client(server.connectionString() + "?directConnection=true&serverSelectionTimeoutMS=5000");
    }

    @AfterEach
    void close() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private MongoClient client(String uri) {
        MongoClient c = MongoClients.create(uri);
        open.add(c);
        return c;
    }

    private MongoCollection<Document> orders(MongoClient c) {
        return c.getDatabase("shop").getCollection("orders");
    }

    private long simulatedDocuments(String ns) {
        return server.commands()
                .catalog()
                .collection(ns)
                .orElseThrow()
                .cluster()
                .snapshot()
                .documents();
    }

    @Test
    void withTransactionCommitsWritesNobodySawBeforeAndTheNumberLineGetsThemAtCommit() {
        client.getDatabase("admin")
                .runCommand(new Document("shardCollection", "shop.orders").append("key", new Document("sku", 1)));
        orders(client).insertOne(new Document("_id", 0).append("sku", "a").append("qty", 5));
        MongoClient other = client(server.connectionString() + "?directConnection=true");
        long[] seenInside = new long[3];

        try (ClientSession session = client.startSession()) {
            session.withTransaction(() -> {
                orders(client)
                        .insertOne(
                                session,
                                new Document("_id", 1).append("sku", "b").append("qty", 1));
                orders(client).updateOne(session, Filters.eq("_id", 0), Updates.inc("qty", -1));
                seenInside[0] = orders(client).countDocuments(session);
                seenInside[1] = orders(other).countDocuments();
                seenInside[2] = simulatedDocuments("shop.orders");
                return null;
            });
        }

        assertEquals(2, seenInside[0], "the transaction reads its own insert");
        assertEquals(1, seenInside[1], "another client does not see it before commit");
        assertEquals(1, seenInside[2], "the number line does not get it before commit");
        assertEquals(2, orders(other).countDocuments());
        assertEquals(4, orders(other).find(Filters.eq("_id", 0)).first().getInteger("qty"));
        assertEquals(2, simulatedDocuments("shop.orders"));
    }

    @Test
    void anAbortedTransactionWroteNothing() {
        try (ClientSession session = client.startSession()) {
            session.startTransaction();
            orders(client).insertOne(session, new Document("_id", 1));
            orders(client).insertOne(session, new Document("_id", 2));
            session.abortTransaction();
        }

        assertEquals(0, orders(client).countDocuments());
    }

    @Test
    void aConflictingTransactionGetsATransientErrorAndWithTransactionRunsItAgain() {
        orders(client).insertOne(new Document("_id", 0).append("qty", 0));
        ClientSession first = client.startSession();
        ClientSession second = client.startSession();
        open.add(first);
        open.add(second);
        first.startTransaction();
        orders(client).updateOne(first, Filters.eq("_id", 0), Updates.inc("qty", 1));
        AtomicInteger attempts = new AtomicInteger();

        second.withTransaction(() -> {
            if (attempts.incrementAndGet() == 2) {
                first.commitTransaction(); // the first transaction ends while the second is being retried
            }
            orders(client).updateOne(second, Filters.eq("_id", 0), Updates.inc("qty", 10));
            return null;
        });

        assertEquals(2, attempts.get(), "the WriteConflict's TransientTransactionError label made the driver retry");
        assertEquals(11, orders(client).find().first().getInteger("qty"));
    }

    @Test
    void aWriteConflictCarriesTheTransientTransactionErrorLabel() {
        orders(client).insertOne(new Document("_id", 0).append("qty", 0));
        ClientSession first = client.startSession();
        ClientSession second = client.startSession();
        open.add(first);
        open.add(second);
        first.startTransaction();
        second.startTransaction();
        orders(client).updateOne(first, Filters.eq("_id", 0), Updates.inc("qty", 1));

        MongoCommandException e = assertThrows(
                MongoCommandException.class,
                () -> orders(client).updateOne(second, Filters.eq("_id", 0), Updates.inc("qty", 1)));

        assertEquals(112, e.getErrorCode());
        assertTrue(e.hasErrorLabel("TransientTransactionError"));
    }

    @Test
    void aRetryableWriteWhoseReplyWasLostIsWrittenOnce() throws Exception {
        DroppingProxy proxy = new DroppingProxy(server.port(), "update");
        open.add(proxy);
        MongoClient throughProxy = client(proxy.connectionString());
        orders(throughProxy).insertOne(new Document("_id", 0).append("qty", 0));

        orders(throughProxy).updateOne(Filters.eq("_id", 0), Updates.inc("qty", 1));

        assertTrue(proxy.dropped());
        assertEquals(1, orders(client).find().first().getInteger("qty"), "the driver's retry did not $inc again");
    }

    @Test
    void aRetriedInsertWhoseReplyWasLostGetsNoDuplicateKeyError() throws Exception {
        DroppingProxy proxy = new DroppingProxy(server.port(), "insert");
        open.add(proxy);
        MongoClient throughProxy = client(proxy.connectionString());

        orders(throughProxy).insertOne(new Document("_id", 1).append("sku", "a"));

        assertTrue(proxy.dropped());
        assertEquals(1, orders(client).countDocuments());
    }

    @Test
    void aCommitWhoseReplyWasLostIsRetriedAndCommitsOnce() throws Exception {
        DroppingProxy proxy = new DroppingProxy(server.port(), "commitTransaction");
        open.add(proxy);
        MongoClient throughProxy = client(proxy.connectionString());

        try (ClientSession session = throughProxy.startSession()) {
            session.withTransaction(() -> {
                orders(throughProxy).insertOne(session, new Document("_id", 1));
                orders(throughProxy).insertOne(session, new Document("_id", 2));
                return null;
            });
        }

        assertTrue(proxy.dropped());
        assertEquals(2, orders(client).countDocuments());
    }

    @Test
    void theInsertReplyCountsOnlyTheDocumentsInserted() {
        List<Document> batch = List.of(new Document("_id", 1), new Document("_id", 1), new Document("_id", 2));

        MongoBulkWriteException ordered =
                assertThrows(MongoBulkWriteException.class, () -> orders(client).insertMany(batch));
        orders(client).deleteMany(new Document());
        MongoBulkWriteException unordered = assertThrows(
                MongoBulkWriteException.class,
                () -> orders(client).insertMany(batch, new InsertManyOptions().ordered(false)));
        orders(client).deleteMany(new Document());
        Document raw =
                client.getDatabase("shop").runCommand(new Document("insert", "orders").append("documents", batch));

        assertEquals(1, ordered.getWriteResult().getInsertedCount());
        assertEquals(2, unordered.getWriteResult().getInsertedCount());
        assertEquals(1, raw.getInteger("n"));
        assertEquals(1, raw.getList("writeErrors", Document.class).size());
    }

    @Test
    void anIndexCreatedAgainWithBackgroundIsNotDuplicatedAndTheDatabaseDrops() {
        IndexOptions background = new IndexOptions().background(true);
        orders(client).createIndex(Indexes.ascending("sku"), background);

        Document again = client.getDatabase("shop")
                .runCommand(new Document("createIndexes", "orders")
                        .append(
                                "indexes",
                                List.of(new Document("key", new Document("sku", 1))
                                        .append("name", "sku_1")
                                        .append("background", true))));
        List<Document> indexes = orders(client).listIndexes().into(new ArrayList<>());
        client.getDatabase("shop").drop();

        assertEquals(2, again.getInteger("numIndexesBefore"));
        assertEquals(2, again.getInteger("numIndexesAfter"));
        assertEquals("all indexes already exist", again.getString("note"));
        assertEquals(2, indexes.size());
        assertEquals(
                List.of(),
                client.listDatabaseNames().into(new ArrayList<>()).stream()
                        .filter("shop"::equals)
                        .toList());
    }

    @Test
    void aChangeStreamIsRefusedAsAServerWithoutReplicaSetRefusesIt() {
        MongoCommandException e = assertThrows(
                MongoCommandException.class, () -> orders(client).watch().cursor());

        assertEquals(40573, e.getErrorCode());
        assertEquals("The $changeStream stage is only supported on replica sets", e.getErrorMessage());
    }
}
