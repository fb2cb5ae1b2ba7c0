package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Where ShardLab places a key inside a chunk whose documents it does not hold. */
class KeyInterpolationTest {

    static ShardKey key(ShardKeyPattern pattern, String document) {
        return CommandSupport.boundKey(pattern, BsonLiterals.parseDocument(document))
                .orElseThrow();
    }

    @ParameterizedTest(name = "{0} [{1}, {2}) at {3}: {4}")
    @CsvSource(delimiter = '|', textBlock = """
            # pattern            | lo                                      | hi                                      | share | key at that share, or none
            {x: 'hashed'}        | {x: {$minKey: 1}}                       | {x: {$maxKey: 1}}                       | 0.5   | {x: {$numberLong: '0'}}
            {x: 'hashed'}        | {x: {$minKey: 1}}                       | {x: {$maxKey: 1}}                       | 0.25  | {x: {$numberLong: '-4611686018427387904'}}
            {x: 'hashed'}        | {x: {$numberLong: '-4611686018427387902'}} | {x: {$numberLong: '0'}}              | 0.5   | {x: {$numberLong: '-2305843009213693951'}}
            {x: 1}               | {x: 0}                                  | {x: 100}                                | 0.25  | {x: 25}
            {x: 1}               | {x: 0}                                  | {x: 100}                                | 0.001 | {x: 1}
            {x: 1}               | {x: 0}                                  | {x: 100}                                | 0.999 | {x: 99}
            {x: 1}               | {x: {$numberLong: '0'}}                 | {x: 10.0}                               | 0.25  | {x: 2.5}
            {x: 1}               | {x: 0}                                  | {x: 1}                                  | 0.5   | none
            {x: 1}               | {x: {$minKey: 1}}                       | {x: 100}                                | 0.5   | none
            {x: 1}               | {x: 100}                                | {x: {$maxKey: 1}}                       | 0.5   | none
            {x: 1}               | {x: 'a'}                                | {x: 'z'}                                | 0.5   | none
            {x: 1}               | {x: 5}                                  | {x: 'a'}                                | 0.5   | none
            {x: 1}               | {x: {$date: '2024-01-01T00:00:00Z'}}    | {x: {$date: '2024-01-03T00:00:00Z'}}    | 0.5   | {x: {$date: '2024-01-02T00:00:00Z'}}
            {x: 1}               | {x: {$oid: '000000000000000000000000'}} | {x: {$oid: '0000000000000000000000ff'}} | 0.5   | {x: {$oid: '00000000000000000000007f'}}
            {a: 1, b: 'hashed'}  | {a: 5, b: {$minKey: 1}}                 | {a: 5, b: {$maxKey: 1}}                 | 0.5   | {a: 5, b: {$numberLong: '0'}}
            {a: 1, b: 1}         | {a: 0, b: 'x'}                          | {a: 10, b: {$minKey: 1}}                | 0.5   | {a: 5, b: {$minKey: 1}}
            {a: 1, b: 1}         | {a: 'k', b: 0}                          | {a: 'k', b: 8}                          | 0.5   | {a: 'k', b: 4}
            """)
    void keyAtAShareOfTheChunk(String pattern, String lo, String hi, double share, String expected) {
        ShardKeyPattern p = ShardKeyPattern.parse(pattern);
        Optional<ShardKey> k = new KeyInterpolation(p).keyAt(key(p, lo), key(p, hi), share);
        if (expected.equals("none")) {
            assertTrue(k.isEmpty(), () -> "expected no key, got " + k.get());
        } else {
            assertEquals(key(p, expected), k.orElseThrow());
            assertEquals(
                    key(p, expected).get(key(p, expected).arity() - 1).getBsonType(),
                    k.get().get(k.get().arity() - 1).getBsonType(),
                    "the key keeps the bounds' BSON type");
        }
    }

    @ParameterizedTest(name = "{0} [{1}, {2}): {3} is at {4}")
    @CsvSource(delimiter = '|', textBlock = """
            # pattern      | lo                  | hi                  | key                        | share, or none
            {x: 'hashed'}  | {x: {$minKey: 1}}   | {x: {$maxKey: 1}}   | {x: {$numberLong: '0'}}    | 0.5
            {x: 1}         | {x: 0}              | {x: 100}            | {x: 25}                    | 0.25
            {x: 1}         | {x: 0}              | {x: 100}            | {x: 25.5}                  | 0.255
            {x: 1}         | {x: 0}              | {x: 100}            | {x: 0}                     | 0
            {x: 1}         | {x: 0}              | {x: 100}            | {x: 100}                   | 1
            {x: 1}         | {x: {$minKey: 1}}   | {x: 100}            | {x: 50}                    | none
            {a: 1, b: 1}   | {a: 0, b: 0}        | {a: 10, b: 0}       | {a: 5, b: 'anything'}      | 0.5
            """)
    void shareOfTheChunkBelowAKey(String pattern, String lo, String hi, String key, String expected) {
        ShardKeyPattern p = ShardKeyPattern.parse(pattern);
        OptionalDouble f = new KeyInterpolation(p).fraction(key(p, lo), key(p, hi), key(p, key));
        if (expected.equals("none")) {
            assertTrue(f.isEmpty());
        } else {
            assertEquals(Double.parseDouble(expected), f.orElseThrow(), 1e-12);
        }
    }

