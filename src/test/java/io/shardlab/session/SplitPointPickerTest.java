package io.shardlab.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.Optional;
import java.util.SplittableRandom;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SplitPointPickerTest {

    private static ShardKey key(ShardKeyPattern pattern, String document) {
        BsonDocument d = BsonLiterals.parseDocument(document);
        return ShardKey.of(pattern.fields().stream().map(f -> d.get(f.path())).toList());
    }

    private static Chunk chunk(ShardKeyPattern pattern, String min, String max) {
        return new Chunk(key(pattern, min), key(pattern, max), "shard01", false, ChunkVersion.INITIAL);
    }

    @ParameterizedTest(name = "{0} in [{1}, {2}) at {3} → {4}")
    @CsvSource(delimiter = '|', textBlock = """
            { x: 1 }             | { x: 0 }                  | { x: 100 }                | 0.25 | { x: 25 }
            { x: 1 }             | { x: NumberLong(0) }      | { x: NumberLong(10) }     | 0.5  | { x: Long('5') }
            { x: 1 }             | { x: 0.0 }                | { x: 1.0 }                | 0.5  | { x: 0.5 }
            { x: 1 }             | { x: ISODate('2024-01-01T00:00:00Z') } | { x: ISODate('2024-01-03T00:00:00Z') } | 0.5 | { x: ISODate('2024-01-02T00:00:00.000Z') }
            { x: 'hashed' }      | { x: MinKey() }           | { x: MaxKey() }           | 0.5  | { x: Long('0') }
            { x: 'hashed' }      | { x: MinKey() }           | { x: NumberLong(0) }      | 0.5  | { x: Long('-4611686018427387904') }
            { a: 1, b: 1 }       | { a: 5, b: 0 }            | { a: 5, b: 10 }           | 0.3  | { a: 5, b: 3 }
            { a: 1, b: 1 }       | { a: 0, b: MinKey() }     | { a: 10, b: MinKey() }    | 0.5  | { a: 5, b: MinKey() }
            """)
    void the_point_under_the_pointer_interpolates_the_first_field_in_which_the_bounds_differ(
            String pattern, String min, String max, double fraction, String expected) {
        ShardKeyPattern p = ShardKeyPattern.parse(pattern);
        Optional<ShardKey> point = new SplitPointPicker(p).pointIn(chunk(p, min, max), fraction);
        assertEquals(expected, BsonPrinter.shell(point.orElseThrow().toDocument(p)));
    }

    @ParameterizedTest(name = "{0} in [{1}, {2}) at {3}: none")
    @CsvSource(delimiter = '|', textBlock = """
            { x: 1 } | { x: MinKey() } | { x: 100 }     | 0.5
            { x: 1 } | { x: 100 }      | { x: MaxKey() } | 0.5
            { x: 1 } | { x: 'a' }      | { x: 'b' }      | 0.5
            { x: 1 } | { x: 0 }        | { x: 1 }        | 0.5
            { x: 1 } | { x: 0 }        | { x: 1.5 }      | 0.5
            { x: 1 } | { x: 0 }        | { x: 100 }      | 0.0
            """)
    void no_point_when_there_is_nothing_to_interpolate_or_it_would_land_on_a_bound(
            String pattern, String min, String max, double fraction) {
        ShardKeyPattern p = ShardKeyPattern.parse(pattern);
        assertTrue(new SplitPointPicker(p).pointIn(chunk(p, min, max), fraction).isEmpty());
    }

    @Test
    void every_point_named_in_a_hashed_chunk_lies_strictly_inside_it() {
        ShardKeyPattern p = ShardKeyPattern.parse("{ u: 'hashed' }");
        SplitPointPicker picker = new SplitPointPicker(p);
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 2_000; i++) {
            long a = random.nextLong();
            long b = random.nextLong();
            ShardKey lo = ShardKey.of(i % 7 == 0 ? new BsonMinKey() : new BsonInt64(Math.min(a, b)));
            ShardKey hi = ShardKey.of(i % 11 == 0 ? new BsonMaxKey() : new BsonInt64(Math.max(a, b)));
            if (lo.compareTo(hi) >= 0) {
                continue;
            }
            Chunk c = new Chunk(lo, hi, "s", false, ChunkVersion.INITIAL);
            picker.pointIn(c, random.nextDouble()).ifPresent(point -> {
                assertTrue(point.compareTo(lo) > 0 && point.compareTo(hi) < 0, point + " in " + c);
            });
        }
    }
}
