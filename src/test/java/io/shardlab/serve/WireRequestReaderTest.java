package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.serve.RawWire.Sequence;
import java.util.List;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reading a client's message as mongos reads it. The cases are mongo {@code src/mongo/rpc/op_msg_test.cpp}'s
 * ({@code OpMsgParser} tests, named in each row), with the texts of {@code src/mongo/rpc/op_msg.cpp}.
 */
class WireRequestReaderTest {

    private final WireRequestReader reader = new WireRequestReader(new MessageDocumentCheck(false));

    private static BsonDocument doc(String json) {
        return BsonDocument.parse(json);
    }

    private static Sequence sequence(String name, String... documents) {
        return new Sequence(name, Stream.of(documents).map(BsonDocument::parse).toList());
    }

    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of("FailsIfNoBody", RawWire.opMsg(1, 0), 40587, "OP_MSG messages must have a body"),
                Arguments.of(
                        "FailsIfNoBodyEvenWithSequence",
                        RawWire.opMsg(1, 0, sequence("docs")),
                        40587,
                        "OP_MSG messages must have a body"),
                Arguments.of(
                        "FailsIfTwoBodies",
                        RawWire.opMsg(1, 0, doc("{ping: 1}"), doc("{pong: 1}")),
                        40430,
                        "Multiple body sections in message"),
                Arguments.of(
                        "FailsIfDuplicateSequences",
                        RawWire.opMsg(1, 0, doc("{ping: 1}"), sequence("docs"), sequence("docs")),
                        40431,
                        "Duplicate document sequence: docs"),
                Arguments.of(
                        "FailsIfDuplicateSequenceWithBody",
                        RawWire.opMsg(1, 0, doc("{ping: 1, docs: []}"), sequence("docs")),
                        40433,
                        "Duplicate field between body and document sequence docs"),
                Arguments.of(
                        "FailsIfDuplicateSequenceWithBodyNested",
                        RawWire.opMsg(1, 0, doc("{ping: 1, a: {b: []}}"), sequence("a.b")),
                        40433,
                        "Duplicate field between body and document sequence a.b"),
                Arguments.of(
                        "FailsIfUnknownSectionKind",
                        RawWire.opMsg(1, 0, (byte) 0x99, doc("{}")),
                        40432,
                        "Unknown section kind 153"));
    }

    @ParameterizedTest(name = "{0}: {2} {3}")
    @MethodSource("refusals")
    void aMalformedOpMsgIsRefusedWithMongosCodeAndTextAndAnswered(
            String mongoTest, byte[] message, int code, String text) {
        WireError e = assertThrows(WireError.class, () -> reader.read(message));

        assertEquals(code, e.code());
        assertEquals("Location" + code, e.codeName());
        assertEquals(text, e.getMessage());
        assertFalse(e.closesConnection());
    }

    @Test
    void failsIfTooManyDocumentSequencesAndClosesTheConnection() {
        byte[] message = RawWire.opMsg(1, 0, doc("{ping: 1}"), sequence("foo"), sequence("bar"), sequence("baz"));

        WireError e = assertThrows(WireError.class, () -> reader.read(message));

        assertEquals(233, e.code());
        assertEquals("TooManyDocumentSequences", e.codeName());
        assertEquals("Too many document sequences in OP_MSG", e.getMessage());
        assertTrue(e.closesConnection(), "ConnectionFatalMessageParseError");
    }

    @ParameterizedTest(name = "flag bit {0}")
    @ValueSource(ints = {2, 3, 7, 8, 15})
    void failsWithUnknownRequiredFlagsAndClosesTheConnection(int bit) {
        byte[] message = RawWire.opMsg(1, 1 << bit, doc("{ping: 1, $db: 'admin'}"));

        WireError e = assertThrows(WireError.class, () -> reader.read(message));

        assertEquals(223, e.code());
        assertEquals("IllegalOpMsgFlag", e.codeName());
        String bits = "0".repeat(31 - bit) + "1" + "0".repeat(bit);
        assertEquals("Message contains illegal flags value: Ob" + bits, e.getMessage());
        assertTrue(e.closesConnection());
    }

    @ParameterizedTest(name = "flag bit {0}")
    @ValueSource(ints = {16, 17, 24, 31})
    void succeedsWithUnknownOptionalFlags(int bit) {
        WireRequest request = reader.read(RawWire.opMsg(1, 1 << bit, doc("{ping: 1, $db: 'admin'}")));

        assertEquals(doc("{ping: 1, $db: 'admin'}"), ((WireRequest.Msg) request).body());
    }

    @Test
    void succeedsWithChecksumAndFailsWithChecksumMismatchClosingTheConnection() {
        byte[] message = RawWire.withChecksum(RawWire.opMsg(1, 0, doc("{ping: 1, $db: 'admin'}")));
        byte[] corrupted = message.clone();
        corrupted[corrupted.length - 1] ^= 0x5a;

        WireRequest.Msg read = (WireRequest.Msg) reader.read(message);
        WireError e = assertThrows(WireError.class, () -> reader.read(corrupted));

        assertEquals("admin", read.database());
        assertEquals(288, e.code());
        assertEquals("ChecksumMismatch", e.codeName());
        assertEquals("OP_MSG checksum does not match contents", e.getMessage());
        assertTrue(e.closesConnection());
    }

    @Test
    void sequencesJoinTheBodyAsArraysWhateverTheirPlace() {
        WireRequest.Msg bodyFirst = (WireRequest.Msg)
                reader.read(RawWire.opMsg(1, 0, doc("{ping: 1}"), sequence("docs", "{a: 1}", "{a: 2}")));
        WireRequest.Msg sequenceFirst =
                (WireRequest.Msg) reader.read(RawWire.opMsg(1, 0, sequence("docs", "{a: 1}"), doc("{ping: 1}")));
        WireRequest.Msg commonPrefix = (WireRequest.Msg) reader.read(RawWire.opMsg(
                1, 0, doc("{cursor: {ns: 'foo.bar', id: 1}}"), sequence("cursor.firstBatch", "{_id: 1}")));

        assertEquals(doc("{ping: 1, docs: [{a: 1}, {a: 2}]}"), bodyFirst.body());
        assertEquals(doc("{ping: 1, docs: [{a: 1}]}"), sequenceFirst.body());
        assertEquals(List.of("cursor.firstBatch"), List.copyOf(commonPrefix.sequences()));
    }

    @Test
    void aBodyWithoutDbIsRefusedWhenItsDatabaseIsAsked() {
        WireRequest.Msg request = (WireRequest.Msg) reader.read(RawWire.opMsg(1, 0, doc("{ping: 1}")));

        WireError e = assertThrows(WireError.class, request::database);

        assertEquals(40571, e.code());
        assertEquals("OP_MSG requests require a $db argument", e.getMessage());
    }

    @Test
    void theMoreToComeBitAsksForNoReply() {
        WireRequest.Msg w0 = (WireRequest.Msg) reader.read(RawWire.opMsg(1, 2, doc("{insert: 'c', $db: 'test'}")));
        WireRequest.Msg acknowledged =
                (WireRequest.Msg) reader.read(RawWire.opMsg(2, 0, doc("{insert: 'c', $db: 'test'}")));

        assertTrue(w0.moreToCome());
        assertFalse(acknowledged.moreToCome());
    }

    @Test
    void anOpQueryCommandIsReadWithItsDollarQueryUnwrapped() {
        WireRequest.Query query = (WireRequest.Query) reader.read(RawWire.opQuery(
                7, "admin.$cmd", doc("{$query: {isMaster: 1}, $readPreference: {mode: 'primaryPreferred'}}")));

        assertEquals(7, query.requestId());
        assertEquals("admin", query.database());
        assertTrue(query.isCommand());
        assertEquals(doc("{isMaster: 1}"), query.command());
    }

    @Test
    void anUnknownOpcodeIsAMalformedMessage() {
        byte[] message = RawWire.opMsg(1, 0, doc("{ping: 1}"));
        message[12] = (byte) 0xd2; // 2002, OP_INSERT
        message[13] = 0x07;

        WireRequestReader.MalformedMessage e =
                assertThrows(WireRequestReader.MalformedMessage.class, () -> reader.read(message));

        assertEquals("opCode 2002 is not supported", e.getMessage());
    }
}
