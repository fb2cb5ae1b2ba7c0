package io.shardlab.key;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.shardlab.bson.BsonLiterals;
import java.util.SplittableRandom;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** ShardKeyHasher reproduces MongoDB's BSONElementHasher::hash64 bit for bit. */
class ShardKeyHasherTest {

    private final ShardKeyHasher hasher = new ShardKeyHasher();

    private long hash(String literal) {
        return hasher.hash64(BsonLiterals.parseValue(literal));
    }

    /**
     * Every hard-coded vector of mongo {@code src/mongo/db/hasher_test.cpp} (3.0+ era, where
     * Timestamp has its own canonical type 47; copies read: bryanpkc/mongo and the 4.x-era file in
     * the renamed fork axelfast/mongo, whose numbers are the upstream ones). Each row is the
     * value of the test's {@code check} element, written as a shell literal.
     */
    @ParameterizedTest(name = "[{index}] {0}: hash64({1}) = {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            HashIntOrLongOrDouble   | 42                                             | -944302157085130861
            HashIntOrLongOrDouble   | 42.123                                         | -944302157085130861
            HashIntOrLongOrDouble   | NumberLong(42)                                 | -944302157085130861
            HashIntOrLongOrDouble   | 0                                              | 4854801880128277513
            HashIntOrLongOrDouble   | 0.456                                          | 4854801880128277513
            HashIntOrLongOrDouble   | NumberLong(0)                                  | 4854801880128277513
            HashIntOrLongOrDouble   | NaN                                            | 4854801880128277513
            HashIntOrLongOrDouble   | 1                                              | 5902408780260971510
            HashIntOrLongOrDouble   | 1.987                                          | 5902408780260971510
            HashIntOrLongOrDouble   | NumberLong(1)                                  | 5902408780260971510
            HashIntOrLongOrDouble   | -1                                             | 1140205862565771219
            HashIntOrLongOrDouble   | -1.789                                         | 1140205862565771219
            HashIntOrLongOrDouble   | NumberLong(-1)                                 | 1140205862565771219
            HashIntOrLongOrDouble   | -2147483648                                    | 6165898260261354870
            HashIntOrLongOrDouble   | -2147483648.0                                  | 6165898260261354870
            HashIntOrLongOrDouble   | NumberLong(-2147483648)                        | 6165898260261354870
            HashIntOrLongOrDouble   | 2147483647                                     | 1143184177162245883
            HashIntOrLongOrDouble   | 2147483647.0                                   | 1143184177162245883
            HashIntOrLongOrDouble   | NumberLong(2147483647)                         | 1143184177162245883
            HashIntOrLongOrDouble   | 1.7976931348623157e308                         | 921523596458303250
            HashIntOrLongOrDouble   | NumberLong('9223372036854775807')              | 921523596458303250
            HashIntOrLongOrDouble   | -1.7976931348623157e308                        | 4532067210535695462
            HashIntOrLongOrDouble   | NumberLong('-9223372036854775808')             | 4532067210535695462
            HashMinKey              | MinKey                                         | 7961148599568647290
            HashMaxKey              | MaxKey                                         | 5504842513779440750
            HashUndefined           | undefined                                      | 40158834000849533
            HashNull                | null                                           | 2338878944348059895
            HashString              | 'abc'                                          | 8478485326885698097
            HashString              | BSONSymbol('abc')                              | 8478485326885698097
            HashString              | ''                                             | 2049396243249673340
            HashString              | BSONSymbol('')                                 | 2049396243249673340
            HashObject              | { a: 'abc', b: NumberLong(123) }               | 4771603801758380216
            HashObject              | {}                                             | 7980500913326740417
            HashArray               | [ 'bar', 'baz', 'qux' ]                        | -2938911267422831539
            HashArray               | []                                             | 8849948234993459283
            HashBinary              | BinData(0, 'AAECAwQG')                         | 7252465090394235301
            HashBinary              | BinData(128, 'AAECAwQG')                       | 5736670452907618262
            HashBinary              | UUID('00010203-0405-0607-0809-0a0b0c0d0e0f')   | 6084661258071355978
            HashObjectId            | ObjectId('010203040506070809101112')           | -5588663249627035708
            HashObjectId            | ObjectId('000000000000000000000000')           | -4293118519463489418
            HashBoolean             | true                                           | 6405873908747105701
            HashBoolean             | false                                          | 6289544573401934092
            HashTimeStamp           | new Date(6153737367135073092)                  | 4476222765095560467
            HashTimeStamp           | Timestamp(1432778632, 287454020)               | 4873046866288452390
            HashTimeStamp           | new Date(0)                                    | -1178696894582842035
            HashTimeStamp           | Timestamp(0, 0)                                | -7867208682377458672
            HashRegEx               | /mongodb/                                      | -7275792090268217043
            HashRegEx               | /.*/i                                          | 7095855029187981886
            HashDBRef               | DBPointer('c', ObjectId('010203040506070809101112'))    | 940175826736461384
            HashDBRef               | DBPointer('db.c', ObjectId('010203040506070809101112')) | 2426768198104018194
            HashCode                | Code('func f() { return 1; }')                 | 6861638109178014270
            HashCodeWScope          | Code('func f() { return 1; }', { c: true })    | 501342939894575968
            """)
    void reproducesEveryVectorOfHasherTest(String mongoTest, String value, long expected) {
        assertEquals(expected, hash(value), mongoTest);
    }

    /**
     * {@code $toHashedIndexKey}, which is hash64 with seed 0: mongo
     * {@code src/mongo/db/exec/expression/evaluate_index_test.cpp}. {@code {$pow: [2, 4]}}
     * evaluates to the int 16.
     */
    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            StringInputSucceeds      | 'hashThisStringLiteral'              | -5776344739422278694
            IntInputSucceeds         | 123                                  | -6548868637522515075
            TimestampInputSucceeds   | Timestamp(0, 0)                      | -7867208682377458672
            ObjectIdInputSucceeds    | ObjectId('47cc67093475061e3d95369d') | 1576265281381834298
            DateInputSucceeds        | new Date(0)                          | -1178696894582842035
            NullInputSucceeds        | null                                 | 2338878944348059895
            ExpressionInputSucceeds  | 16                                   | 2598032665634823220
            UndefinedInputSucceeds   | undefined                            | 40158834000849533
            """)
    void reproducesToHashedIndexKeyVectors(String mongoTest, String value, long expected) {
        assertEquals(expected, hash(value), mongoTest);
    }

