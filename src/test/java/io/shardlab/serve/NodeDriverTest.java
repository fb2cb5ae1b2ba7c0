package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.sim.SimulationConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Node.js driver ({@value RealNodeDriver#VERSION}, pinned in {@code .ci/run}) against ShardLab's
 * mongos in process: its {@code writeConcern: {w: 0}} writes go out as OP_MSG with {@code moreToCome} and
 * must land, unanswered, on a connection that stays open.
 */
class NodeDriverTest {

    private static RealNodeDriver.Installed nodeDriver;

    @TempDir
    Path dir;

    private final List<String> log = new CopyOnWriteArrayList<>();
    private MongosServer server;

    @BeforeAll
    static void findDriver() {
        nodeDriver = RealNodeDriver.locate();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** Runs {@code script} with {@code MongoClient} in scope and {@code uri} the server's; returns what it printed. */
    private String node(String script) throws Exception {
        Path file = dir.resolve("script.js");
        Files.writeString(
                file,
                "const { MongoClient } = require(process.env.DRIVER);\n"
                        + "const uri = process.env.URI;\n"
                        + "(async () => {\n" + script
                        + "\n})().catch(e => { console.error(String(e)); process.exit(1); });\n");
        ProcessBuilder builder =
                new ProcessBuilder(nodeDriver.node().toString(), file.toString()).redirectErrorStream(true);
        builder.environment().put("DRIVER", nodeDriver.driver().toString());
        builder.environment().put("URI", server.connectionString() + "?directConnection=true");
        Process p = builder.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "node did not finish");
        String printed = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "the script failed:\n" + printed);
        return printed.strip();
    }

    @Test
    void w0WritesOfTheNodeDriverLandWithoutAReplyAndTheConnectionStays() throws Exception {
        ShardedCatalog catalog =
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02"));
        server = MongosServer.start(new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, 64L << 20, 100), log::add);
        server.commands()
                .run("admin", BsonDocument.parse("{shardCollection: 'shop.orders', key: {customer: 'hashed'}}"));

        String printed = node("""
                const client = new MongoClient(uri, { maxPoolSize: 1, appName: 'w0' });
                const orders = client.db('shop').collection('orders');
                const unacknowledged = { writeConcern: { w: 0 } };
                await orders.insertOne({ _id: 0, customer: 'c0' }, unacknowledged);
                const docs = [];
                for (let i = 1; i <= 1000; i++) docs.push({ _id: i, customer: 'c' + (i % 37) });
                await orders.insertMany(docs, unacknowledged);
                await orders.updateMany({ _id: { $lt: 10 } }, { $set: { seen: true } }, unacknowledged);
                await orders.deleteOne({ _id: 1000 }, unacknowledged);
                const count = await orders.countDocuments();
                const seen = await orders.countDocuments({ seen: true });
                console.log(JSON.stringify({ count, seen }));
                await client.close();
                """);

        assertEquals("{\"count\":1000,\"seen\":10}", printed);
        assertEquals(
                1000,
                server.commands()
                        .catalog()
                        .collection("shop.orders")
                        .orElseThrow()
                        .cluster()
                        .snapshot()
                        .documents(),
                "1001 inserted, 1 deleted, in the simulated chunks too");
        assertFalse(log.stream().anyMatch(l -> l.startsWith("closed the connection")), log.toString());
    }
}
