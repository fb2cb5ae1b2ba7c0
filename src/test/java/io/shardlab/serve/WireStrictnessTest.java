package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.mongos.ShardedCatalog;
import io.shardlab.serve.RawWire.Connection;
import io.shardlab.serve.RawWire.Reply;
import io.shardlab.serve.RawWire.Sequence;
import io.shardlab.sim.SimulationConfig;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What ShardLab's mongos does with messages no driver sends, byte by byte over a socket, as a mongos of
 * the release does: {@code moreToCome}, checksums, OP_QUERY from 5.1, documents too large or too deep; and
 * the one log line of each connection it closes.
 */
class WireStrictnessTest {

    private final List<AutoCloseable> open = new ArrayList<>();
    private final List<String> log = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private MongosServer serve(String release) {
        ShardedCatalog catalog =
                new ShardedCatalog(SimulationConfig.of(MongoVersion.parseModelled(release)), List.of("shard01"));
        MongosServer server =
                MongosServer.start(new MongosServer.Settings(catalog, "127.0.0.1", 0, 0, 64L << 20, 10), log::add);
        open.add(server);
        return server;
    }

    private Connection connect(MongosServer server) throws Exception {
        Connection c = new Connection(server.port());
        open.add(c);
        return c;
    }

    private static BsonDocument doc(String json) {
        return BsonDocument.parse(json);
    }

    /** Waits (at most 10 s) for a log line starting with {@code prefix}; returns it. */
    private String logLine(String prefix) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            for (String line : log) {
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no log line starting with '" + prefix + "' in " + log);
    }

    @Test
    void aMoreToComeWriteIsAppliedWithoutAReplyAndTheConnectionServesTheNextCommand() throws Exception {
        MongosServer server = serve("8.0");
        Connection c = connect(server);

        c.send(RawWire.opMsg(
                1, 2, doc("{insert: 'orders', documents: [{_id: 1}, {_id: 2}], writeConcern: {w: 0}, $db: 'shop'}")));
        c.send(RawWire.opMsg(2, 0, doc("{count: 'orders', $db: 'shop'}")));
        Reply count = c.reply();

        assertEquals(2, count.responseTo(), "the first reply is the count's: the write got none");
        assertEquals(2, count.document().getNumber("n").intValue());
        assertEquals(1, server.clientCount());
    }

    @Test
    void aChecksummedMessageIsAnsweredAndAWrongChecksumClosesTheConnectionWithALogLine() throws Exception {
        MongosServer server = serve("8.0");
        Connection good = connect(server);
        Connection bad = connect(server);
        byte[] ping = RawWire.withChecksum(RawWire.opMsg(5, 0, doc("{ping: 1, $db: 'admin'}")));
        byte[] corrupted = ping.clone();
        corrupted[corrupted.length - 2] ^= 0x11;

        good.send(ping);
        bad.send(corrupted);

        assertEquals(1.0, good.reply().document().getNumber("ok").doubleValue());
        assertTrue(bad.closedByServer());
        assertTrue(
                logLine("closed the connection of 127.0.0.1:")
                        .endsWith(": message refused, ChecksumMismatch (288): OP_MSG checksum does not match contents"),
                log.toString());
    }

