package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing a real client was told is written is lost or written twice when {@code serve --data-file} is stopped
 * (SIGTERM) and started again: the Node.js driver ({@value RealNodeDriver#VERSION}) writing with its retryable writes
 * while serve goes down and comes back on the same port (its automatic retry of the write in flight reaches the new
 * process, which answers it from the data file's retryable writes), and mongosh's documents, indexes and chunks
 * across a restart.
 */
class DurableServeTest {

    /** The longest the driver's 600 orders may take, restart included (about 10 s on this machine). */
    private static final Duration WRITER_LIMIT = Duration.ofMinutes(3);

    @TempDir
    Path dir;

    /**
     * The driver's script: {@code N} orders, each an insert and a {@code $inc} of a counter, each acknowledged one
     * way or the other; it prints {@code acked I} every 50 and finally what it was told and what it reads.
     */
    private static final String WRITER = """
            const { MongoClient } = require(process.env.DRIVER);
            (async () => {
              const client = new MongoClient(process.env.URI, {
                appName: 'durable', directConnection: true, serverSelectionTimeoutMS: 60000 });
              const db = client.db('shop');
              const inserted = [], failures = [];
              let incs = 0, incFailures = 0;
              for (let i = 1; i <= Number(process.env.N); i++) {
                try {
                  await db.collection('orders').insertOne({ _id: i, customer: 'c' + (i % 37) });
                  inserted.push(i);
                } catch (e) {
                  failures.push('insert ' + i + ': ' + e.code + ' ' + e.message);
                  console.log('failed insert ' + i + ': ' + e.code + ' ' + e.message);
                }
                try {
                  await db.collection('counters').updateOne({ _id: 'orders' }, { $inc: { n: 1 } }, { upsert: true });
                  incs++;
                } catch (e) {
                  incFailures++;
                  failures.push('$inc ' + i + ': ' + e.code + ' ' + e.message);
                  console.log('failed $inc ' + i + ': ' + e.code + ' ' + e.message);
                }
                if (i % 50 === 0) console.log('acked ' + i);
              }
              const ids = new Set(await db.collection('orders').distinct('_id'));
              const lost = inserted.filter(i => !ids.has(i));
              const counter = (await db.collection('counters').findOne({ _id: 'orders' })).n;
              const count = await db.collection('orders').countDocuments();
              console.log('result ' + JSON.stringify({
                inserted: inserted.length, lost, count, incs, incFailures, counter, failures }));
              await client.close();
            })().catch(e => { console.log('error ' + String(e)); process.exit(1); });
            """;

    @Test
    void theNodeDriversWritesThroughAStopAndARestartAreAllKeptAndNoneIsDoubled() throws Exception {
        // given serve with a data file, and the driver writing 600 orders to it one at a time
        RealNodeDriver.Installed nodeDriver = RealNodeDriver.locate();
        int port = ServeProcess.freePort();
        Path dataFile = dir.resolve("class.data");
        Path script = Files.writeString(dir.resolve("writer.js"), WRITER);
        List<String> said = new ArrayList<>();
        String result;
        try (ServeProcess first = ServeProcess.start(port, dataFile, dir.resolve("first.err"))) {
            ProcessBuilder builder =
                    new ProcessBuilder(nodeDriver.node().toString(), script.toString()).redirectErrorStream(true);
            builder.environment().put("DRIVER", nodeDriver.driver().toString());
            builder.environment().put("URI", first.connectionString());
            builder.environment().put("N", "600");
            Process writer = builder.start();
            // a driver that never reaches the second serve fails the test with what it printed instead of hanging it
            CompletableFuture.runAsync(
                    writer::destroyForcibly,
                    CompletableFuture.delayedExecutor(WRITER_LIMIT.toSeconds(), TimeUnit.SECONDS));
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
                // when serve is stopped in the middle of the writes and started again on the same port and file
                waitFor(out, "acked 200");
                said.add(first.terminate());
                try (ServeProcess second = ServeProcess.start(port, dataFile, dir.resolve("second.err"))) {
                    result = waitFor(out, "result ");
                    said.add(second.terminate());
                }
            } finally {
                writer.destroyForcibly();
            }
        }

        // then every order the driver was told is written is there once, the counter counts each $inc once, and the
        // driver saw no failure (its retry of the write in flight was answered by the second serve)
        BsonDocument r = BsonDocument.parse(result.substring("result ".length()));
        assertTrue(r.getArray("failures").isEmpty(), result);
        assertEquals(600, r.getInt32("inserted").getValue(), result);
        assertEquals(0, r.getArray("lost").size(), result);
        assertEquals(600, r.getInt32("count").getValue(), result);
        assertEquals(600, r.getInt32("counter").getValue(), "each $inc counted once: " + result);
        assertTrue(said.get(0).contains(" documents in 2 collections saved to " + dataFile), said.get(0));
        assertTrue(said.get(1).contains("serve: 601 documents in 2 collections saved to " + dataFile), said.get(1));
    }

    /** What mongosh prints of the class's data: counts, indexes, the chunks per shard, the primary shard. */
    private static final String DESCRIBE = """
            const grades = db.getSiblingDB('school').grades;
            const chunks = db.getSiblingDB('config').chunks.aggregate([
              { $group: { _id: '$shard', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray();
            print(JSON.stringify({
              grades: grades.countDocuments(),
              top: grades.find({}, { _id: 0, student: 1, score: 1 }).sort({ score: -1, student: 1 }).limit(2).toArray(),
              notes: db.getSiblingDB('alice').notes.countDocuments(),
              indexes: grades.getIndexes().map(i => i.name),
              chunks,
              primary: db.getSiblingDB('config').databases.findOne({ _id: 'school' }).primary }));
            """;

    @Test
    void whatMongoshWroteComesBackAfterAStopAndARestart() throws Exception {
        // given mongosh's sharded collection, its documents, an index and a chunk moved, on serve with a data file
        Path mongosh = RealMongosh.locate();
        int port = ServeProcess.freePort();
        Path dataFile = dir.resolve("class.data");
        String before;
        String said;
        try (ServeProcess first = ServeProcess.start(port, dataFile, dir.resolve("first.err"))) {
            mongosh(mongosh, first.connectionString(), """
                    sh.enableSharding('school');
                    sh.shardCollection('school.grades', { student: 1 });
                    const docs = [];
                    for (let i = 0; i < 1000; i++) docs.push({ student: i, score: (i * 37) % 101 });
                    db.getSiblingDB('school').grades.insertMany(docs);
                    db.getSiblingDB('school').grades.createIndex({ score: -1 });
                    sh.splitAt('school.grades', { student: 500 });
                    const other = db.getSiblingDB('config').shards.find({}, { _id: 1 }).toArray()
                      .map(s => s._id).find(s => s !== db.getSiblingDB('config').databases.findOne({ _id: 'school' }).primary);
                    sh.moveChunk('school.grades', { student: 700 }, other);
                    db.getSiblingDB('alice').notes.insertOne({ text: 'hello' });
                    """);
            before = mongosh(mongosh, first.connectionString(), DESCRIBE);

            // when serve is stopped (SIGTERM) and started again from the file
            said = first.terminate();
        }
        String after;
        try (ServeProcess second = ServeProcess.start(port, dataFile, dir.resolve("second.err"))) {
            after = mongosh(mongosh, second.connectionString(), DESCRIBE);
            second.terminate();
        }

        // then mongosh reads what it read before: the documents, the index, the chunks and where they are
        assertTrue(before.contains("\"grades\":1000") && before.contains("score_-1"), before);
        assertEquals(before, after);
        assertTrue(said.contains("serve: 1001 documents in 2 collections saved to " + dataFile), said);
    }

    private static String mongosh(Path mongosh, String uri, String script) throws Exception {
        Process p = new ProcessBuilder(mongosh.toString(), uri, "--quiet", "--norc", "--eval", script)
                .redirectErrorStream(true)
                .start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "mongosh did not finish");
        assertEquals(0, p.exitValue(), printed);
        return printed.strip();
    }

    /** Reads the script's lines until one starts with {@code prefix}; that line. */
    private static String waitFor(BufferedReader out, String prefix) throws Exception {
        StringBuilder seen = new StringBuilder();
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith(prefix)) {
                return line;
            }
            seen.append(line).append('\n');
        }
        throw new AssertionError("the driver's script ended (or was stopped after " + WRITER_LIMIT.toMinutes()
                + " minutes) before '" + prefix + "':\n" + seen);
    }
}
