package io.shardlab.key;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shardlab.bson.BsonLiterals;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** calculateHashedSplitPoints, mongo {@code src/mongo/db/s/config/initial_split_policy.cpp}. */
class HashedSplitPointsTest {

    /**
     * n = 4 and 5: {@code HashedPrefixEvenNumberShards} / {@code HashedPrefixUnevenNumberShards} in
     * mongo {@code initial_split_policy_test.cpp} (current); n = 1, 2, 3 from the 4.x-era test as
     * quoted in the project reference (section 1.7); n = 6 and 8 derived there from the algorithm.
     */
    @ParameterizedTest(name = "[{index}] n = {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            1 | ``
            2 | 0
            3 | -3074457345618258602 3074457345618258602
            4 | -4611686018427387902 0 4611686018427387902
            5 | -5534023222112865483 -1844674407370955161 1844674407370955161 5534023222112865483
            6 | -6148914691236517204 -3074457345618258602 0 3074457345618258602 6148914691236517204
            8 | -6917529027641081850 -4611686018427387900 -2305843009213693950 0 2305843009213693950 4611686018427387900 6917529027641081850
            """)
    void splitPointsOfMongosTests(int n, String expected) {
        List<Long> points = new ArrayList<>();
        if (!expected.isBlank()) {
            Arrays.stream(expected.split(" ")).map(Long::parseLong).forEach(points::add);
        }
        assertEquals(points, HashedSplitPoints.of(n));
    }

    @Test
    void everyCountGivesSortedSymmetricPoints() {
        for (int n = 1; n <= 300; n++) {
            List<Long> points = HashedSplitPoints.of(n);
            assertEquals(n - 1, points.size(), "n = " + n);
            for (int i = 0; i < points.size(); i++) {
                assertEquals(-points.get(i), (long) points.get(points.size() - 1 - i), "symmetric around 0, n = " + n);
                if (i > 0) {
                    assertEquals(true, points.get(i - 1) < points.get(i), "strictly increasing, n = " + n);
                }
            }
        }
    }

    /** {@code HashedSuffix} and {@code HashedInfix} in initial_split_policy_test.cpp. */
    @Test
    void compoundKeysKeepThePrefixAndPadWithMinKey() {
        ShardKeyPattern suffix = ShardKeyPattern.parse("{ 'x.a': 1, 'y.b': 1, 'z.c': 'hashed' }");
        List<BsonValue> prefix = List.of(BsonLiterals.parseValue("{ p: 1 }"), BsonLiterals.parseValue("'val'"));
        assertEquals(
                List.of(
                        "({ p: 1 }, 'val', Long('-4611686018427387902'))",
                        "({ p: 1 }, 'val', Long('0'))",
                        "({ p: 1 }, 'val', Long('4611686018427387902'))"),
                HashedSplitPoints.of(suffix, prefix, 4).stream()
                        .map(ShardKey::toString)
                        .toList());

        ShardKeyPattern infix = ShardKeyPattern.parse("{ 'x.a': 1, 'y.b': 'hashed', 'z.c': 1, a: 1 }");
        assertEquals(
                List.of(
                        "({ p: 1 }, Long('-4611686018427387902'), MinKey(), MinKey())",
                        "({ p: 1 }, Long('0'), MinKey(), MinKey())",
                        "({ p: 1 }, Long('4611686018427387902'), MinKey(), MinKey())"),
                HashedSplitPoints.of(infix, List.of(BsonLiterals.parseValue("{ p: 1 }")), 4).stream()
                        .map(ShardKey::toString)
                        .toList());
    }

    @Test
    void refusesBadArguments() {
        assertEquals(
                "numChunks: must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> HashedSplitPoints.of(0))
                        .getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> HashedSplitPoints.of(ShardKeyPattern.parse("{ a: 1 }"), List.of(), 2));
        assertThrows(
                IllegalArgumentException.class,
                () -> HashedSplitPoints.of(ShardKeyPattern.parse("{ a: 1, b: 'hashed' }"), List.of(), 2));
    }
}
