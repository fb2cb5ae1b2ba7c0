package io.shardlab.bson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.bson.BsonValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * BsonOrder is MongoDB's cross-type order: mongo {@code src/mongo/bson/bsonelement.cpp}
 * ({@code compareElements}, {@code BSONElement::woCompare}), {@code src/mongo/base/compare_numbers.h},
 * {@code src/mongo/bson/bsontypes.h} ({@code canonicalizeBSONType}).
 */
class BsonOrderTest {

    /** One value of every BSON type a shard key can hold, lowest canonical type first. */
    private static final String RANKED_TYPES = """
            -1  | MinKey
            0   | undefined
            5   | null
            10  | NumberDecimal('-Infinity')
            10  | 5
            10  | NumberLong(6)
            10  | 7.5
            15  | ''
            15  | BSONSymbol('b')
            20  | {}
            25  | []
            30  | BinData(0, '')
            35  | ObjectId('000000000000000000000000')
            40  | false
            45  | new Date(-1)
            47  | Timestamp(0, 0)
            50  | //
            55  | DBPointer('a', ObjectId('000000000000000000000000'))
            60  | Code('')
            65  | Code('', {})
            127 | MaxKey
            """;

    @ParameterizedTest(name = "[{index}] canonical type of {1} is {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = RANKED_TYPES)
    void canonicalTypeIsMongoRank(int rank, String literal) {
        assertEquals(
                rank, CanonicalType.of(BsonLiterals.parseValue(literal.equals("//") ? "RegExp('', '')" : literal)));
    }

    static Stream<Arguments> everyTypePair() {
        List<BsonValue> ranked = new ArrayList<>();
        for (String row : RANKED_TYPES.strip().split("\n")) {
            String literal = row.substring(row.indexOf('|') + 1).strip();
            ranked.add(BsonLiterals.parseValue(literal.equals("//") ? "RegExp('', '')" : literal));
        }
        List<Arguments> pairs = new ArrayList<>();
        for (int i = 0; i < ranked.size(); i++) {
            for (int j = 0; j < ranked.size(); j++) {
                BsonValue a = ranked.get(i);
                BsonValue b = ranked.get(j);
                if (CanonicalType.of(a) != CanonicalType.of(b)) {
                    pairs.add(Arguments.of(BsonPrinter.shell(a), BsonPrinter.shell(b), a, b, Integer.signum(i - j)));
                }
            }
        }
        return pairs.stream();
    }

    @ParameterizedTest(name = "[{index}] {0} vs {1}")
    @MethodSource("everyTypePair")
    void valuesOfDifferentTypesOrderByCanonicalType(String left, String right, BsonValue a, BsonValue b, int expected) {
        assertEquals(expected, Integer.signum(BsonOrder.compareValues(a, b)));
    }

    /** How two values of one canonical type compare; sign of compare(left, right). */
    @ParameterizedTest(name = "[{index}] {0}: {1} vs {2} -> {3}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            numbers by value across types     | 1                                         | NumberLong(1)                              | 0
            numbers by value across types     | 1                                         | 1.0                                        | 0
            numbers by value across types     | NumberDecimal('1.00')                     | 1.0                                        | 0
            numbers by value across types     | NumberDecimal('1')                        | NumberLong(1)                              | 0
            numbers by value across types     | 2.5                                       | 2                                          | 1
            numbers by value across types     | -2.5                                      | NumberLong(-2)                             | -1
            -0.0 equals 0                     | -0.0                                      | 0                                          | 0
            -0.0 equals 0                     | NumberDecimal('-0')                       | 0.0                                        | 0
            NaN is the lowest number          | NaN                                       | -Infinity                                  | -1
            NaN is the lowest number          | NaN                                       | NumberLong('-9223372036854775808')         | -1
            NaN is the lowest number          | NumberDecimal('NaN')                      | NumberDecimal('-Infinity')                 | -1
            NaN is the lowest number          | NumberDecimal('NaN')                      | -Infinity                                  | -1
            NaN equals NaN                    | NaN                                       | NaN                                        | 0
            NaN equals NaN                    | NaN                                       | NumberDecimal('NaN')                       | 0
            compareLongToDouble past 2^53     | NumberLong('9007199254740993')            | 9007199254740992.0                         | 1
            compareLongToDouble past 2^53     | NumberLong('9007199254740993')            | 9007199254740994.0                         | -1
            compareLongToDouble past 2^53     | NumberLong('9223372036854775807')         | 9223372036854775808.0                      | -1
            compareLongToDouble past 2^53     | NumberLong('9223372036854775807')         | 9223372036854774784.0                      | 1
            compareLongToDouble past 2^53     | NumberLong('-9223372036854775808')        | -9223372036854775808.0                     | 0
            compareLongToDouble past 2^53     | NumberLong('-9223372036854775808')        | -9223372036854777856.0                     | 1
            compareLongToDouble past 2^53     | NumberLong('9223372036854775807')         | Infinity                                   | -1
            compareLongToDouble past 2^53     | NumberLong('-9223372036854775808')        | -Infinity                                  | 1
            compareDecimalToDouble is exact   | NumberDecimal('0.1')                      | 0.1                                        | -1
            compareDecimalToDouble is exact   | NumberDecimal('0.1000000000000000055511151231257827') | 0.1                            | -1
            compareDecimalToDouble is exact   | NumberDecimal('0.1000000000000000055511151231257828') | 0.1                            | 1
            compareDecimalToDouble is exact   | NumberDecimal('0.5')                      | 0.5                                        | 0
            compareDecimalToDouble is exact   | NumberDecimal('1E+400')                   | 1.7976931348623157e308                     | 1
            compareDecimalToDouble is exact   | NumberDecimal('1E+400')                   | Infinity                                   | -1
            compareDecimalToDouble is exact   | NumberDecimal('-Infinity')                | -Infinity                                  | 0
            compareDecimalToDouble is exact   | NumberDecimal('-1E+400')                  | -Infinity                                  | 1
            compareDecimalToLong is exact     | NumberDecimal('9223372036854775808')      | NumberLong('9223372036854775807')          | 1
            compareDecimalToLong is exact     | NumberDecimal('9223372036854775806.5')    | NumberLong('9223372036854775807')          | -1
            strings bytewise (UTF-8)          | 'a'                                       | 'b'                                        | -1
            strings bytewise (UTF-8)          | 'Z'                                       | 'a'                                        | -1
            strings bytewise (UTF-8)          | 'a'                                       | 'aa'                                       | -1
            strings bytewise (UTF-8)          | ''                                        | 'a'                                        | -1
            strings bytewise (UTF-8)          | 'a'                                       | 'a\\u0000'                                 | -1
            strings bytewise (UTF-8)          | '\\u00e9'                                 | 'z'                                        | 1
            strings bytewise (UTF-8)          | '\\uffff'                                 | '\\ud83d\\ude00'                           | -1
            Symbol compares as String         | BSONSymbol('b')                           | 'a'                                        | 1
            Symbol compares as String         | 'abc'                                     | BSONSymbol('abc')                          | 0
            objects: type, then name, then value | { a: 1 }                               | { a: 2 }                                   | -1
            objects: type, then name, then value | { a: 1 }                               | { b: 0 }                                   | -1
            objects: type, then name, then value | { a: 'x' }                             | { b: 1 }                                   | 1
            objects: type, then name, then value | { a: 1.0 }                             | { a: NumberLong(1) }                       | 0
            objects: a prefix is smaller      | {}                                        | { a: MinKey }                              | -1
            objects: a prefix is smaller      | { a: 1 }                                  | { a: 1, b: MinKey }                        | -1
            objects: fields in order          | { a: 1, b: 2 }                            | { b: 1 }                                   | -1
            arrays element by element         | []                                        | [ MinKey ]                                 | -1
            arrays element by element         | [ 1, 2 ]                                  | [ 1, 3 ]                                   | -1
            arrays element by element         | [ 2 ]                                     | [ 1, 5 ]                                   | 1
            arrays element by element         | [ 1 ]                                     | [ 1.0 ]                                    | 0
            BinData: length first             | BinData(0, 'AAEC')                        | BinData(128, 'AA==')                       | 1
            BinData: then subtype             | BinData(128, 'AAEC')                      | BinData(0, 'AAED')                         | 1
            BinData: then bytes               | BinData(0, 'AAEC')                        | BinData(0, 'AAED')                         | -1
            BinData: subtype 2 counts its inner length | BinData(2, 'AA==')               | BinData(0, 'AAECAw==')                     | 1
            ObjectId: 12 bytes unsigned       | ObjectId('000000000000000000000001')      | ObjectId('ff0000000000000000000000')       | -1
            Bool: false before true           | false                                     | true                                       | -1
            Date: signed milliseconds         | new Date(-1)                              | new Date(0)                                | -1
            Timestamp: unsigned, seconds first| Timestamp(1, 5)                           | Timestamp(2, 0)                            | -1
            Timestamp: unsigned, seconds first| Timestamp(4294967295, 0)                  | Timestamp(1, 0)                            | 1
            Timestamp: then increment         | Timestamp(1, 2)                           | Timestamp(1, 1)                            | 1
            RegEx: pattern, then flags        | /a/                                       | /b/                                        | -1
            RegEx: pattern, then flags        | /a/i                                      | /a/m                                       | -1
            RegEx: pattern, then flags        | /a/                                       | /a/i                                       | -1
            DBPointer: value size, then bytes | DBPointer('b', ObjectId('000000000000000000000001')) | DBPointer('aa', ObjectId('000000000000000000000000')) | -1
            DBPointer: value size, then bytes | DBPointer('a', ObjectId('000000000000000000000002')) | DBPointer('b', ObjectId('000000000000000000000001'))  | -1
            Code: bytewise                    | Code('a')                                 | Code('b')                                  | -1
            CodeWScope: code, then scope      | Code('a', { x: 1 })                       | Code('a', { x: 2 })                        | -1
            CodeWScope: code, then scope      | Code('a', { z: 1 })                       | Code('b', { a: 1 })                        | -1
            MinKey equals MinKey              | MinKey                                    | MinKey                                     | 0
            MaxKey equals MaxKey              | MaxKey                                    | MaxKey                                     | 0
            null equals null                  | null                                      | null                                       | 0
            undefined (0) before null (5)     | undefined                                 | null                                       | -1
            """)
    void valuesOfOneTypeCompareByMongoRules(String rule, String left, String right, int expected) {
        BsonValue a = BsonLiterals.parseValue(left);
        BsonValue b = BsonLiterals.parseValue(right);
        assertEquals(expected, Integer.signum(BsonOrder.compareValues(a, b)), rule);
        assertEquals(-expected, Integer.signum(BsonOrder.compareValues(b, a)), rule + " (swapped)");
    }
}
