package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code shardCollection} after zones were set for the namespace, as mongo
 * {@code jstests/sharding/shard_collection_existing_zones.js} asserts it (three shards, shard01 the
 * primary): the proposed key is checked against the zone ranges, and the ranges lay out the
 * initial chunks.
 */
class ShardCollectionExistingZonesTest {

    private static final String NS = "test.foo";

    private static SimulatedCluster cluster(String version) {
        return ClusterRulesTest.cluster(MongoVersion.parse(version), 3, 1024 * 1024);
    }

    @ParameterizedTest(name = "[{0}] testShardKeyValidation({1}, {2}, {3}) -> {4}")
    @CsvSource(delimiter = '|', textBlock = """
            7.0 | {x: 1}        | false | false | (accepted)
            7.0 | {y: 1}        | false | false | the proposed shard key { y: 1 } does not match with the shard key of the existing zone { x: 0 } -->> { x: 10 }
            7.0 | {x: 1, y: 1}  | false | false | the proposed shard key { x: 1, y: 1 } does not match with the shard key of the existing zone { x: 0 } -->> { x: 10 }
            7.0 | {x: 'hashed'} | false | false | cannot do hash sharding with the proposed key { x: "hashed" } because there exists a zone { x: 0 } -->> { x: 10 } whose boundaries are not of type NumberLong, MinKey or MaxKey
            7.0 | {x: 'hashed'} | true  | false | cannot do hash sharding with the proposed key { x: "hashed" } because there exists a zone { x: 0 } -->> { x: 10 } whose boundaries are not of type NumberLong, MinKey or MaxKey
            7.0 | {x: 'hashed'} | false | true  | cannot do hash sharding with the proposed key { x: "hashed" } because there exists a zone { x: 0 } -->> { x: 10 } whose boundaries are not of type NumberLong, MinKey or MaxKey
            7.0 | {x: 'hashed'} | true  | true  | (accepted)
            8.0 | {x: 'hashed'} | true  | true  | (accepted)
            8.0 | {y: 1}        | true  | true  | the proposed shard key { y: 1 } does not match with the shard key of the existing zone { x: 0 } -->> { x: 10 }
            """)
    void theProposedKeyIsCheckedAgainstTheExistingZones(
            String version, String key, boolean numberLongMin, boolean numberLongMax, String expected) {
        SimulatedCluster c = cluster(version);
        c.execute(new AddShardToZone("shard01", "zoneName"));
        c.execute(new UpdateZoneKeyRange(
                NS,
                BsonDocument.parse(numberLongMin ? "{x: NumberLong(0)}" : "{x: 0}"),
                BsonDocument.parse(numberLongMax ? "{x: NumberLong(10)}" : "{x: 10}"),
                "zoneName"));
        // BSONObj::toString prints a NumberLong bound as a plain number
        assertEquals(
                expected,
                c.canApply(new ShardCollection(NS, ShardKeyPattern.parse(key), false, false))
                        .orElse("(accepted)"));
    }

    @ParameterizedTest(name = "[{0}] testChunkSplits")
    @CsvSource(delimiter = '|', textBlock = """
            7.0 | min@shard01 0@shard01 10@shard02 20@shard02 30@shard03 40@shard03
            5.0 | min@shard01 0@shard01 10@shard02 20@shard02 30@shard03 40@shard03
            8.0 | min@* 0@shard01 10@shard02 20@* 30@shard03 40@*
            """)
    void theZoneRangesLayOutTheInitialChunks(String version, String expected) {
        // shard0 - zoneName0 - [0, 10), shard1 - zoneName1 - [10, 20), shard2 - zoneName2 - [30, 40); the
        // holes round-robin over the shards (shuffled from 7.2, which the file's copy predates)
        SimulatedCluster c = cluster(version);
        String[][] ranges = {{"0", "10"}, {"10", "20"}, {"30", "40"}};
        for (int i = 0; i < 3; i++) {
            c.execute(new AddShardToZone("shard0" + (i + 1), "zoneName" + i));
            c.execute(new UpdateZoneKeyRange(
                    NS,
                    BsonDocument.parse("{x: " + ranges[i][0] + "}"),
                    BsonDocument.parse("{x: " + ranges[i][1] + "}"),
                    "zoneName" + i));
        }
        c.execute(ShardCollection.of(NS, "{x: 1}"));
        List<Chunk> chunks = c.snapshot().cluster().chunks().chunks();
        String[] want = expected.split(" ");
        assertEquals(want.length, chunks.size(), chunks.toString());
        for (int i = 0; i < chunks.size(); i++) {
            Chunk ch = chunks.get(i);
            String min =
                    ch.min().isGlobalMin() ? "min" : ch.min().get(0).asNumber().intValue() + "";
            String[] w = want[i].split("@");
            assertEquals(w[0], min);
            if (!w[1].equals("*")) {
                assertEquals(w[1], ch.shard(), "chunk " + i + " " + chunks);
            }
        }
    }
}