    @Test
    @DisplayName("a missing field hashes as null (evaluate_index_test MissingInputValueSucceeds)")
    void missingFieldHashesAsNull() {
        ShardKeyPattern pattern = ShardKeyPattern.parse("{ missingField: 'hashed' }");
        ShardKey key = pattern.extractKey(BsonLiterals.parseDocument("{ other: 1 }"), hasher);
        assertEquals(new BsonInt64(2338878944348059895L), key.get(0));
    }

    @Test
    @DisplayName("hasher_test HashWithNonZeroSeed: seed 40513")
    void nonZeroSeed() {
        assertEquals(4302929669663179197L, hasher.hash64(BsonLiterals.parseValue("42"), 40513));
        assertEquals(
                -9222615859251096151L,
                hasher.hash64(BsonLiterals.parseValue("['sunflower', 'sesame', 'mustard']"), 40513));
        assertNotEquals(hasher.hash64(BsonLiterals.parseValue("4"), 0), hasher.hash64(BsonLiterals.parseValue("4"), 1));
    }

    @Test
    @DisplayName("hasher_test: signalling NaN hashes as 0 like quiet NaN")
    void signallingNaN() {
        double signalling = Double.longBitsToDouble(0x7ff4000000000000L);
        assertEquals(4854801880128277513L, hasher.hash64(new BsonDouble(signalling)));
    }

