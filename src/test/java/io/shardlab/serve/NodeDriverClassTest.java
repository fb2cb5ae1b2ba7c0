package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * The real Node.js driver ({@value RealNodeDriver#VERSION}, pinned in {@code .ci/run}) against ShardLab's mongos in
 * process, for what issue #28 found broken with it: {@code withTransaction} commits, an aborted transaction leaves
 * nothing and its writes are not seen outside it, two transactions writing one document conflict (WriteConflict 112,
 * TransientTransactionError), a change stream is refused with MongoDB's code, and a write past the memory budget is
 * refused (ExceededMemoryLimit 146) so that what the driver was told was inserted is what can be read back.
 */
class NodeDriverClassTest {

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

    private void serve(long memoryBudgetBytes) {
        serve(memoryBudgetBytes, ConnectionLimits.DEFAULT.withMaxConnections(100));
    }

    private void serve(long memoryBudgetBytes, ConnectionLimits limits) {
        ShardedCatalog catalog =
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02"));
        server = MongosServer.start(
                new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, memoryBudgetBytes, limits), log::add);
        server.commands()
                .run("admin", BsonDocument.parse("{shardCollection: 'shop.orders', key: {customer: 'hashed'}}"));
    }

    /** Runs {@code script} with {@code client} connected to the server; returns what it printed. */
    private String node(String script) throws Exception {
        Path file = dir.resolve("script.js");
        Files.writeString(
                file,
                "const { MongoClient } = require(process.env.DRIVER);\n"
                        + "(async () => {\n"
                        + "const client = new MongoClient(process.env.URI, { directConnection: true,"
                        + " serverSelectionTimeoutMS: 30000 });\n"
                        + "const orders = client.db('shop').collection('orders');\n"
                        + script
                        + "\nawait client.close();\n"
                        + "})().catch(e => { console.error(String(e)); process.exit(1); });\n");
        ProcessBuilder builder =
                new ProcessBuilder(nodeDriver.node().toString(), file.toString()).redirectErrorStream(true);
        builder.environment().put("DRIVER", nodeDriver.driver().toString());
        builder.environment().put("URI", server.connectionString());
        Process p = builder.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "node did not finish");
        String printed = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "the script failed:\n" + printed);
        return printed.strip();
    }

    @Test
    void withTransactionCommitsAnAbortedOneLeavesNothingAndTwoOnOneDocumentConflict() throws Exception {
        // given a sharded collection with one order
        serve(64L << 20);

        // when the driver commits one transaction, aborts another and runs two that write the same order
        String printed = node("""
                await orders.insertOne({ _id: 0, customer: 'c0', qty: 1 });
                const session = client.startSession();
                await session.withTransaction(async () => {
                  await orders.insertOne({ _id: 1, customer: 'c1', qty: 1 }, { session });
                  await orders.updateOne({ _id: 0 }, { $inc: { qty: 1 } }, { session });
                });
                session.startTransaction();
                await orders.insertOne({ _id: 2, customer: 'c2', qty: 1 }, { session });
                const seenOutside = await orders.countDocuments({ _id: 2 });
                const seenInside = await orders.countDocuments({ _id: 2 }, { session });
                await session.abortTransaction();
                await session.endSession();
                const first = client.startSession();
                const second = client.startSession();
                first.startTransaction();
                second.startTransaction();
                await orders.updateOne({ _id: 0 }, { $inc: { qty: 10 } }, { session: first });
                let conflict = null;
                try {
                  await orders.updateOne({ _id: 0 }, { $inc: { qty: 100 } }, { session: second });
                } catch (e) {
                  conflict = e.code + ' ' + e.hasErrorLabel('TransientTransactionError');
                }
                await first.commitTransaction();
                await second.abortTransaction().catch(() => {});
                const order0 = await orders.findOne({ _id: 0 });
                const count = await orders.countDocuments();
                console.log(JSON.stringify({ seenOutside, seenInside, conflict, qty: order0.qty, count }));
                """);

        // then the committed writes are there once, the aborted insert nowhere, the second writer was refused
        assertEquals("{\"seenOutside\":0,\"seenInside\":1,\"conflict\":\"112 true\",\"qty\":12,\"count\":2}", printed);
    }

    @Test
    void aChangeStreamIsRefusedWithMongoDBsCode() throws Exception {
        serve(64L << 20);

        String printed = node("""
                let refused = null;
                try {
                  const stream = orders.watch();
                  await stream.tryNext();
                } catch (e) {
                  refused = e.code + ' ' + e.message;
                }
                console.log(refused);
                """);

        assertEquals("40573 The $changeStream stage is only supported on replica sets", printed);
    }

    @Test
    void pastTheMemoryBudgetTheDriverIsToldAndWhatItWasToldWasInsertedReadsBack() throws Exception {
        // given a budget of 1 MB
        serve(1L << 20);

        // when the driver inserts documents of about 1 KB in batches until one is refused
        String printed = node("""
                const text = 'x'.repeat(1000);
                let acknowledged = 0;
                let refusal = null;
                for (let batch = 0; batch < 100 && refusal === null; batch++) {
                  const docs = [];
                  for (let i = 0; i < 100; i++) docs.push({ _id: batch * 100 + i, customer: 'c' + i, text });
                  try {
                    const r = await orders.insertMany(docs);
                    acknowledged += r.insertedCount;
                  } catch (e) {
                    acknowledged += e.result ? e.result.insertedCount : 0;
                    refusal = e.code ?? (e.writeErrors && e.writeErrors[0] && e.writeErrors[0].code);
                  }
                }
                const count = await orders.countDocuments();
                console.log(JSON.stringify({ refusal, same: count === acknowledged, some: acknowledged > 0 }));
                """);

        // then the refusal is ExceededMemoryLimit and every acknowledged document is readable
        assertEquals("{\"refusal\":146,\"same\":true,\"some\":true}", printed);
    }

    @Test
    void aClientHoldingMoreThanItsAddressesShareIsRefusedWithALogLineAndTheWindowIsStillServed() throws Exception {
        // given at most 5 connections from one address
        serve(64L << 20, ConnectionLimits.DEFAULT.withMaxPerAddress(5));

        // when a client's pool tries to hold 12 connections at once, and then the window (appName ShardLab) pings
        String printed = node("""
                const holder = new MongoClient(process.env.URI, {
                  directConnection: true, appName: 'holder', minPoolSize: 12, maxPoolSize: 12,
                  serverSelectionTimeoutMS: 5000, waitQueueTimeoutMS: 5000 });
                const pings = [];
                for (let i = 0; i < 12; i++) {
                  pings.push(holder.db('admin').command({ ping: 1 }).then(() => 'ok', () => 'refused'));
                }
                const outcomes = await Promise.all(pings);
                const window = new MongoClient(process.env.URI, { directConnection: true, appName: 'ShardLab' });
                const answer = await window.db('admin').command({ ping: 1 });
                console.log(JSON.stringify({ someServed: outcomes.includes('ok'), window: answer.ok }));
                await window.close();
                await holder.close().catch(() => {});
                """);

        // then the holder was served its share, the rest refused with one log line each, and the window served
        assertEquals("{\"someServed\":true,\"window\":1}", printed);
        assertTrue(
                log.stream()
                        .anyMatch(l -> l.startsWith("refused connection from 127.0.0.1:")
                                && l.endsWith(
                                        " (holder): 127.0.0.1 already has 5 connections (at most 5 per address)")),
                log.toString());
    }
}
