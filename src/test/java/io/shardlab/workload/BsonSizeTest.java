package io.shardlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinaryWriter;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDbPointer;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BsonSizeTest {

    static int encodedLength(BsonDocument document) {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            new BsonDocumentCodec()
                    .encode(writer, document, EncoderContext.builder().build());
        }
        return buffer.getPosition();
    }

    @ParameterizedTest(name = "{0} is {1} bytes")
    @CsvSource(delimiter = '|', textBlock = """
            {}                                   | 5
            {a: 1}                               | 12
            {a: NumberLong(1)}                   | 16
            {_id: ObjectId('65a1b2c3d4e5f60718293a4b')} | 22
            {s: 'abc'}                           | 16
            {s: 'é'}                             | 15
            {a: [1, 2]}                          | 27
            {a: {b: null}}                       | 16
            """)
    void knownSizesMatchTheBsonSpecification(String document, int expected) {
        BsonDocument doc = io.shardlab.bson.BsonLiterals.parseDocument(document);

        assertEquals(expected, BsonSize.of(doc));
        assertEquals(expected, encodedLength(doc));
    }

    @Test
    void equalsTheEncodedLengthForRandomDocumentsOfEveryType() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 2_000; i++) {
            BsonDocument doc = randomDocument(random, 0);

            assertEquals(encodedLength(doc), BsonSize.of(doc), () -> "for " + doc.toJson());
        }
    }

    @Test
    void arraysWithMoreThanTenElementsUseLongerIndexNames() {
        BsonArray array = new BsonArray();
        for (int i = 0; i < 1_234; i++) {
            array.add(new BsonInt32(i));
        }
        BsonDocument doc = new BsonDocument("a", array);

        assertEquals(encodedLength(doc), BsonSize.of(doc));
    }

    private static BsonDocument randomDocument(SplittableRandom random, int depth) {
        BsonDocument doc = new BsonDocument();
        int fields = random.nextInt(6);
        for (int f = 0; f < fields; f++) {
            doc.append(randomString(random) + f, randomValue(random, depth));
        }
        return doc;
    }

    private static BsonValue randomValue(SplittableRandom random, int depth) {
        int kind = random.nextInt(depth < 3 ? 22 : 19);
        return switch (kind) {
            case 0 -> new BsonDouble(random.nextDouble());
            case 1 -> new BsonInt32(random.nextInt());
            case 2 -> new BsonInt64(random.nextLong());
            case 3 -> new BsonDecimal128(Decimal128.parse(Long.toString(random.nextLong())));
            case 4 -> new BsonString(randomString(random));
            case 5 -> new BsonSymbol(randomString(random));
            case 6 -> new BsonJavaScript(randomString(random));
            case 7 -> new BsonBinary((byte) 0, bytes(random));
            case 8 -> new BsonBinary((byte) 2, bytes(random));
            case 9 -> new BsonObjectId(new ObjectId());
            case 10 -> BsonBoolean.valueOf(random.nextBoolean());
            case 11 -> new BsonDateTime(random.nextLong());
            case 12 -> new BsonTimestamp(random.nextLong());
            case 13 -> new BsonRegularExpression(randomString(random), "im");
            case 14 -> new BsonDbPointer(randomString(random), new ObjectId());
            case 15 -> BsonNull.VALUE;
            case 16 -> new BsonUndefined();
            case 17 -> new BsonMinKey();
            case 18 -> new BsonMaxKey();
            case 19 -> randomDocument(random, depth + 1);
            case 20 -> {
                BsonArray a = new BsonArray();
                int n = random.nextInt(14);
                for (int i = 0; i < n; i++) {
                    a.add(randomValue(random, depth + 1));
                }
                yield a;
            }
            default -> new BsonJavaScriptWithScope(randomString(random), randomDocument(random, depth + 1));
        };
    }

    private static byte[] bytes(SplittableRandom random) {
        byte[] b = new byte[random.nextInt(20)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) random.nextInt(256);
        }
        return b;
    }

    /** Strings over ASCII, 2- and 3-byte characters and surrogate pairs (4-byte UTF-8). */
    private static String randomString(SplittableRandom random) {
        StringBuilder b = new StringBuilder();
        int n = random.nextInt(8);
        for (int i = 0; i < n; i++) {
            switch (random.nextInt(4)) {
                case 0 -> b.append((char) ('a' + random.nextInt(26)));
                case 1 -> b.append('é');
                case 2 -> b.append('€');
                default -> b.appendCodePoint(0x1F600 + random.nextInt(50));
            }
        }
        return b.toString();
    }
}
