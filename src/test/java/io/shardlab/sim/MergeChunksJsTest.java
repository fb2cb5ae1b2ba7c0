package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code mergeChunks} through mongos, as mongo {@code jstests/sharding/merge_chunks_test.js} asserts it
 * (the ranged-key copy, the same cases from 4.0 to 8.0): two shards, {@code foo.bar} sharded on
 * {@code {_id: 1}} with the primary on the first, split at 0, 10, 20, 40, 50, 90, 100 and 110, the chunks
 * of 10 and 90 moved to the second shard, and four documents {@code _id} 0, 10, 40 and 110:
 *
 * <pre>
 * shard01: [MinKey, 0) [0, 10) [20, 40) [40, 50) [50, 90) [100, 110) [110, MaxKey)
 * shard02: [10, 20) [90, 100)
 * </pre>
 *
 * A merge must name a run of chunks of one shard exactly (no partial chunk, no hole where another shard's
 * chunk lies, more than one chunk); the documents stay where they are. Here the shards are
 * {@code shard01} and {@code shard02} (the file's {@code st.shard0} and {@code st.shard1}) and the balancer
 * is off, so only the file's commands move chunks.
 */
class MergeChunksJsTest {

    private static final String NS = "foo.bar";
    private static final ShardKeyPattern KEY = ShardKeyPattern.parse("{_id: 1}");

    private static SimulatedCluster given(String release) {
        SimulatedCluster c = ClusterRulesTest.cluster(MongoVersion.parse(release), 2, 1024 * 1024);
        c.execute(new SetBalancerState(false));
        c.execute(ShardCollection.of(NS, "{_id: 1}"));
        for (int middle : new int[] {0, 10, 20, 40, 50, 90, 100, 110}) {
            c.execute(new SplitAt(NS, id(String.valueOf(middle))));
        }
        c.execute(new MoveChunk(NS, id("10"), "shard02", false));
        c.settle(60_000);
        c.execute(new MoveChunk(NS, id("90"), "shard02", false));
        c.settle(60_000);
        c.insert(NS, InsertBatch.ofInt64(new long[] {0, 10, 40, 110}, 100));
        return c;
    }

    private static BsonDocument id(String value) {
        return switch (value) {
            case "MinKey" -> KEY.globalMin().toDocument(KEY);
            case "MaxKey" -> KEY.globalMax().toDocument(KEY);
            default -> new BsonDocument("_id", new BsonInt32(Integer.parseInt(value)));
        };
    }

    /** The chunks as {@code shard01: [MinKey, 0) … | shard02: …}, each shard's in key order. */
    private static String layout(SimulatedCluster c) {
        return c.chunks().chunks().stream()
                .collect(Collectors.groupingBy(
                        Chunk::shard,
                        TreeMap::new,
                        Collectors.mapping(
                                ch -> "[" + text(ch.min()) + ", " + text(ch.max()) + ")", Collectors.joining(" "))))
                .entrySet()
                .stream()
                .map(e -> e.getKey() + ": " + e.getValue())
                .collect(Collectors.joining(" | "));
    }

    private static String text(ShardKey k) {
        if (k.isGlobalMin()) {
            return "MinKey";
        }
        if (k.isGlobalMax()) {
            return "MaxKey";
        }
        return String.valueOf(k.toDocument(KEY).get("_id").asNumber().intValue());
    }

    private static final String GIVEN_LAYOUT = "shard01: [MinKey, 0) [0, 10) [20, 40) [40, 50) [50, 90) [100, 110) "
            + "[110, MaxKey) | shard02: [10, 20) [90, 100)";

    @ParameterizedTest(name = "[{0}] {1}: mergeChunks [{2}, {3}) fails")
    @CsvSource(delimiter = '|', textBlock = """
            # release | merge_chunks_test.js                      | min    | max
            4.0 | Make sure merging non-exact chunks is invalid   | MinKey | 5
            4.0 | Make sure merging non-exact chunks is invalid   | 5      | 10
            4.0 | Make sure merging non-exact chunks is invalid   | 15     | 50
            4.0 | Make sure merging non-exact chunks is invalid   | 20     | 55
            4.0 | Make sure merging non-exact chunks is invalid   | 105    | MaxKey
            4.0 | Make sure merging single chunks is invalid      | MinKey | 0
            4.0 | Make sure merging single chunks is invalid      | 20     | 40
            4.0 | Make sure merging single chunks is invalid      | 110    | MaxKey
            4.0 | Make sure merging over holes is invalid         | 0      | 40
            4.0 | Make sure merging over holes is invalid         | 40     | 110
            4.0 | Make sure merging over holes is invalid         | 50     | 110
            4.0 | Make sure merging between shards is invalid     | 0      | 20
            4.0 | Make sure merging between shards is invalid     | 10     | 40
            4.0 | Make sure merging between shards is invalid     | 40     | 100
            4.4 | Make sure merging non-exact chunks is invalid   | 20     | 55
            4.4 | Make sure merging single chunks is invalid      | 20     | 40
            4.4 | Make sure merging over holes is invalid         | 40     | 110
            4.4 | Make sure merging between shards is invalid     | 10     | 40
            5.0 | Make sure merging non-exact chunks is invalid   | MinKey | 5
            5.0 | Make sure merging single chunks is invalid      | 110    | MaxKey
            5.0 | Make sure merging over holes is invalid         | 0      | 40
            5.0 | Make sure merging between shards is invalid     | 40     | 100
            6.0 | Make sure merging non-exact chunks is invalid   | 105    | MaxKey
            6.0 | Make sure merging single chunks is invalid      | MinKey | 0
            6.0 | Make sure merging over holes is invalid         | 50     | 110
            6.0 | Make sure merging between shards is invalid     | 0      | 20
            7.0 | Make sure merging non-exact chunks is invalid   | 5      | 10
            7.0 | Make sure merging single chunks is invalid      | 20     | 40
            7.0 | Make sure merging over holes is invalid         | 40     | 110
            7.0 | Make sure merging between shards is invalid     | 10     | 40
            8.0 | Make sure merging non-exact chunks is invalid   | MinKey | 5
            8.0 | Make sure merging non-exact chunks is invalid   | 5      | 10
            8.0 | Make sure merging non-exact chunks is invalid   | 15     | 50
            8.0 | Make sure merging non-exact chunks is invalid   | 20     | 55
            8.0 | Make sure merging non-exact chunks is invalid   | 105    | MaxKey
            8.0 | Make sure merging single chunks is invalid      | MinKey | 0
            8.0 | Make sure merging single chunks is invalid      | 20     | 40
            8.0 | Make sure merging single chunks is invalid      | 110    | MaxKey
            8.0 | Make sure merging over holes is invalid         | 0      | 40
            8.0 | Make sure merging over holes is invalid         | 40     | 110
            8.0 | Make sure merging over holes is invalid         | 50     | 110
            8.0 | Make sure merging between shards is invalid     | 0      | 20
            8.0 | Make sure merging between shards is invalid     | 10     | 40
            8.0 | Make sure merging between shards is invalid     | 40     | 100
            """)
    void mergesThatShouldFail(String release, String assertion, String min, String max) {
        // given the file's chunks and four documents
        SimulatedCluster c = given(release);
        assertEquals(GIVEN_LAYOUT, layout(c));

        // when / then the merge is refused, and the chunks and documents stay as they were
        MergeChunks merge = new MergeChunks(NS, id(min), id(max));
        assertTrue(c.refusal(merge).isPresent(), "mergeChunks [" + min + ", " + max + ") was accepted");
        assertEquals(GIVEN_LAYOUT, layout(c));
        assertEquals(4, c.snapshot().documents());
    }

    @ParameterizedTest(name = "[{0}] Trying merges that should succeed")
    @ValueSource(strings = {"4.0", "4.4", "5.0", "6.0.0", "6.0.3", "7.0", "8.0"})
    void mergesThatShouldSucceed(String release) {
        // given the file's chunks and four documents
        SimulatedCluster c = given(release);

        // when the file's merges and moves run in its order, then each leaves the file's chunks
        step(
                c,
                "Make sure merge including the MinKey works",
                merge("MinKey", "10"),
                "shard01: [MinKey, 10) [20, 40) [40, 50) [50, 90) [100, 110) [110, MaxKey) | shard02: [10, 20) [90,"
                        + " 100)");
        step(
                c,
                "Make sure merging three chunks in the middle works",
                merge("20", "90"),
                "shard01: [MinKey, 10) [20, 90) [100, 110) [110, MaxKey) | shard02: [10, 20) [90, 100)");
        step(
                c,
                "Make sure merge including the MaxKey works",
                merge("100", "MaxKey"),
                "shard01: [MinKey, 10) [20, 90) [100, MaxKey) | shard02: [10, 20) [90, 100)");
        step(
                c,
                "Make sure merging chunks after a chunk has been moved out of a shard succeeds",
                new MoveChunk(NS, id("110"), "shard02", false),
                "shard01: [MinKey, 10) [20, 90) | shard02: [10, 20) [90, 100) [100, MaxKey)");
        step(
                c,
                "(the chunk of 10 comes back)",
                new MoveChunk(NS, id("10"), "shard01", false),
                "shard01: [MinKey, 10) [10, 20) [20, 90) | shard02: [90, 100) [100, MaxKey)");
        step(
                c,
                "merge on shard02",
                merge("90", "MaxKey"),
                "shard01: [MinKey, 10) [10, 20) [20, 90) | shard02: [90, MaxKey)");
        step(
                c,
                "Make sure merge on the other shard after a chunk has been merged succeeds",
                merge("MinKey", "90"),
                "shard01: [MinKey, 90) | shard02: [90, MaxKey)");
        c.checkInvariants();
    }

    private static MergeChunks merge(String min, String max) {
        return new MergeChunks(NS, id(min), id(max));
    }

    private static void step(SimulatedCluster c, String assertion, ClusterCommand command, String expected) {
        c.execute(command);
        c.settle(60_000);
        assertEquals(expected, layout(c), assertion);
        assertEquals(4, c.snapshot().documents(), assertion + ": the documents stay");
    }
}
