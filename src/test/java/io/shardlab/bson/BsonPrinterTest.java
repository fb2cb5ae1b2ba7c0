package io.shardlab.bson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.bson.BsonDouble;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** BsonPrinter writes canonical/relaxed Extended JSON, mongosh syntax and the server's toString. */
class BsonPrinterTest {

    private final RandomBsonValues random = new RandomBsonValues(4242L);

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            NumberLong(5)                                    | Long('5')
            5                                                | 5
            2.5                                              | 2.5
            1e20                                             | 100000000000000000000
            1e21                                             | 1e+21
            -2.5e-8                                          | -2.5e-8
            -0.0                                             | -0
            NaN                                              | NaN
            NumberDecimal('1.50')                            | Decimal128('1.50')
            "it's"                                           | 'it\\'s'
            MinKey                                           | MinKey()
            MaxKey                                           | MaxKey()
            { a: 1, 'b.c': 'x', $d: null }                   | { a: 1, 'b.c': 'x', $d: null }
            [ 1, [] ]                                        | [ 1, [] ]
            {}                                               | {}
            ObjectId('47cc67093475061e3d95369d')             | ObjectId('47cc67093475061e3d95369d')
            new Date(0)                                      | ISODate('1970-01-01T00:00:00.000Z')
            new Date(-62198755200000)                        | new Date(-62198755200000)
            Timestamp(1, 2)                                  | Timestamp({ t: 1, i: 2 })
            BinData(0, 'AAEC')                               | Binary.createFromBase64('AAEC', 0)
            UUID('00010203-0405-0607-0809-0a0b0c0d0e0f')     | UUID('00010203-0405-0607-0809-0a0b0c0d0e0f')
            /a.c/i                                           | /a.c/i
            BSONRegExp('a/b', '')                            | RegExp('a/b', '')
            BSONSymbol('s')                                  | BSONSymbol('s')
            Code('f()', { a: 1 })                            | Code('f()', { a: 1 })
            DBPointer('db.c', ObjectId('010203040506070809101112')) | DBPointer('db.c', ObjectId('010203040506070809101112'))
            undefined                                        | undefined
            """)
    void printsMongoshSyntax(String literal, String shell) {
        assertEquals(shell, BsonPrinter.shell(BsonLiterals.parseValue(literal)));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            NumberLong(5)       | {"$numberLong": "5"}                           | 5
            5                   | {"$numberInt": "5"}                            | 5
            1.0                 | {"$numberDouble": "1.0"}                       | 1.0
            new Date(0)         | {"$date": {"$numberLong": "0"}}                | {"$date": "1970-01-01T00:00:00Z"}
            MinKey              | {"$minKey": 1}                                 | {"$minKey": 1}
            { a: Long('1') }    | {"a": {"$numberLong": "1"}}                    | {"a": 1}
            """)
    void printsExtendedJson(String literal, String canonical, String relaxed) {
        BsonValue value = BsonLiterals.parseValue(literal);
        assertEquals(canonical, BsonPrinter.canonicalJson(value));
        assertEquals(relaxed, BsonPrinter.relaxedJson(value));
    }

    /**
     * The server's {@code BSONElement::toString} (bsonelement.cpp) and {@code appendDoubleNice}
     * (util/str.h: {@code %.16g}, then ".0" unless the text has '.', 'E' or 'N').
     */
    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            { a: 'hashed', b: 1 }                             | { a: "hashed", b: 1 }
            { a: 1.0, b: -1.0, c: 1.5, d: 0.1 }               | { a: 1.0, b: -1.0, c: 1.5, d: 0.1 }
            { a: 1e20, b: 1e-5, c: 1e16, d: 1e15 }            | { a: 1e+20.0, b: 1e-05.0, c: 1e+16.0, d: 1000000000000000.0 }
            { a: 123456789012345680000.0 }                    | { a: 1.234567890123457e+20 }
            { a: NaN, b: Infinity, c: -Infinity, d: -0.0 }    | { a: nan.0, b: inf.0, c: -inf.0, d: -0.0 }
            { a: NumberLong(5), b: NumberDecimal('1.50') }    | { a: 5, b: 1.50 }
            { a: [], b: [ 1, 'x' ], c: {} }                   | { a: [], b: [ 1, "x" ], c: {} }
            { a: MinKey, b: MaxKey, c: null, d: undefined }   | { a: MinKey, b: MaxKey, c: null, d: undefined }
            { a: new Date(1), b: Timestamp(1, 2) }            | { a: new Date(1), b: Timestamp(1, 2) }
            { a: BinData(0, 'AAEC'), b: UUID('00010203-0405-0607-0809-0a0b0c0d0e0f') } | { a: BinData(0, 000102), b: UUID("00010203-0405-0607-0809-0a0b0c0d0e0f") }
            { a: /x/i, b: ObjectId('010203040506070809101112') } | { a: /x/i, b: ObjectId('010203040506070809101112') }
            { a: DBPointer('db.c', ObjectId('010203040506070809101112')) } | { a: DBRef('db.c',010203040506070809101112) }
            { a: Code('f()'), b: Code('g()', { x: 1 }) }      | { a: f(), b: CodeWScope( g(), { x: 1 }) }
            { a: true, b: BSONSymbol('s') }                   | { a: true, b: "s" }
            """)
    void printsLikeTheServer(String literal, String server) {
        assertEquals(server, BsonPrinter.serverString(BsonLiterals.parseValue(literal)));
    }

    @Test
    void serverCutsLongStrings() {
        String longText = "x".repeat(200);
        assertEquals("\"" + "x".repeat(150) + "...\"", BsonPrinter.serverString(new org.bson.BsonString(longText)));
        assertEquals("\"" + "x".repeat(159) + "\"", BsonPrinter.serverString(new org.bson.BsonString("x".repeat(159))));
        assertEquals(
                "\"" + "x".repeat(150) + "...\"", BsonPrinter.serverString(new org.bson.BsonString("x".repeat(160))));
    }

    @Test
    void printfG16MatchesC() {
        assertEquals("0.3333333333333333", BsonPrinter.printfG16(1.0 / 3));
        assertEquals("9.223372036854776e+18", BsonPrinter.printfG16(9.223372036854775808E18));
        assertEquals("1.797693134862316e+308", BsonPrinter.printfG16(Double.MAX_VALUE));
        assertEquals("4.940656458412465e-324", BsonPrinter.printfG16(Double.MIN_VALUE));
        assertEquals("0.0001", BsonPrinter.printfG16(1e-4));
        assertEquals("1e-05", BsonPrinter.printfG16(1e-5));
        assertEquals("100", BsonPrinter.printfG16(100));
        assertEquals("-nan", BsonPrinter.printfG16(Double.longBitsToDouble(0xfff8000000000000L)));
        assertEquals("1.0", BsonPrinter.doubleNice(1));
        assertEquals("1.0", BsonPrinter.serverString(new BsonDouble(1)));
    }

    @Test
    void shellTextReadsBackAsAnEquivalentValue() {
        for (int i = 0; i < 20_000; i++) {
            BsonValue value = random.next();
            String shell = BsonPrinter.shell(value);
            BsonValue back = BsonLiterals.parseValue(shell);
            assertEquals(
                    0, BsonOrder.compareValues(value, back), () -> shell + " read back as " + BsonPrinter.shell(back));
            assertEquals(
                    back,
                    BsonLiterals.parseValue(BsonPrinter.shell(back)),
                    () -> "a second round trip is exact: " + shell);
        }
    }

    @Test
    void canonicalJsonReadsBackAsTheSameValue() {
        for (int i = 0; i < 20_000; i++) {
            BsonValue value = random.next();
            String json = BsonPrinter.canonicalJson(value);
            assertEquals(value, BsonLiterals.parseValue(json), json);
        }
    }

    @Test
    void relaxedJsonReadsBackAsAnEquivalentValue() {
        for (int i = 0; i < 20_000; i++) {
            BsonValue value = random.next();
            String json = BsonPrinter.relaxedJson(value);
            assertEquals(0, BsonOrder.compareValues(value, BsonLiterals.parseValue(json)), json);
        }
    }
}
