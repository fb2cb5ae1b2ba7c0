package io.shardlab.bson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** BsonLiterals reads Extended JSON v2 (canonical and relaxed), legacy shell and mongosh literals. */
class BsonLiteralsTest {

    /** Each literal parses to the value whose canonical Extended JSON v2 is given. */
    @ParameterizedTest(name = "[{index}] {0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            canonical EJSON   | {"$numberInt": "5"}                                   | {"$numberInt": "5"}
            canonical EJSON   | {"$numberLong": "5"}                                  | {"$numberLong": "5"}
            canonical EJSON   | {"$numberDouble": "-0.0"}                             | {"$numberDouble": "-0.0"}
            canonical EJSON   | {"$numberDouble": "NaN"}                              | {"$numberDouble": "NaN"}
            canonical EJSON   | {"$numberDecimal": "1.5"}                             | {"$numberDecimal": "1.5"}
            canonical EJSON   | {"$minKey": 1}                                        | {"$minKey": 1}
            canonical EJSON   | {"$maxKey": 1}                                        | {"$maxKey": 1}
            canonical EJSON   | {"$oid": "47cc67093475061e3d95369d"}                  | {"$oid": "47cc67093475061e3d95369d"}
            canonical EJSON   | {"$date": {"$numberLong": "-1"}}                      | {"$date": {"$numberLong": "-1"}}
            canonical EJSON   | {"$timestamp": {"t": 4294967295, "i": 2}}             | {"$timestamp": {"t": 4294967295, "i": 2}}
            canonical EJSON   | {"$binary": {"base64": "AAEC", "subType": "80"}}      | {"$binary": {"base64": "AAEC", "subType": "80"}}
            canonical EJSON   | {"$regularExpression": {"pattern": "a", "options": "i"}} | {"$regularExpression": {"pattern": "a", "options": "i"}}
            canonical EJSON   | {"$symbol": "abc"}                                    | {"$symbol": "abc"}
            canonical EJSON   | {"$code": "f()"}                                      | {"$code": "f()"}
            canonical EJSON   | {"$code": "f()", "$scope": {"a": {"$numberInt": "1"}}} | {"$code": "f()", "$scope": {"a": {"$numberInt": "1"}}}
            canonical EJSON   | {"$dbPointer": {"$ref": "db.c", "$id": {"$oid": "010203040506070809101112"}}} | {"$dbPointer": {"$ref": "db.c", "$id": {"$oid": "010203040506070809101112"}}}
            canonical EJSON   | {"$undefined": true}                                  | {"$undefined": true}
            relaxed EJSON     | 5                                                     | {"$numberInt": "5"}
            relaxed EJSON     | 3000000000                                            | {"$numberLong": "3000000000"}
            relaxed EJSON     | 1.5                                                   | {"$numberDouble": "1.5"}
            relaxed EJSON     | 1e300                                                 | {"$numberDouble": "1.0E+300"}
            relaxed EJSON     | {"$date": "2020-01-01T00:00:00Z"}                     | {"$date": {"$numberLong": "1577836800000"}}
            relaxed EJSON     | {"$uuid": "00010203-0405-0607-0809-0a0b0c0d0e0f"}     | {"$binary": {"base64": "AAECAwQFBgcICQoLDA0ODw==", "subType": "04"}}
            relaxed EJSON     | {"a": "x", "b": null, "c": true}                      | {"a": "x", "b": null, "c": true}
            legacy shell      | NumberLong(5)                                         | {"$numberLong": "5"}
            legacy shell      | NumberLong("-9223372036854775808")                    | {"$numberLong": "-9223372036854775808"}
            legacy shell      | NumberInt(5)                                          | {"$numberInt": "5"}
            legacy shell      | NumberDecimal("1.5")                                  | {"$numberDecimal": "1.5"}
            legacy shell      | ObjectId("47cc67093475061e3d95369d")                  | {"$oid": "47cc67093475061e3d95369d"}
            legacy shell      | ISODate("2020-01-01T00:00:00.123Z")                   | {"$date": {"$numberLong": "1577836800123"}}
            legacy shell      | new Date(0)                                           | {"$date": {"$numberLong": "0"}}
            legacy shell      | Timestamp(1, 2)                                       | {"$timestamp": {"t": 1, "i": 2}}
            legacy shell      | BinData(0, "AAEC")                                    | {"$binary": {"base64": "AAEC", "subType": "00"}}
            legacy shell      | HexData(0, "00ff")                                    | {"$binary": {"base64": "AP8=", "subType": "00"}}
            legacy shell      | UUID("00010203-0405-0607-0809-0a0b0c0d0e0f")          | {"$binary": {"base64": "AAECAwQFBgcICQoLDA0ODw==", "subType": "04"}}
            legacy shell      | MinKey                                                | {"$minKey": 1}
            legacy shell      | MaxKey                                                | {"$maxKey": 1}
            legacy shell      | /ab+c/i                                               | {"$regularExpression": {"pattern": "ab+c", "options": "i"}}
            legacy shell      | undefined                                             | {"$undefined": true}
            legacy shell      | -Infinity                                             | {"$numberDouble": "-Infinity"}
            mongosh           | Long('5')                                             | {"$numberLong": "5"}
            mongosh           | Long(5)                                               | {"$numberLong": "5"}
            mongosh           | Int32(5)                                              | {"$numberInt": "5"}
            mongosh           | Double(1)                                             | {"$numberDouble": "1.0"}
            mongosh           | Double('2.5')                                         | {"$numberDouble": "2.5"}
            mongosh           | Decimal128('1.5')                                     | {"$numberDecimal": "1.5"}
            mongosh           | Timestamp({ t: 1, i: 2 })                             | {"$timestamp": {"t": 1, "i": 2}}
            mongosh           | Timestamp({ i: 2, t: 1 })                             | {"$timestamp": {"t": 1, "i": 2}}
            mongosh           | Timestamp({ t: 4294967295, i: 4294967295 })           | {"$timestamp": {"t": 4294967295, "i": 4294967295}}
            mongosh           | MinKey()                                              | {"$minKey": 1}
            mongosh           | MaxKey()                                              | {"$maxKey": 1}
            mongosh           | Binary.createFromBase64('AAEC', 128)                  | {"$binary": {"base64": "AAEC", "subType": "80"}}
            mongosh           | Binary.createFromBase64('AAEC')                       | {"$binary": {"base64": "AAEC", "subType": "00"}}
            mongosh           | Binary.createFromHexString('000102', 4)               | {"$binary": {"base64": "AAEC", "subType": "04"}}
            mongosh           | UUID('00010203-0405-0607-0809-0a0b0c0d0e0f')          | {"$binary": {"base64": "AAECAwQFBgcICQoLDA0ODw==", "subType": "04"}}
            mongosh           | ISODate('2020-01-01T00:00:00.000Z')                   | {"$date": {"$numberLong": "1577836800000"}}
            mongosh           | BSONSymbol('abc')                                     | {"$symbol": "abc"}
            mongosh           | Code('f()')                                           | {"$code": "f()"}
            mongosh           | Code('f()', { a: Long('1') })                         | {"$code": "f()", "$scope": {"a": {"$numberLong": "1"}}}
            mongosh           | BSONRegExp('a/b', 'i')                                | {"$regularExpression": {"pattern": "a/b", "options": "i"}}
            mongosh           | RegExp('', 'i')                                       | {"$regularExpression": {"pattern": "", "options": "i"}}
            mongosh           | DBRef('c', ObjectId('010203040506070809101112'))      | {"$ref": "c", "$id": {"$oid": "010203040506070809101112"}}
            mongosh           | DBRef('c', 5, 'db')                                   | {"$ref": "c", "$id": {"$numberInt": "5"}, "$db": "db"}
            legacy shell      | DBPointer('db.c', ObjectId('010203040506070809101112')) | {"$dbPointer": {"$ref": "db.c", "$id": {"$oid": "010203040506070809101112"}}}
            unquoted names    | { a: Long('5'), 'b.c': MinKey(), $d: [ Int32(1) ] }   | {"a": {"$numberLong": "5"}, "b.c": {"$minKey": 1}, "$d": [{"$numberInt": "1"}]}
            strings untouched | { s: 'Long(5) and Timestamp({ t: 1, i: 2 })' }        | {"s": "Long(5) and Timestamp({ t: 1, i: 2 })"}
            strings untouched | { r: /a'(b/i, s: Long('7') }                          | {"r": {"$regularExpression": {"pattern": "a'(b", "options": "i"}}, "s": {"$numberLong": "7"}}
            beyond int64      | 100000000000000000000                                 | {"$numberDouble": "1.0E+20"}
            beyond int64      | -9223372036854775809                                  | {"$numberDouble": "-9.223372036854776E+18"}
            """)
    void parsesEveryNotation(String notation, String literal, String canonical) {
        BsonValue value = BsonLiterals.parseValue(literal);
        assertEquals(canonical, BsonPrinter.canonicalJson(value), notation);
    }

    /** Bad input is refused with one line that quotes it and names the problem. */
    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            1 2                          | '1 2' is not valid: expected one value, found more text after it
            { a: 1 } x                   | '{ a: 1 } x' is not valid: expected one value, found more text after it
            { a:                         | '{ a:' is not valid: the text ends before the value is complete
            Long(                        | 'Long(' is not valid: Long( is not closed by a matching ')'
            Long('x')                    | 'Long('x')' is not valid: 'x' is not a number in the range of its type
            NumberLong('12345678901234567890') | 'NumberLong('12345678901234567890')' is not valid: '12345678901234567890' is not a number in the range of its type
            Timestamp(-1, 0)             | 'Timestamp(-1, 0)' is not valid: Timestamp t must be between 0 and 4294967295, got -1
            Timestamp({ t: 1, i: 4294967296 }) | 'Timestamp({ t: 1, i: 4294967296 })' is not valid: Timestamp i must be between 0 and 4294967295, got 4294967296
            Timestamp({ t: 1 })          | 'Timestamp({ t: 1 })' is not valid: Timestamp({...}) needs { t: <seconds>, i: <increment> }
            Date(0)                      | 'Date(0)' is not valid: Date(...) without 'new' is the current time as a string; write new Date(...) or ISODate(...)
            DBRef('c')                   | 'DBRef('c')' is not valid: DBRef(collection, id, db) takes 2 or 3 arguments, got 1
            BSONSymbol()                 | 'BSONSymbol()' is not valid: BSONSymbol(...) takes 1 argument, got 0
            ObjectId('xyz')              | 'ObjectId('xyz')' is not valid: state should be: hexString has 24 characters
            Foo(1)                       | 'Foo(1)' is not valid: 'Foo' is not a value (a string is quoted: 'Foo')
            """)
    void refusesBadInputWithOneLine(String literal, String message) {
        BsonParseException e = assertThrows(BsonParseException.class, () -> BsonLiterals.parseValue(literal));
        assertEquals(message, e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertEquals(literal, e.input());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            [ 1 ]                 | '[ 1 ]' is not valid: expected a document, found an array
            {"$numberLong": "5"}  | '{"$numberLong": "5"}' is not valid: expected a document, found an Int64
            `   `                 | '' is not valid: a document is required
            """)
    void documentsMustBeDocuments(String literal, String message) {
        assertEquals(
                message,
                assertThrows(BsonParseException.class, () -> BsonLiterals.parseDocument(literal))
                        .getMessage());
    }
}