    @ParameterizedTest(name = "MongoDB {0}: OP_QUERY find -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            4.4 | answered
            5.0 | answered
            5.1 | Unsupported OP_QUERY command: find
            6.0 | Unsupported OP_QUERY command: find. The client driver may require an upgrade. For more details see https://dochub.mongodb.org/core/legacy-opcode-removal
            8.0 | Unsupported OP_QUERY command: find. The client driver may require an upgrade. For more details see https://dochub.mongodb.org/core/legacy-opcode-removal
            """)
    void opQueryCommandsOtherThanTheHandshakeAreRefusedFrom51(String release, String outcome) throws Exception {
        Connection c = connect(serve(release));

        c.send(RawWire.opQuery(1, "admin.$cmd", doc("{isMaster: 1}")));
        Reply handshake = c.reply();
        c.send(RawWire.opQuery(2, "shop.$cmd", doc("{find: 'orders', filter: {}}")));
        Reply find = c.reply();

        assertEquals("isdbgrid", handshake.document().getString("msg").getValue());
        if (outcome.equals("answered")) {
            assertEquals(
                    1.0,
                    find.document().getNumber("ok").doubleValue(),
                    find.document().toJson());
        } else {
            assertEquals(
                    doc("{ok: 0.0, errmsg: '" + outcome + "', code: 352, codeName: 'UnsupportedOpQueryCommand'}"),
                    find.document());
            assertEquals(0, find.flags(), "a command's reply: no QueryFailure flag");
        }
    }

    @Test
    void aLegacyFindOn80IsAQueryFailure() throws Exception {
        Connection c = connect(serve("8.0"));

        c.send(RawWire.opQuery(3, "shop.orders", doc("{}")));
        Reply reply = c.reply();

        assertEquals(WireReply.QUERY_FAILURE, reply.flags());
        assertEquals(
                doc(
                        "{$err: 'OP_QUERY is no longer supported. The client driver may require an upgrade. For more "
                                + "details see https://dochub.mongodb.org/core/legacy-opcode-removal', code: 5739101, ok: 0.0}"),
                reply.document());
    }

    @Test
    void a17MegabyteDocumentIsRefusedAsBsonObjectTooLargeAndTheConnectionStays() throws Exception {
        MongosServer server = serve("8.0");
        Connection c = connect(server);
        BsonDocument insert = new BsonDocument("insert", new BsonString("files"))
                .append(
                        "documents",
                        new BsonArray(List.of(new BsonDocument("_id", new BsonInt32(1))
                                .append("blob", new BsonString("x".repeat(17 * 1024 * 1024))))))
                .append("$db", new BsonString("shop"));

        c.send(RawWire.opMsg(1, 0, insert));
        Reply refused = c.reply();
        c.send(RawWire.opMsg(2, 0, doc("{ping: 1, $db: 'admin'}")));
        Reply ping = c.reply();

        assertEquals(10334, refused.document().getInt32("code").getValue());
        assertEquals(
                "BSONObjectTooLarge", refused.document().getString("codeName").getValue());
        assertTrue(
                refused.document()
                        .getString("errmsg")
                        .getValue()
                        .matches("BSONObj size: \\d+ \\(0x[0-9A-F]+\\) is invalid\\. Size must be between 0 and "
                                + "16793600\\(16MB\\) First element: insert: \"files\""),
                refused.document().toJson());
        assertEquals(1.0, ping.document().getNumber("ok").doubleValue());
    }

    @Test
    void aDocumentOfMoreThan16MegabytesInASequenceIsAShardsWriteError() throws Exception {
        MongosServer server = serve("8.0");
        Connection c = connect(server);
        BsonDocument big = new BsonDocument("_id", new BsonInt32(1)).append("blob", new BsonString(""));
        int size = RawWire.bson(big).length;
        big.put("blob", new BsonString("x".repeat(16 * 1024 * 1024 + 1 - size)));

        c.send(RawWire.opMsg(
                1, 0, doc("{insert: 'files', $db: 'shop'}"), new Sequence("documents", List.of(big, doc("{_id: 2}")))));
        Reply reply = c.reply();

        assertEquals(
                doc("{n: 0, ok: 1.0, writeErrors: [{index: 0, code: 2, errmsg: 'object to insert too large. size in "
                        + "bytes: 16777217, max size: 16777216'}]}"),
                reply.document());
    }

    @ParameterizedTest(name = "{0} levels")
    @CsvSource(textBlock = """
            201
            10000
            """)
    void aMessageNestedPast200LevelsIsAnsweredAsOverflowAndTheConnectionStays(int levels) throws Exception {
        MongosServer server = serve("8.0");
        Connection c = connect(server);

        c.send(RawWire.opMsg(1, 0, RawWire.insertNested("deep", "shop", levels)));
        Reply refused = c.reply();
        c.send(RawWire.opMsg(2, 0, doc("{count: 'deep', $db: 'shop'}")));
        Reply count = c.reply();

        assertEquals(15, refused.document().getInt32("code").getValue());
        assertTrue(
                refused.document()
                        .getString("errmsg")
                        .getValue()
                        .startsWith("BSONObj exceeds maximum nested object depth in element with field name "
                                + "'documents.0.a.a."),
                refused.document().getString("errmsg").getValue());
        assertEquals(0, count.document().getNumber("n").intValue());
    }

    @ParameterizedTest(name = "a document nested {0} levels: stored {1}")
    @CsvSource(textBlock = """
            179, true
            180, false
            """)
    void aShardStoresDocumentsNestedAtMost179Levels(int depth, boolean stored) throws Exception {
        MongosServer server = serve("8.0");
        Connection c = connect(server);

        c.send(RawWire.opMsg(1, 0, RawWire.insertNested("deep", "shop", depth + 2)));
        Reply reply = c.reply();

        if (stored) {
            assertEquals(doc("{n: 1, ok: 1.0}"), reply.document());
        } else {
            assertEquals(
                    doc("{n: 0, ok: 1.0, writeErrors: [{index: 0, code: 15, errmsg: 'cannot insert document because "
                            + "it exceeds 180 levels of nesting'}]}"),
                    reply.document());
        }
    }

    @Test
    void aMalformedMessageClosesThatConnectionWithALogLineAndOthersStay() throws Exception {
        MongosServer server = serve("8.0");
        Connection other = connect(server);
        other.send(RawWire.opMsg(1, 0, doc("{ping: 1, $db: 'admin'}")));
        other.reply();
        Connection bad = connect(server);

        bad.send(ByteBuffer.allocate(16)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(100_000_000)
                .putInt(1)
                .putInt(0)
                .putInt(2013)
                .array());

        assertTrue(bad.closedByServer());
        assertEquals(
                "malformed message: recv(): message msgLen 100000000 is invalid. Min 16 Max: 48000000",
                logLine("closed the connection of 127.0.0.1:").replaceFirst("^[^:]*:[^:]*: ", ""));
        other.send(RawWire.opMsg(2, 0, doc("{ping: 1, $db: 'admin'}")));
        assertEquals(2, other.reply().responseTo());
    }

    @Test
    void anUnknownRequiredFlagClosesTheConnection() throws Exception {
        Connection c = connect(serve("8.0"));

        c.send(RawWire.opMsg(1, 1 << 4, doc("{ping: 1, $db: 'admin'}")));

        assertTrue(c.closedByServer());
        assertFalse(logLine("closed the connection of").isEmpty());
    }
}