    /** The equalities and inequalities asserted by hasher_test.cpp without fixed numbers. */
    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            ConsistentHashOfIntLongAndDouble      | 3                                               | NumberLong(3)                                  | true
            ConsistentHashOfIntLongAndDouble      | 3.1                                             | NumberLong(3)                                  | true
            DifferentIntHashesDiffer              | 3                                               | 4                                              | false
            IntAndStringHashesDiffer              | 3                                               | '3'                                            | false
            RegexAndStringHashesDiffer            | '3'                                             | /3/                                            | false
            ArrayAndSubobjectHashesDiffer         | { '0': 0, '1': 1 }                              | [0, 1]                                         | false
            SubDocumentGroupingHashesDiffer       | { a: {}, b: 1 }                                 | { a: { b: 1 } }                                | false
            CodeWithScopeSquashesScopeIntsAndDoubles | Code('print(1)', { a: 3 })                   | Code('print(1)', { a: 3.1 })                   | true
            CodeWithScopeSquashesScopeIntsAndDoubles | Code('print(1)', { a: 3 })                   | Code('print(2)', { a: 3 })                     | false
            RecursiveSquashingIntsAndDoubles      | { a: 3, b: [3.1, { c: 3 }] }                    | { a: 3.1, b: [3, { c: 3.0 }] }                 | true
            MinKeyMaxKeyHashesDiffer              | MinKey                                          | MaxKey                                         | false
            VeryLargeAndSmallDoubles              | NumberLong('9223372036854775807')               | 4611686018427387904.0                          | false
            VeryLargeAndSmallDoubles              | NumberLong('9223372036854775807')               | 8.507059173023462e37                           | true
            VeryLargeAndSmallDoubles              | NumberLong('-9223372036854775808')              | -8.507059173023462e37                          | true
            """)
    void hashesEqualOrDifferAsHasherTestAsserts(String mongoTest, String left, String right, boolean same) {
        assertEquals(same, hash(left) == hash(right), mongoTest + ": " + left + " vs " + right);
    }

    /**
     * {@code safeNumberLongForHash} (mongo {@code src/mongo/bson/bsonelement.h};
     * {@code SafeNumberLongPositiveBound}/{@code NegativeBound} in {@code bsonelement_test.cpp}):
     * doubles truncate toward zero, NaN is 0, the double 2^63 is LLONG_MIN (kept for on-disk
     * compatibility), anything larger LLONG_MAX, below -2^63 LLONG_MIN. Decimal128 rows are derived
     * from the code ({@code Decimal128::toLong} defaults to round-half-even); MongoDB publishes no
     * Decimal128 hash vector.
     */
    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            42.9                                  | 42
            -0.5                                  | 0
            -1.789                                | -1
            NaN                                   | 0
            9223372036854775808.0                 | -9223372036854775808
            9223372036854774784.0                 | 9223372036854774784
            18446744073709551616.0                | 9223372036854775807
            Infinity                              | 9223372036854775807
            -9223372036854775808.0                | -9223372036854775808
            -9223372036854777856.0                | -9223372036854775808
            -Infinity                             | -9223372036854775808
            NumberDecimal('2.5')                  | 2
            NumberDecimal('3.5')                  | 4
            NumberDecimal('-2.5')                 | -2
            NumberDecimal('2.7')                  | 3
            NumberDecimal('NaN')                  | 0
            NumberDecimal('Infinity')             | 9223372036854775807
            NumberDecimal('-Infinity')            | -9223372036854775808
            NumberDecimal('1E+40')                | 9223372036854775807
            NumberDecimal('-1E+40')               | -9223372036854775808
            NumberDecimal('9223372036854775807.4')| 9223372036854775807
            NumberDecimal('9223372036854775807.6')| 9223372036854775807
            """)
    void safeNumberLongForHash(String number, long expected) {
        assertEquals(expected, ShardKeyHasher.safeNumberLongForHash(BsonLiterals.parseValue(number)));
    }

    @Test
    @DisplayName("the double 2^63 hashes like NumberLong(LLONG_MIN), +Infinity like LLONG_MAX")
    void overflowingDoublesHashLikeTheClampedLongs() {
        assertEquals(4532067210535695462L, hasher.hash64(new BsonDouble(9.223372036854775808E18)));
        assertEquals(921523596458303250L, hasher.hash64(new BsonDouble(Double.POSITIVE_INFINITY)));
        assertEquals(4532067210535695462L, hasher.hash64(new BsonDouble(Double.NEGATIVE_INFINITY)));
    }

    @Test
    @DisplayName("hash64OfNumber(v) is hash64 of NumberLong(v), and of NumberInt(v) where v fits, the hot path's form")
    void hashOfANumberIsTheHashOfItsInt64() {
        assertEquals(5902408780260971510L, hasher.hash64OfNumber(1));
        ShardKeyHasher reference = new ShardKeyHasher();
        SplittableRandom r = new SplittableRandom(9);
        for (int i = 0; i < 10_000; i++) {
            long v = r.nextLong();
            assertEquals(reference.hash64(new BsonInt64(v)), hasher.hash64OfNumber(v));
            assertEquals(reference.hash64(new BsonInt32((int) v)), hasher.hash64OfNumber((int) v));
        }
    }

    @Test
    @DisplayName("shard_key_pattern.h: {a: 'hashed'} extracts {a: 1} as NumberLong(5902408780260971510)")
    void extractsHashedKeyAsInTheShardKeyPatternComment() {
        ShardKey key =
                ShardKeyPattern.parse("{ a: 'hashed' }").extractKey(BsonLiterals.parseDocument("{ a: 1 }"), hasher);
        BsonValue value = key.get(0);
        assertEquals(new BsonInt64(5902408780260971510L), value);
    }
}
