package io.shardlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shardlab.cluster.MongoVersion;
import io.shardlab.cluster.ZoneRange;
import io.shardlab.key.ShardKeyPattern;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code updateZoneKeyRange} checks its range as MongoDB does, in MongoDB's order: the range parse
 * ({@code ChunkRange::fromBSON}, update_zone_key_range_request_type.cpp), then
 * {@code ShardingCatalogManager::assignKeyRangeToZone} (sharding_catalog_manager_zone_operations.cpp):
 * storage validity, the zone, the key prefix or matching fields, hashed bounds, overlap.
 */
class ZoneKeyRangeRulesTest {

    private static final String NS = "db.c";

    private static BsonDocument doc(String json) {
        return BsonDocument.parse(json);
    }

    /** Given zone A on shard01 and, on {@code key} (blank: not sharded yet), the range [0, 10) of A. */
    private static SimulatedCluster given(String key, boolean sharded) {
        SimulatedCluster c = ClusterRulesTest.cluster(MongoVersion.V8_0, 2, 1024 * 1024);
        c.execute(new AddShardToZone("shard01", "A"));
        String field = ShardKeyPattern.parse(key).fields().get(0).path();
        if (sharded) {
            c.execute(ShardCollection.of(NS, key));
        }
        c.execute(new UpdateZoneKeyRange(
                NS, doc("{" + field + ": NumberLong(0)}"), doc("{" + field + ": NumberLong(10)}"), "A"));
        return c;
    }

    @ParameterizedTest(name = "{0}, sharded {1}: [{2}, {3}) of {4} -> {5}")
    @CsvSource(delimiter = '|', textBlock = """
            {a: 1, b: 1}   | true  | {a: 20}          | {a: 15}           | A | min: { a: 20 } should be less than max: { a: 15 }
            {a: 1, b: 1}   | false | {a: 20}          | {a: 20}           | A | min: { a: 20 } should be less than max: { a: 20 }
            {a: 1, b: 1}   | true  | {a: [1]}         | {a: [2]}          | A | Shard key element a: [ 1 ] is not valid for storage
            {a: 1, b: 1}   | true  | {a: 20}          | {a: 30}           | B | zone B does not exist
            {a: 1, b: 1}   | true  | {b: 20}          | {b: 30}           | A | min: { b: 20 } is not a prefix of the shard key { a: 1, b: 1 } of ns: db.c
            {a: 1, b: 1}   | true  | {a: 20}          | {b: 30}           | A | max: { b: 30 } is not a prefix of the shard key { a: 1, b: 1 } of ns: db.c
            {a: 1, b: 1}   | true  | {b: 1, a: 20}    | {b: 1, a: 30}     | A | min: { b: 1, a: 20 } is not a prefix of the shard key { a: 1, b: 1 } of ns: db.c
            {a: 1, b: 1}   | true  | {a: 20}          | {a: 30}           | A | (accepted)
            {a: 1, b: 1}   | true  | {a: 20, b: 5}    | {a: 30, b: 0}     | A | (accepted)
            {a: 1, b: 1}   | true  | {a: 5}           | {a: 15}           | A | Zone range: { a: 5, b: MinKey } -->> { a: 15, b: MinKey }  on  A is overlapping with existing: { a: 0, b: MinKey } -->> { a: 10, b: MinKey }  on  A
            {a: 1, b: 1}   | true  | {a: 0}           | {a: 10}           | A | zone range [{ a: 0, b: MinKey }, { a: 10, b: MinKey }) is already assigned to A
            {h: 'hashed'}  | true  | {h: 5}           | {h: 10}           | A | there exists a field in the range { h: 5 } -->> { h: 10 } not of type NumberLong, MinKey, or MaxKey which corresponds to a hashed field in the shard key pattern { h: "hashed" }
            {h: 'hashed'}  | true  | {h: NumberLong(20)} | {h: MaxKey}    | A | (accepted)
            {a: 1, b: 1}   | false | {a: 20}          | {b: 30}           | A | the shard key of min { a: 20 } doesn't match with the shard key of max { b: 30 }
            {a: 1, b: 1}   | false | {a: 20}          | {a: 30, b: 1}     | A | the shard key of min { a: 20 } doesn't match with the shard key of max { a: 30, b: 1 }
            {a: 1, b: 1}   | false | {a: 5}           | {a: 15}           | A | Zone range: { a: 5 } -->> { a: 15 }  on  A is overlapping with existing: { a: 0 } -->> { a: 10 }  on  A
            {a: 1, b: 1}   | false | {a: -5}          | {a: 20}           | A | Zone range: { a: -5 } -->> { a: 20 }  on  A is overlapping with existing: { a: 0 } -->> { a: 10 }  on  A
            {a: 1, b: 1}   | false | {a: 10}          | {a: 20}           | A | (accepted)
            """)
    void aZoneRangeIsCheckedAsMongoDbChecksIt(
            String key, boolean sharded, String min, String max, String zone, String expected) {
        SimulatedCluster c = given(key, sharded);
        assertEquals(
                expected,
                c.canApply(new UpdateZoneKeyRange(NS, doc(min), doc(max), zone)).orElse("(accepted)"));
    }

    @Test
    void aPrefixRangeOnAShardedCollectionIsExtendedWithMinKey() {
        // includeFullShardKey + KeyPattern::extendRangeBound(bound, false)
        SimulatedCluster c = given("{a: 1, b: 1}", true);
        c.execute(new UpdateZoneKeyRange(NS, doc("{a: 20}"), doc("{a: 30}"), "A"));
        ZoneRange added = c.snapshot().cluster().zones().get(1);
        assertEquals(doc("{a: 20, b: {$minKey: 1}}"), added.min().toDocument(ShardKeyPattern.parse("{a: 1, b: 1}")));
        assertEquals(doc("{a: 30, b: {$minKey: 1}}"), added.max().toDocument(ShardKeyPattern.parse("{a: 1, b: 1}")));
        assertEquals(
                List.of("A", "A"),
                c.snapshot().cluster().zones().stream().map(ZoneRange::zone).toList());
    }
}