    @ParameterizedTest(name = "{0} [{1}, {2}) of {3} documents at {4}: {5}")
    @CsvSource(delimiter = '|', textBlock = """
            # pattern     | lo                          | hi                        | documents | share | key at that share, or none
            {x: 1}        | {x: {$minKey: 1}}           | {x: 100}                  | 1000      | 0.25  | {x: -650}
            {x: 1}        | {x: 100}                    | {x: {$maxKey: 1}}         | 1000      | 0.25  | {x: 350}
            {x: 1}        | {x: {$minKey: 1}}           | {x: {$maxKey: 1}}         | 1000      | 0.5   | {x: {$numberLong: '500'}}
            {x: 1}        | {x: {$minKey: 1}}           | {x: 2.5}                  | 10        | 0.5   | {x: -2.5}
            {x: 1}        | {x: {$date: '2024-01-01T00:00:00Z'}} | {x: {$maxKey: 1}} | 1000      | 0.5   | {x: {$date: '2024-01-01T00:00:00.500Z'}}
            {x: 1}        | {x: {$minKey: 1}}           | {x: 'm'}                  | 1000      | 0.5   | none
            {x: 1}        | {x: 10}                     | {x: 11}                   | 1000      | 0.5   | none
            {a: 1, b: 1}  | {a: 10, b: {$minKey: 1}}    | {a: 11, b: {$minKey: 1}}  | 1000      | 0.5   | {a: 10, b: {$numberLong: '500'}}
            {a: 1, b: 1}  | {a: 10, b: 5}               | {a: 11, b: {$minKey: 1}}  | 100       | 0.5   | {a: 10, b: 55}
            {a: 1, b: 1}  | {a: 10, b: 5}               | {a: 11, b: 0}             | 100       | 0.5   | none
            """)
    void keyAtAShareOfAChunkWithAnAssumedAxis(
            String pattern, String lo, String hi, long documents, double share, String expected) {
        ShardKeyPattern p = ShardKeyPattern.parse(pattern);
        KeyInterpolation ki = new KeyInterpolation(p);
        Optional<ShardKey> k = ki.keyAt(key(p, lo), key(p, hi), share, documents);
        if (expected.equals("none")) {
            assertTrue(k.isEmpty(), () -> "expected no key, got " + k.get());
            return;
        }
        assertEquals(key(p, expected), k.orElseThrow());
        assertEquals(
                share,
                ki.fraction(key(p, lo), key(p, hi), k.get(), documents).orElseThrow(),
                1.0 / documents,
                "the share of a placed key is where it was placed");
        assertTrue(
                ki.keyAt(key(p, lo), key(p, hi), share).isEmpty() || lo.contains("$date"),
                "without the document count the chunk has no axis");
    }

    @ParameterizedTest(name = "{0} [{1}, {2}) holds one key: {3}")
    @CsvSource(delimiter = '|', textBlock = """
            {x: 1}        | {x: 10}                  | {x: 11}                    | true
            {x: 1}        | {x: {$numberLong: '10'}} | {x: {$numberLong: '11'}}   | true
            {x: 1}        | {x: 10}                  | {x: 12}                    | false
            {x: 1}        | {x: 10.0}                | {x: 11.0}                  | false
            {x: 'hashed'} | {x: {$numberLong: '10'}} | {x: {$numberLong: '11'}}   | false
            {a: 1, b: 1}  | {a: 10, b: {$minKey: 1}} | {a: 11, b: {$minKey: 1}}   | false
            {a: 1, b: 1}  | {a: 10, b: 3}            | {a: 10, b: 4}              | true
            """)
    void aChunkHoldsOneKeyWhenItsLastFieldIsAnIntegerRangeOfOne(String pattern, String lo, String hi, boolean one) {
        ShardKeyPattern p = ShardKeyPattern.parse(pattern);
        assertEquals(one, new KeyInterpolation(p).holdsOneKey(key(p, lo), key(p, hi)));
    }

    @Test
    void aPlacedKeyLiesStrictlyInsideItsChunkAndAtItsShare() {
        ShardKeyPattern p = ShardKeyPattern.parse("{x: 'hashed'}");
        KeyInterpolation ki = new KeyInterpolation(p);
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 10_000; i++) {
            long a = random.nextLong();
            long b = random.nextLong();
            ShardKey lo = random.nextInt(10) == 0
                    ? ShardKey.of(new BsonMinKey())
                    : ShardKey.of(new BsonInt64(Math.min(a, b)));
            ShardKey hi = random.nextInt(10) == 0
                    ? ShardKey.of(new BsonMaxKey())
                    : ShardKey.of(new BsonInt64(Math.max(a, b)));
            if (lo.compareTo(hi) >= 0) {
                continue;
            }
            double share = random.nextDouble(1e-9, 1 - 1e-9);
            Optional<ShardKey> k = ki.keyAt(lo, hi, share);
            if (k.isEmpty()) {
                // only a range with no int64 strictly inside has no key
                assertTrue(
                        lo.get(0).isInt64()
                                && hi.get(0).isInt64()
                                && hi.get(0).asInt64().getValue()
                                                - lo.get(0).asInt64().getValue()
                                        <= 1,
                        lo + " " + hi);
                continue;
            }
            assertTrue(lo.compareTo(k.get()) < 0 && k.get().compareTo(hi) < 0, lo + " < " + k.get() + " < " + hi);
            double width = widthOf(lo, hi);
            double back = ki.fraction(lo, hi, k.get()).orElseThrow();
            assertEquals(share, back, Math.max(1e-9, 2 / width), lo + " " + hi + " " + share);
        }
    }

    private static double widthOf(ShardKey lo, ShardKey hi) {
        double a = lo.get(0).isInt64() ? lo.get(0).asInt64().getValue() : -Math.pow(2, 63);
        double b = hi.get(0).isInt64() ? hi.get(0).asInt64().getValue() : Math.pow(2, 63);
        return b - a;
    }
}
