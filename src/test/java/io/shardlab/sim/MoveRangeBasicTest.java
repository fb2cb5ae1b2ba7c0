package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code moveRange} (6.0+, {@link MoveRange}), as mongo {@code jstests/sharding/move_range_basic.js} asserts
 * it for a ranged, a compound and a hashed key: a bound that is not a shard key and an unknown shard are
 * refused; {@code min} and {@code max} of a chunk move that chunk; {@code min} alone moves a chunk too small
 * to split whole (the donor finds no split point in it). The file's chunk is the first one of its
 * {@code shard0} ({@code shard01} here); chunk size 1 MB; the balancer is off.
 *
 * <p>Not ported: "Testing moveRange with only max bound" and the big-chunk cases
 * ({@code testMoveRangeWithBigChunk}: {@code min} or {@code max} at a document's key inside a chunk), as the
 * simulator's {@code moveRange} needs a {@code min} at a chunk's min (see the report of differences); the
 * unsplittable collection (8.0+ {@code createUnsplittableCollection}); and the 8.3+ refusal of a range
 * across chunks with code 11089203 (the simulator refuses it with OperationFailed).
 */
class MoveRangeBasicTest {

    private static final String NS = "db.coll";

    private static SimulatedCluster given(String release, String key) {
        SimulatedCluster c = ClusterRulesTest.cluster(MongoVersion.parse(release), 2, 1024 * 1024);
        c.execute(new SetBalancerState(false));
        c.execute(ShardCollection.of(NS, key));
        return c;
    }

    /** The first chunk of shard01, the file's {@code aChunk}. */
    private static Chunk aChunk(SimulatedCluster c) {
        return c.chunks().chunks().stream()
                .filter(ch -> ch.shard().equals("shard01"))
                .findFirst()
                .orElseThrow();
    }

    private static BsonDocument bound(SimulatedCluster c, ShardKey key) {
        return key.toDocument(c.shardKey());
    }

    @ParameterizedTest(name = "[{0}] {1}: Testing invalid commands")
    @CsvSource(delimiter = '|', textBlock = """
            # release | shard key
            6.0 | {a: 1}
            6.0 | {a: 1, b: 1}
            6.0 | {a: 'hashed'}
            7.0 | {a: 1}
            7.0 | {a: 1, b: 1}
            7.0 | {a: 'hashed'}
            8.0 | {a: 1}
            8.0 | {a: 1, b: 1}
            8.0 | {a: 'hashed'}
            """)
    void aBoundThatIsNotAShardKeyAndAnUnknownShardAreRefused(String release, String key) {
        // given db.coll sharded on the row's key
        SimulatedCluster c = given(release, key);
        Chunk a = aChunk(c);
        String before = c.chunks().toString();

        // when / then "Fail if one of the bounds is not a valid shard key"
        Optional<Refusal> invalidBound = c.refusal(
                new MoveRange(NS, bound(c, a.min()), ClusterRulesTest.doc("{invalidShardKey: 10}"), "shard02"));
        assertTrue(invalidBound.isPresent(), "a max that is not a shard key was accepted");

        // and "Fail if the `to` shard does not exists" with ShardNotFound
        Optional<Refusal> wrongShard = c.refusal(new MoveRange(NS, bound(c, a.min()), bound(c, a.max()), "WrongShard"));
        assertEquals("ShardNotFound", wrongShard.map(Refusal::codeName).orElse("(accepted)"));
        assertEquals(before, c.chunks().toString(), "nothing moved");
    }

    @ParameterizedTest(name = "[{0}] {1}: Testing moveRange with both bounds, then with only min bound")
    @CsvSource(delimiter = '|', textBlock = """
            # release | shard key
            6.0 | {a: 1}
            6.0 | {a: 1, b: 1}
            6.0 | {a: 'hashed'}
            7.0 | {a: 1}
            7.0 | {a: 1, b: 1}
            7.0 | {a: 'hashed'}
            8.0 | {a: 1}
            8.0 | {a: 1, b: 1}
            8.0 | {a: 'hashed'}
            """)
    void aChunkMovesByItsBoundsAndBackByItsMin(String release, String key) {
        // given db.coll sharded on the row's key, and aChunk, shard01's first chunk
        SimulatedCluster c = given(release, key);
        Chunk a = aChunk(c);
        int chunks = c.chunks().size();

        // when moveRange names its min and max, toShard shard02
        c.execute(new MoveRange(NS, bound(c, a.min()), bound(c, a.max()), "shard02"));
        c.settle(60_000);

        // then the same chunk is on shard02
        Chunk moved = c.chunks().chunkFor(a.min());
        assertEquals(List.of(a.min(), a.max(), "shard02"), List.of(moved.min(), moved.max(), moved.shard()));

        // when moveRange names only its min, toShard shard01: too small to split, it moves whole
        c.execute(new MoveRange(NS, bound(c, a.min()), null, "shard01"));
        c.settle(60_000);

        // then it is back on shard01 with its bounds, and no chunk was added
        Chunk back = c.chunks().chunkFor(a.min());
        assertEquals(List.of(a.min(), a.max(), "shard01"), List.of(back.min(), back.max(), back.shard()));
        assertEquals(chunks, c.chunks().size());
        c.checkInvariants();
    }
}
