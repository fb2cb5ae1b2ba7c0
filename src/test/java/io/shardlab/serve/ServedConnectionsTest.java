package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ConnectionString;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoClientSettings;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Updates;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.live.LiveConnector;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.RawWire.Connection;
import io.shardlab.session.CommandLane;
import io.shardlab.sim.SimulationConfig;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The served connections through the Java sync driver and raw sockets: {@code w: 0} writes applied with no
 * reply and the connection kept, the limits and timeouts that keep one client from starving the others,
 * and the log line of every connection refused or closed and of every InternalError.
 */
class ServedConnectionsTest {

    private final List<AutoCloseable> open = new ArrayList<>();
    private final List<String> log = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private MongosServer serve(ConnectionLimits limits) {
        return serve(limits, CommandLane.DIRECT);
    }

    private MongosServer serve(ConnectionLimits limits, CommandLane lane) {
        ShardedCatalog catalog =
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02"));
        MongosServer server = MongosServer.start(
                new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, 64L << 20, limits), log::add, lane);
        open.add(server);
        return server;
    }

    private MongoClient client(MongosServer server, String appName, int maxPoolSize) {
        MongoClient client = MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(
                        server.connectionString() + "?directConnection=true&serverSelectionTimeoutMS=5000"))
                .applicationName(appName)
                .applyToConnectionPoolSettings(p -> p.maxSize(maxPoolSize))
                .build());
        open.add(client);
        return client;
    }

    private Connection connect(MongosServer server) throws Exception {
        Connection c = new Connection(server.port());
        open.add(c);
        return c;
    }

    /** Waits (at most 10 s) for a log line matching; returns it. */
    private String logLine(Predicate<String> matching) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            for (String line : log) {
                if (matching.test(line)) {
                    return line;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no such log line in " + log);
    }

    @Test
    void unacknowledgedWritesOfTheJavaDriverAreAppliedAndTheConnectionKept() {
        MongosServer server = serve(ConnectionLimits.DEFAULT);
        // one pooled connection: the acknowledged count after the writes runs behind them
        MongoCollection<Document> orders = client(server, "w0", 1)
                .getDatabase("shop")
                .getCollection("orders")
                .withWriteConcern(WriteConcern.UNACKNOWLEDGED);
        List<Document> batch = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            batch.add(new Document("_id", i).append("item", "i" + i));
        }

        orders.insertOne(new Document("_id", -1).append("item", "first"));
        orders.insertMany(batch);
        orders.updateMany(Filters.lt("_id", 10), Updates.set("seen", true));
        orders.deleteOne(Filters.eq("_id", 999));
        long count = orders.withWriteConcern(WriteConcern.ACKNOWLEDGED).countDocuments();
        long seen = orders.countDocuments(Filters.eq("seen", true));

        assertEquals(1000, count, "1 + 1000 inserted, 1 deleted");
        assertEquals(11, seen);
        assertFalse(log.stream().anyMatch(l -> l.startsWith("client disconnected")), log.toString());
        assertFalse(log.stream().anyMatch(l -> l.startsWith("closed the connection")), log.toString());
    }

    @Test
    void aLongInsertManyRunsInSlicesAndItsWriteErrorsKeepTheirIndex() {
        MongosServer server = serve(ConnectionLimits.DEFAULT);
        MongoClient client = client(server, "bulk", 2);
        client.getDatabase("admin")
                .runCommand(
                        new Document("shardCollection", "shop.orders").append("key", new Document("_id", "hashed")));
        MongoCollection<Document> orders = client.getDatabase("shop").getCollection("orders");
        orders.insertOne(new Document("_id", 600));
        List<Document> batch = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            batch.add(new Document("_id", i));
        }

        MongoBulkWriteException e = assertThrows(
                MongoBulkWriteException.class, () -> orders.insertMany(batch, new InsertManyOptions().ordered(false)));

        assertEquals(999, e.getWriteResult().getInsertedCount());
        assertEquals(1, e.getWriteErrors().size());
        assertEquals(600, e.getWriteErrors().get(0).getIndex());
        assertEquals(11000, e.getWriteErrors().get(0).getCode());
        assertEquals(1000, orders.countDocuments());
        assertEquals(
                1000,
                server.commands()
                        .catalog()
                        .collection("shop.orders")
                        .orElseThrow()
                        .cluster()
                        .snapshot()
                        .documents(),
                "the simulated chunks count each slice's stored documents once");
    }

    @Test
    void anAddressWithItsShareIsRefusedWithALogLineAndTheAppWindowIsStillServed() throws Exception {
        MongosServer server = serve(ConnectionLimits.DEFAULT.withMaxPerAddress(3));
        List<Connection> students = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Connection c = connect(server);
            c.send(RawWire.opMsg(
                    1, 0, BsonDocument.parse("{hello: 1, client: {application: {name: 'student'}}, $db: 'admin'}")));
            students.add(c);
            if (i < 3) {
                assertEquals(1.0, c.reply().document().getNumber("ok").doubleValue(), "student " + (i + 1));
            }
        }

        boolean fourthClosed = students.get(3).closedByServer();
        // the window's live view (File → Connect) names itself ShardLab: its connections are never refused
        MongoClient window = client(server, LiveConnector.APP_NAME, 2);
        Document ping = window.getDatabase("admin").runCommand(new Document("ping", 1));

        assertTrue(fourthClosed);
        assertTrue(
                logLine(l -> l.startsWith("refused connection from 127.0.0.1:"))
                        .endsWith(" (student): 127.0.0.1 already has 3 connections (at most 3 per address)"),
                log.toString());
        assertEquals(1.0, ping.getDouble("ok"));
        assertTrue(server.clientCount() >= 4, "three students and the window: " + server.clients());
    }

    @Test
    void idleConnectionsAreClosedWithALogLineAndTheDriverCarriesOn() throws Exception {
        MongosServer server = serve(ConnectionLimits.DEFAULT.withIdleTimeout(Duration.ofSeconds(1)));
        MongoCollection<Document> orders =
                client(server, "idle", 1).getDatabase("shop").getCollection("orders");
        orders.insertOne(new Document("_id", 1));

        String closed = logLine(l -> l.startsWith("closed the connection of") && l.endsWith(": idle for 1 s"));
        TimeUnit.MILLISECONDS.sleep(200);
        long count = orders.countDocuments();

        assertTrue(closed.contains("(idle)"), closed);
        assertEquals(1, count, "the driver reads again on a new connection");
    }

    @Test
    void aConnectionThatSendsNothingOrStopsMidMessageIsClosedWithALogLine() throws Exception {
        MongosServer server = serve(ConnectionLimits.DEFAULT.withMessageTimeout(Duration.ofSeconds(1)));
        Connection silent = connect(server);
        Connection stalled = connect(server);
        byte[] ping = RawWire.opMsg(1, 0, BsonDocument.parse("{ping: 1, $db: 'admin'}"));

        stalled.send(Arrays.copyOf(ping, ping.length / 2));

        assertTrue(silent.closedByServer());
        assertTrue(stalled.closedByServer());
        logLine(l -> l.startsWith("closed the connection of 127.0.0.1:")
                && l.endsWith(": nothing sent within 1 s of connecting"));
        logLine(l -> l.startsWith("closed the connection of 127.0.0.1:")
                && l.endsWith(": a message left unfinished for 1 s"));
        assertEquals(0, server.clientCount());
    }

    @Test
    void anInternalErrorIsAnsweredAndLoggedWithItsCause() throws Exception {
        CommandLane stopped = new CommandLane() {
            @Override
            public <T> T run(Supplier<T> command) {
                throw new IllegalStateException("ShardLab's simulation did not answer within 30 s");
            }
        };
        MongosServer server = serve(ConnectionLimits.DEFAULT, stopped);
        Connection c = connect(server);

        c.send(RawWire.opMsg(4, 0, BsonDocument.parse("{ping: 1, $db: 'admin'}")));
        BsonDocument reply = c.reply().document();

        assertEquals(
                BsonDocument.parse(
                        "{ok: 0.0, errmsg: \"ShardLab could not run ping: ShardLab's simulation did not answer "
                                + "within 30 s\", code: 1, codeName: 'InternalError'}"),
                reply);
        String line = logLine(l -> l.startsWith("InternalError answering 127.0.0.1:"));
        assertTrue(
                line.matches(
                        "InternalError answering 127\\.0\\.0\\.1:\\d+'s ping: java\\.lang\\.IllegalStateException: "
                                + "ShardLab's simulation did not answer within 30 s \\(at .+\\)"),
                line);
    }

    @Test
    void listeningOnEveryAddressGivesOneConnectionStringPerAddressOfTheMachine() {
        ShardedCatalog catalog = new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01"));
        MongosServer server = MongosServer.start(new MongosServer.Settings(catalog, "0.0.0.0", 0, 0, 0, 10), log::add);
        open.add(server);
        List<String> expected = new ArrayList<>();
        for (InetAddress a : new ThisMachine().reachableAddresses()) {
            if (a instanceof Inet4Address) {
                expected.add("mongodb://" + a.getHostAddress() + ":" + server.port() + "/");
            }
        }
        expected.add("mongodb://127.0.0.1:" + server.port() + "/");

        assertEquals(expected, server.connectionStrings());
        assertEquals("mongodb://127.0.0.1:" + server.port() + "/", server.connectionString());
    }

    @Test
    void anAddressOfAnotherMachineIsRefusedAsTheBindNotThePort() {
        ShardedCatalog catalog = new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01"));

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> MongosServer.start(new MongosServer.Settings(catalog, "192.0.2.1", 0, 0, 0, 10), log::add));

        assertTrue(
                e.getMessage().startsWith("--bind: 192.0.2.1 is not an address of this machine (its addresses: "),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("127.0.0.1)"), e.getMessage());
        assertFalse(e instanceof MongosServer.PortInUseException);
    }
}
