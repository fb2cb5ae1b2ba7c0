package io.shardlab.bson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The encoder writes exactly the bytes the driver's document codec writes, type by type. */
class DocumentEncoderTest {

    private static byte[] byCodec(BsonDocument document) {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            new BsonDocumentCodec()
                    .encode(writer, document, EncoderContext.builder().build());
        }
        return Arrays.copyOf(buffer.getInternalBuffer(), buffer.getPosition());
    }

    private static byte[] byEncoder(BsonDocument document) {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            DocumentEncoder.encode(writer, document);
        }
        return Arrays.copyOf(buffer.getInternalBuffer(), buffer.getPosition());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            {}
            {a: 1.5, b: -0.0, c: NaN, d: Infinity}
            {s: 'text', u: 'Grüße, 日本', e: ''}
            {n: {m: {o: 1}}, list: [1, 'two', [3, {four: 4}], []]}
            {bin: BinData(0, 'AQID'), uuid: UUID('0123456789abcdef0123456789abcdef')}
            {x: 1, _id: ObjectId('65a1b2c3d4e5f60718293a4b')}
            {t: true, f: false, nothing: null}
            {when: ISODate('2024-01-02T03:04:05.678Z'), ts: Timestamp(1700000000, 7)}
            {i: 2147483647, l: NumberLong('-9223372036854775808'), d: NumberDecimal('1.10')}
            {lo: MinKey(), hi: MaxKey()}
            {re: /ab+c/i, code: Code('function() {}')}
            {n: {"$numberInt": "5"}, undef: {"$undefined": true}, sym: {"$symbol": "s"}}
            {p: {"$dbPointer": {"$ref": "c", "$id": {"$oid": "65a1b2c3d4e5f60718293a4b"}}}, w: {"$code": "f", "$scope": {a: 1}}}
            """)
    void writesTheCodecsBytes(String mongosh) {
        BsonDocument document = BsonLiterals.parseDocument(mongosh);

        assertArrayEquals(byCodec(document), byEncoder(document));
    }
}
