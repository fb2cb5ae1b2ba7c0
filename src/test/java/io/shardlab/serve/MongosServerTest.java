package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ShardLab's mongos through the Java driver, in process: the handshake, the sharding commands, routed
 * writes and their refusals, the config database, explain, and clients that misbehave.
 */
class MongosServerTest {

    private final List<AutoCloseable> open = new ArrayList<>();
    private final List<String> clientLines = new java.util.concurrent.CopyOnWriteArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private MongosServer serve(String version, int shards, long memoryBudget, int maxClients) {
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= shards; i++) {
            ids.add(String.format("shard%02d", i));
        }
        ShardedCatalog catalog = new ShardedCatalog(SimulationConfig.of(MongoVersion.parseModelled(version)), ids);
        MongosServer server = MongosServer.start(
                new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, memoryBudget, maxClients), clientLines::add);
        open.add(server);
        return server;
    }

    private MongoClient client(MongosServer server) {
        MongoClient client =
                MongoClients.create(server.connectionString() + "?directConnection=true&serverSelectionTimeoutMS=5000");
        open.add(client);
        return client;
    }

    private MongoDatabase admin(MongosServer server) {
        return client(server).getDatabase("admin");
    }

    @ParameterizedTest(name = "{0}: wire version {1}, version {2}")
    @CsvSource(textBlock = """
            4.4, 9,  4.4.29
            5.0, 13, 5.0.34
            6.0, 17, 6.0.20
            7.0, 21, 7.0.40
            8.0, 25, 8.0.17
            """)
    void hello_says_mongos_with_the_release_wire_version_and_build_info_its_version(
            String release, int wire, String version) {
        MongoDatabase test = client(serve(release, 2, 1 << 20, 10)).getDatabase("test");

        Document hello = test.runCommand(new Document("hello", 1));
        Document buildInfo = test.runCommand(new Document("buildInfo", 1));

        assertEquals("isdbgrid", hello.getString("msg"));
        assertEquals(wire, hello.getInteger("maxWireVersion"));
        assertFalse(hello.containsKey("topologyVersion"));
        assertFalse(hello.containsKey("setName"));
        assertEquals(version, buildInfo.getString("version"));
    }

    @Test
    void seed_pre_split_loop_cuts_the_number_line_and_config_chunks_show_it() {
        MongosServer server = serve("8.0", 2, 1 << 20, 10);
        MongoDatabase admin = admin(server);
        admin.runCommand(new Document("enableSharding", "data"));
        admin.runCommand(new Document("shardCollection", "data.data").append("key", new Document("_id", 1)));
        admin.runCommand(new Document("balancerStop", 1));

        for (int minute = 1; minute <= 30; minute++) {
            admin.runCommand(new Document("split", "data.data").append("middle", new Document("_id", minute)));
        }

        var cluster = server.commands()
                .catalog()
                .collection("data.data")
                .orElseThrow()
                .cluster();
        assertEquals(31, cluster.snapshot().cluster().chunks().size());
        MongoDatabase config = client(server).getDatabase("config");
        assertEquals(31, config.getCollection("chunks").countDocuments());
        Document chunk = config.getCollection("chunks").find().first();
        assertTrue(chunk.containsKey("uuid"), "8.0 chunks are keyed by uuid: " + chunk.toJson());
        assertFalse(chunk.containsKey("ns"));
        assertEquals(
                Boolean.TRUE,
                config.getCollection("settings")
                        .find(Filters.eq("_id", "balancer"))
                        .first()
                        .getBoolean("stopped"));
    }

    @Test
    void on_4_4_chunks_are_keyed_by_namespace_and_sharding_needs_enable_sharding() {
        MongosServer server = serve("4.4", 2, 1 << 20, 10);
        MongoDatabase admin = admin(server);

        MongoCommandException refused = assertThrows(
                MongoCommandException.class,
                () -> admin.runCommand(new Document("shardCollection", "db.c").append("key", new Document("x", 1))));
        assertEquals(20, refused.getErrorCode());
        assertTrue(refused.getErrorMessage().contains("sharding not enabled for db db"), refused.getErrorMessage());

        admin.runCommand(new Document("enableSharding", "db"));
        admin.runCommand(new Document("shardCollection", "db.c").append("key", new Document("x", 1)));
        Document chunk = client(server)
                .getDatabase("config")
                .getCollection("chunks")
                .find()
                .first();
        assertEquals("db.c", chunk.getString("ns"));
        assertEquals("db.c-x_MinKey", chunk.getString("_id"));
    }

    @Test
    void inserts_are_routed_into_the_simulated_collection_and_reads_return_them() {
        MongosServer server = serve("7.0", 2, 1 << 20, 10);
        admin(server)
                .runCommand(new Document("shardCollection", "shop.orders")
                        .append("key", new Document("customer", "hashed")));
        var orders = client(server).getDatabase("shop").getCollection("orders");

        List<Document> batch = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            batch.add(new Document("_id", i).append("customer", "c" + (i % 37)).append("total", i));
        }
        orders.insertMany(batch);

        var snapshot = server.commands()
                .catalog()
                .collection("shop.orders")
                .orElseThrow()
                .cluster()
                .snapshot();
        assertEquals(500, snapshot.documents());
        assertEquals(500, orders.countDocuments());
        assertEquals(42, orders.find(Filters.eq("_id", 42)).first().getInteger("total"));
    }

    @ParameterizedTest(name = "{0}: upsert without the full shard key accepted = {1}")
    @CsvSource(textBlock = """
            5.0, false
            6.0, false
            7.0, false
            8.0, true
            """)
    void an_upsert_without_the_full_shard_key_is_refused_before_7_1(String release, boolean accepted) {
        MongosServer server = serve(release, 2, 1 << 20, 10);
        admin(server).runCommand(new Document("enableSharding", "social"));
        admin(server)
                .runCommand(new Document("shardCollection", "social.inbox")
                        .append("key", new Document("owner", 1).append("sequence", 1)));
        var inbox = client(server).getDatabase("social").getCollection("inbox");

        Runnable upsert = () ->
                inbox.updateOne(Filters.eq("owner", "Peter"), Updates.set("n", 1), new UpdateOptions().upsert(true));

        if (accepted) {
            upsert.run();
            assertEquals(1, inbox.countDocuments());
        } else {
            MongoWriteException e = assertThrows(MongoWriteException.class, upsert::run);
            assertEquals(61, e.getError().getCode());
            assertEquals(0, inbox.countDocuments());
        }
    }

    @Test
    void a_document_whose_shard_key_holds_an_array_is_refused_and_not_stored() {
        MongosServer server = serve("8.0", 2, 1 << 20, 10);
        admin(server)
                .runCommand(
                        new Document("shardCollection", "social.users").append("key", new Document("user_name", 1)));
        var users = client(server).getDatabase("social").getCollection("users");

        MongoBulkWriteException e = assertThrows(
                MongoBulkWriteException.class,
                () -> users.insertMany(
                        List.of(new Document("user_name", "a"), new Document("user_name", List.of("b", "c")))));

        assertEquals(61, e.getWriteErrors().get(0).getCode());
        assertEquals(
                "Shard key cannot contain array values or array descendants.",
                e.getWriteErrors().get(0).getMessage());
        assertEquals(1, e.getWriteErrors().get(0).getIndex());
        assertEquals(1, users.countDocuments());
    }

    @Test
    void find_and_modify_upsert_of_the_seed_inbox_example_lands_in_the_simulated_collection() {
        MongosServer server = serve("6.0", 2, 1 << 20, 10);
        admin(server)
                .runCommand(
                        new Document("shardCollection", "social.users").append("key", new Document("user_name", 1)));
        MongoDatabase social = client(server).getDatabase("social");

        Document reply = social.runCommand(new Document("findAndModify", "users")
                .append("query", new Document("user_name", "Peter"))
                .append("update", new Document("$inc", new Document("msg_count", 1)))
                .append("upsert", true)
                .append("new", true));

        assertEquals(1, reply.get("value", Document.class).getInteger("msg_count"));
        assertEquals(Boolean.FALSE, reply.get("lastErrorObject", Document.class).getBoolean("updatedExisting"));
        assertEquals(
                1,
                server.commands()
                        .catalog()
                        .collection("social.users")
                        .orElseThrow()
                        .cluster()
                        .snapshot()
                        .documents());
    }

    @Test
    void explain_names_the_shards_reached() {
        MongosServer server = serve("8.0", 2, 1 << 20, 10);
        MongoDatabase admin = admin(server);
        admin.runCommand(new Document("shardCollection", "db.c").append("key", new Document("x", 1)));
        admin.runCommand(new Document("split", "db.c").append("middle", new Document("x", 0)));
        admin.runCommand(new Document("moveChunk", "db.c")
                .append("find", new Document("x", 5))
                .append("to", "shard02"));
        MongoDatabase db = client(server).getDatabase("db");

        Document single =
                db.runCommand(new Document("explain", new Document("find", "c").append("filter", new Document("x", 5)))
                        .append("verbosity", "queryPlanner"));
        Document scatter =
                db.runCommand(new Document("explain", new Document("find", "c").append("filter", new Document("y", 5)))
                        .append("verbosity", "queryPlanner"));

        Document singlePlan = single.get("queryPlanner", Document.class).get("winningPlan", Document.class);
        Document scatterPlan = scatter.get("queryPlanner", Document.class).get("winningPlan", Document.class);
        assertEquals("SINGLE_SHARD", singlePlan.getString("stage"));
        assertEquals(
                "shard02", singlePlan.getList("shards", Document.class).get(0).getString("shardName"));
        assertEquals("SHARD_MERGE", scatterPlan.getString("stage"));
        assertEquals(2, scatterPlan.getList("shards", Document.class).size());
    }

    @ParameterizedTest(name = "{0} on {1}: code {2}")
    @CsvSource(textBlock = """
            '{split: "db.c", middle: {x: 1}}',      test,   13
            '{noSuchCommand: 1}',                   admin,  59
            '{moveRange: "db.c", toShard: "shard02"}', admin, 59
            # no database db yet: NamespaceNotFound before NamespaceNotSharded (mongo catalog_cache.cpp getDatabase)
            '{split: "db.none", middle: {x: 1}}',   admin,  26
            """)
    void refusals_carry_mongodb_codes(String command, String database, int code) {
        MongosServer server = serve("5.0", 2, 1 << 20, 10);
        MongoDatabase db = client(server).getDatabase(database);

        MongoCommandException e =
                assertThrows(MongoCommandException.class, () -> db.runCommand(Document.parse(command)));

        assertEquals(code, e.getErrorCode(), e.getErrorMessage());
    }

    @Test
    void the_config_database_is_read_only_to_clients() {
        MongosServer server = serve("8.0", 2, 1 << 20, 10);
        var shards = client(server).getDatabase("config").getCollection("shards");

        assertEquals(2, shards.countDocuments());
        MongoCommandException e =
                assertThrows(MongoCommandException.class, () -> shards.insertOne(new Document("_id", "shard99")));
        // CommandNotSupported (115), not IllegalOperation (20): drivers replace IllegalOperation on a retryable
        // write with "This MongoDB deployment does not support retryable writes" (issue #27)
        assertEquals(115, e.getErrorCode());
    }

    @Test
    void a_taken_port_is_one_line_naming_the_port() {
        MongosServer first = serve("8.0", 1, 0, 10);
        ShardedCatalog catalog = new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01"));

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> MongosServer.start(
                        new MongosServer.Settings(catalog, "127.0.0.1", first.port(), 0, 0, 10), line -> {}));

        assertEquals(
                "127.0.0.1:" + first.port() + " is already in use (or not allowed)",
                e.getMessage(),
                "the option name is the CLI's to add");
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void malformed_and_oversized_messages_drop_that_client_only() throws Exception {
        MongosServer server = serve("8.0", 1, 0, 10);
        for (int length : new int[] {64, 100_000_000}) {
            try (Socket s = new Socket("127.0.0.1", server.port())) {
                ByteBuffer header = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
                header.putInt(length).putInt(1).putInt(0).putInt(2013);
                OutputStream out = s.getOutputStream();
                out.write(header.array());
                out.write(new byte[48]);
                out.flush();
                s.setSoTimeout(5000);
                assertEquals(-1, s.getInputStream().read(), "the server closes a connection it cannot read");
            }
        }

        assertEquals(
                "isdbgrid",
                client(server)
                        .getDatabase("test")
                        .runCommand(new Document("hello", 1))
                        .getString("msg"));
    }

    @Test
    void connections_beyond_the_bound_are_closed_and_the_server_keeps_serving() throws Exception {
        MongosServer server = serve("8.0", 1, 0, 2);
        List<Socket> sockets = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Socket s = new Socket("127.0.0.1", server.port());
            sockets.add(s);
            s.setSoTimeout(5000);
            s.getOutputStream().write(isMasterQuery());
            s.getOutputStream().flush();
            byte[] header = s.getInputStream().readNBytes(16);
            if (i < 2) {
                assertEquals(16, header.length, "connection " + (i + 1) + " is answered");
                int length =
                        ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getInt();
                s.getInputStream().readNBytes(length - 16);
            }
        }
        assertEquals(-1, sockets.get(2).getInputStream().read(), "the third connection is closed");
        assertEquals(2, server.clientCount());

        for (Socket s : sockets) {
            s.close();
        }
        for (int wait = 0; wait < 50 && server.clientCount() > 0; wait++) {
            Thread.sleep(100);
        }
        MongoClient later = client(server);
        assertEquals(
                "isdbgrid",
                later.getDatabase("test").runCommand(new Document("hello", 1)).getString("msg"));
    }

    /** An OP_QUERY {@code isMaster} on admin.$cmd, the first message of every driver connection. */
    private static byte[] isMasterQuery() {
        org.bson.io.BasicOutputBuffer body = new org.bson.io.BasicOutputBuffer();
        new org.bson.codecs.BsonDocumentCodec()
                .encode(
                        new org.bson.BsonBinaryWriter(body),
                        new org.bson.BsonDocument("isMaster", new org.bson.BsonInt32(1)),
                        org.bson.codecs.EncoderContext.builder().build());
        byte[] doc = body.toByteArray();
        byte[] ns = "admin.$cmd\0".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        ByteBuffer m = ByteBuffer.allocate(16 + 4 + ns.length + 8 + doc.length).order(ByteOrder.LITTLE_ENDIAN);
        m.putInt(m.capacity())
                .putInt(7)
                .putInt(0)
                .putInt(2004)
                .putInt(0)
                .put(ns)
                .putInt(0)
                .putInt(-1)
                .put(doc);
        return m.array();
    }

    @Test
    void remove_shard_drains_then_completes_once_its_chunks_moved_off() {
        MongosServer server = serve("5.0", 3, 1 << 20, 10);
        MongoDatabase admin = admin(server);
        admin.runCommand(new Document("enableSharding", "db").append("primaryShard", "shard01"));
        admin.runCommand(new Document("shardCollection", "db.c").append("key", new Document("x", 1)));
        admin.runCommand(new Document("split", "db.c").append("middle", new Document("x", 0)));
        admin.runCommand(new Document("moveChunk", "db.c")
                .append("find", new Document("x", 5))
                .append("to", "shard03"));

        Document started = admin.runCommand(new Document("removeShard", "shard03"));
        Document ongoing = admin.runCommand(new Document("removeShard", "shard03"));
        server.commands().advance(120_000);
        Document completed = admin.runCommand(new Document("removeShard", "shard03"));

        assertEquals("started", started.getString("state"));
        assertEquals("draining started successfully", started.getString("msg"));
        assertEquals("ongoing", ongoing.getString("state"));
        assertEquals(1L, ongoing.get("remaining", Document.class).getLong("chunks"));
        assertEquals("completed", completed.getString("state"));
        assertEquals(
                2, client(server).getDatabase("config").getCollection("shards").countDocuments());
    }

    @Test
    void the_settings_mongosh_helpers_write_reach_the_simulated_cluster() {
        MongosServer server = serve("5.0", 2, 1 << 20, 10);
        admin(server).runCommand(new Document("enableSharding", "db"));
        admin(server).runCommand(new Document("shardCollection", "db.c").append("key", new Document("x", 1)));
        var settings = client(server).getDatabase("config").getCollection("settings");

        settings.updateOne(
                Filters.eq("_id", "autosplit"), Updates.set("enabled", false), new UpdateOptions().upsert(true));

        assertFalse(server.commands()
                .catalog()
                .collection("db.c")
                .orElseThrow()
                .cluster()
                .snapshot()
                .settings()
                .autoSplitEnabled());
        assertEquals(
                Boolean.FALSE,
                settings.find(Filters.eq("_id", "autosplit")).first().getBoolean("enabled"));
    }

    @Test
    void balancer_collection_status_reports_the_imbalance_the_balancer_would_fix() {
        MongosServer server = serve("5.0", 2, 1 << 20, 10);
        MongoDatabase admin = admin(server);
        admin.runCommand(new Document("enableSharding", "db"));
        admin.runCommand(new Document("shardCollection", "db.c").append("key", new Document("x", 1)));
        Document balanced = admin.runCommand(new Document("balancerCollectionStatus", "db.c"));
        for (int i = 1; i <= 8; i++) {
            admin.runCommand(new Document("split", "db.c").append("middle", new Document("x", i * 10)));
        }

        Document imbalanced = admin.runCommand(new Document("balancerCollectionStatus", "db.c"));

        assertEquals(Boolean.TRUE, balanced.getBoolean("balancerCompliant"));
        assertEquals(Boolean.FALSE, imbalanced.getBoolean("balancerCompliant"));
        assertEquals("chunksImbalance", imbalanced.getString("firstComplianceViolation"));
    }

    @Test
    void coll_stats_gives_one_document_per_shard_and_later_stages_run_over_them() {
        MongosServer server = serve("7.0", 2, 1 << 20, 10);
        admin(server)
                .runCommand(new Document("shardCollection", "shop.orders")
                        .append("key", new Document("customer", "hashed")));
        var orders = client(server).getDatabase("shop").getCollection("orders");
        List<Document> batch = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            batch.add(new Document("customer", "c" + i));
        }
        orders.insertMany(batch);

        List<Document> perShard = orders.aggregate(
                        List.of(new Document("$collStats", new Document("storageStats", new Document()))))
                .into(new ArrayList<>());
        List<Document> summed = orders.aggregate(List.of(
                        new Document("$collStats", new Document("storageStats", new Document())),
                        new Document(
                                "$group",
                                new Document("_id", null).append("docs", new Document("$sum", "$storageStats.count")))))
                .into(new ArrayList<>());

        assertEquals(2, perShard.size());
        assertEquals(
                200,
                perShard.stream()
                        .mapToInt(d -> d.get("storageStats", Document.class).getInteger("count"))
                        .sum());
        assertEquals(200, summed.get(0).getInteger("docs"));
        assertFalse(client(server).listDatabaseNames().into(new ArrayList<>()).contains("shardlab_pipeline"));
    }
}
