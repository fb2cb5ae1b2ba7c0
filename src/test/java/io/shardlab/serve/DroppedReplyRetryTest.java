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
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retryable writes through a network that drops replies: the Node.js driver ({@value RealNodeDriver#VERSION}) writes
 * through {@link ReplyDroppingProxy}, which lets every 24th retryable write reach the mongos and be applied but drops
 * its reply and closes the connection. The driver retries each such write once on a new connection with the same
 * {@code lsid} and {@code txnNumber}, and the mongos answers the retry with the first reply and changes nothing
 * ({@code io.shardlab.mongos.RetryableWrites}; MongoDB's {@code jstests/sharding/retryable_writes.js}): the final count equals the writes the driver was told happened, none lost, none doubled.
 */
class DroppedReplyRetryTest {

    @TempDir
    Path dir;

    /**
     * {@code N} orders, each an insert and a {@code $inc} of a counter, one at a time; prints what the driver was told
     * and what it reads back.
     */
    private static final String WRITER = """
            const { MongoClient } = require(process.env.DRIVER);
            (async () => {
              const client = new MongoClient(process.env.URI, {
                appName: 'dropped-replies', directConnection: true, serverSelectionTimeoutMS: 30000,
                heartbeatFrequencyMS: 500 });
              const db = client.db('shop');
              let inserted = 0, incs = 0;
              const failures = [];
              for (let i = 1; i <= Number(process.env.N); i++) {
                try {
                  await db.collection('orders').insertOne({ _id: i, customer: 'c' + (i % 37) });
                  inserted++;
                } catch (e) { failures.push('insert ' + i + ': ' + e.code + ' ' + e.message); }
                try {
                  await db.collection('counters').updateOne({ _id: 'orders' }, { $inc: { n: 1 } }, { upsert: true });
                  incs++;
                } catch (e) { failures.push('$inc ' + i + ': ' + e.code + ' ' + e.message); }
              }
              const count = await db.collection('orders').countDocuments();
              const counter = (await db.collection('counters').findOne({ _id: 'orders' })).n;
              console.log('result ' + JSON.stringify({ inserted, count, incs, counter, failures }));
              await client.close();
            })().catch(e => { console.log('error ' + String(e)); process.exit(1); });
            """;

    @Test
    void everyAcknowledgedWriteIsThereOnceWhenRepliesAreDroppedAndTheDriverRetries() throws Exception {
        // given a served cluster behind a proxy that drops the reply of every 24th retryable write
        RealNodeDriver.Installed nodeDriver = RealNodeDriver.locate();
        ShardedCatalog catalog =
                new ShardedCatalog(SimulationConfig.of(MongoVersion.V8_0), List.of("shard01", "shard02"));
        try (MongosServer server = MongosServer.start(
                        new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, 64L << 20, 100), l -> {});
                ReplyDroppingProxy proxy = new ReplyDroppingProxy(server.port(), 24)) {
            server.commands()
                    .run("admin", BsonDocument.parse("{shardCollection: 'shop.orders', key: {customer: 'hashed'}}"));

            // when the driver writes 120 orders and 120 increments through it, one at a time
            Path script = Files.writeString(dir.resolve("writer.js"), WRITER);
            ProcessBuilder builder =
                    new ProcessBuilder(nodeDriver.node().toString(), script.toString()).redirectErrorStream(true);
            builder.environment().put("DRIVER", nodeDriver.driver().toString());
            builder.environment().put("URI", proxy.connectionString());
            builder.environment().put("N", "120");
            Process writer = builder.start();
            String printed;
            try {
                printed = new String(writer.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                assertTrue(writer.waitFor(180, TimeUnit.SECONDS), "node did not finish");
            } finally {
                writer.destroyForcibly();
            }

            // then replies were dropped, the driver saw no failure, and the counts equal what it was told: the orders
            // once each, the counter one per acknowledged $inc
            assertTrue(printed.startsWith("result "), printed);
            BsonDocument r = BsonDocument.parse(printed.substring("result ".length()));
            assertTrue(proxy.dropped() >= 10, "replies dropped: " + proxy.dropped());
            assertTrue(r.getArray("failures").isEmpty(), printed);
            assertEquals(120, r.getInt32("inserted").getValue(), printed);
            assertEquals(r.getInt32("inserted").getValue(), r.getInt32("count").getValue(), printed);
            assertEquals(120, r.getInt32("incs").getValue(), printed);
            assertEquals(r.getInt32("incs").getValue(), r.getInt32("counter").getValue(), "each $inc once: " + printed);
            assertEquals(
                    120,
                    server.commands()
                            .run("shop", BsonDocument.parse("{count: 'orders'}"))
                            .getNumber("n")
                            .intValue());
        }
    }
}
