package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The checks of every document of a message: nesting (mongo {@code src/mongo/bson/bson_validate.cpp},
 * 200 levels, {@code bson_depth.h}) and size ({@code src/mongo/bson/bsonobj.cpp}
 * {@code BSONObj::_assertInvalid}, 16 MB + 16 KB), with MongoDB's texts.
 */
class MessageDocumentCheckTest {

    @ParameterizedTest(name = "{0} levels below the body on {1}: {2}")
    @CsvSource(textBlock = """
            200,   8.0, accepted
            201,   8.0, refused
            10000, 8.0, refused
            201,   5.0, refused
            201,   4.4, refused in 4.4's words
            """)
    void aMessageDocumentNestsAtMost200Levels(int levels, String release, String outcome) {
        byte[] body = RawWire.insertNested("c", "test", levels);
        MessageDocumentCheck check = new MessageDocumentCheck("4.4".equals(release));

        if (outcome.equals("accepted")) {
            assertEquals(body.length, check.check(body, 0, body.length));
            return;
        }
        WireError e = assertThrows(WireError.class, () -> check.check(body, 0, body.length));

        assertEquals(15, e.code());
        assertEquals("Overflow", e.codeName());
        assertFalse(e.closesConnection(), "answered: the message was read whole");
        if (outcome.equals("refused in 4.4's words")) {
            assertEquals("BSONObj exceeded maximum nested object depth: 200", e.getMessage());
        } else {
            // frames 1..200 opened by documents, 0, then 198 a's; the 201st is the element that failed
            String path = "documents.0." + "a.".repeat(198) + "a";
            assertEquals(
                    "BSONObj exceeds maximum nested object depth in element with field name '" + path
                            + "' in object with unknown _id",
                    e.getMessage());
        }
    }

    @Test
    void theTopLevelIdNamesTheObjectInTheDepthText() {
        BsonDocument deep = new BsonDocument("x", new BsonInt32(1));
        for (int i = 0; i < 201; i++) {
            deep = new BsonDocument("a", deep);
        }
        BsonDocument document = new BsonDocument("_id", new BsonInt32(7)).append("a", deep);
        byte[] bytes = RawWire.bson(document);

        WireError e =
                assertThrows(WireError.class, () -> new MessageDocumentCheck(false).check(bytes, 0, bytes.length));

        assertTrue(e.getMessage().endsWith("' in object with _id: 7"), e.getMessage());
    }

    /**
     * The sizes of the mongo-c-driver's OP_MSG limit checks against a server: a body of exactly 16 MB + 16
     * KB passes, one byte more is refused with "BSONObj size: 16793601 (0x1004001) is invalid. Size must be
     * between 0 and 16793600(16MB)".
     */
    @ParameterizedTest(name = "body of 16 MB + 16 KB + {0} bytes")
    @CsvSource(textBlock = """
            0, accepted
            1, 'BSONObj size: 16793601 (0x1004001) is invalid. Size must be between 0 and 16793600(16MB) First element: insert: "coll"'
            """)
    void aMessageDocumentIsAtMost16MegabytesAnd16Kilobytes(int extra, String outcome) {
        BsonDocument body = new BsonDocument("insert", new BsonString("coll"))
                .append("$db", new BsonString("db"))
                .append("pad", new BsonString(""));
        int size = RawWire.bson(body).length;
        body.put("pad", new BsonString("a".repeat(MessageDocumentCheck.MAX_INTERNAL_SIZE + extra - size)));
        byte[] bytes = RawWire.bson(body);
        MessageDocumentCheck check = new MessageDocumentCheck(false);

        if (outcome.equals("accepted")) {
            assertEquals(MessageDocumentCheck.MAX_INTERNAL_SIZE, check.check(bytes, 0, bytes.length));
            return;
        }
        WireError e = assertThrows(WireError.class, () -> check.check(bytes, 0, bytes.length));

        assertEquals(10334, e.code());
        assertEquals("BSONObjectTooLarge", e.codeName());
        assertEquals(outcome, e.getMessage());
        assertFalse(e.closesConnection());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            {insert: "coll"}                             | insert: "coll"
            {ping: 1}                                    | ping: 1
            {ping: 1.0}                                  | ping: 1.0
            {n: 2.5}                                     | n: 2.5
            {n: {$numberLong: "12"}}                     | n: 12
            {ok: true}                                   | ok: true
            {v: null}                                    | v: null
            {_id: {$oid: "65a1b2c3d4e5f60718293a4b"}}    | _id: ObjectId('65a1b2c3d4e5f60718293a4b')
            """)
    void anElementIsDescribedAsBsonElementToStringWritesIt(String json, String text) {
        byte[] bytes = RawWire.bson(BsonDocument.parse(json));

        assertEquals(text, MessageDocumentCheck.describe(bytes, 4));
    }

    @Test
    void aDocumentThatIsNotWellFormedClosesTheConnectionAsInvalidBson() {
        byte[] bytes = RawWire.bson(BsonDocument.parse("{a: 'text'}"));
        bytes[bytes.length - 1] = 7;

        WireError e =
                assertThrows(WireError.class, () -> new MessageDocumentCheck(false).check(bytes, 0, bytes.length));

        assertEquals(22, e.code());
        assertTrue(e.closesConnection());
    }
}
