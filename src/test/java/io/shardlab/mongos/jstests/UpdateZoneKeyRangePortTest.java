package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code updateZoneKeyRange} on a sharded, an unsharded and a compound-key collection, ported from mongo
 * {@code jstests/sharding/update_zone_key_range.js} ({@code basicIntegrationTestCases}, {@code compoundKeyTestCases}):
 * a range is assigned and {@code config.tags} holds it; a range overlapping it is RangeOverlapConflict, a range whose
 * min is not below its max (on any field of a compound key, or equal bounds) is FailedToParse, and after a refusal the
 * tag document is unchanged; {@code zone: null} removes the range. The file runs one shard, in zone {@code x}
 * ({@code $ONE_SHARD_IN_X}); its cases follow each other on one collection, so each row's given holds the cases before it.
 */
class UpdateZoneKeyRangePortTest {

    static final String ROWS = """
            all     | ranged: basic assign works                    | $ONE_SHARD_IN_X ;; $RANGED | admin {updateZoneKeyRange: 'test.ranged', min: {x: 0}, max: {x: 10}, zone: 'x'} | ok
            all     | ... config.tags holds it                      | $ONE_SHARD_IN_X ;; $RANGED ;; $ZONED_RANGED | config {find: 'tags', filter: {ns: 'test.ranged'}} | ok {'cursor.firstBatch.0.min': {x: 0}, 'cursor.firstBatch.0.max': {x: 10}, 'cursor.firstBatch.0.tag': 'x'}
            all     | ranged case 1: overlapping range               | $ONE_SHARD_IN_X ;; $RANGED ;; $ZONED_RANGED | admin {updateZoneKeyRange: 'test.ranged', min: {x: -10}, max: {x: 20}, zone: 'x'} | RangeOverlapConflict
            all     | ... the tag is unchanged                      | $ONE_SHARD_IN_X ;; $RANGED ;; $ZONED_RANGED ;; ? admin {updateZoneKeyRange: 'test.ranged', min: {x: -10}, max: {x: 20}, zone: 'x'} | config {find: 'tags', filter: {ns: 'test.ranged'}} | ok {'cursor.firstBatch': [{ns: 'test.ranged', min: {x: 0}, max: {x: 10}, tag: 'x'}]}
            all     | ranged case 2: min > max                      | $ONE_SHARD_IN_X ;; $RANGED ;; $ZONED_RANGED | admin {updateZoneKeyRange: 'test.ranged', min: {x: 10}, max: {x: 0}, zone: 'x'} | FailedToParse
            all     | ranged case 3: zone null removes it           | $ONE_SHARD_IN_X ;; $RANGED ;; $ZONED_RANGED | admin {updateZoneKeyRange: 'test.ranged', min: {x: 0}, max: {x: 10}, zone: null} | ok
            all     | ... config.tags is empty                      | $ONE_SHARD_IN_X ;; $RANGED ;; $ZONED_RANGED ;; admin {updateZoneKeyRange: 'test.ranged', min: {x: 0}, max: {x: 10}, zone: null} | config {count: 'tags'} | ok {n: 0}
            all     | unsharded: basic assign works                 | $ONE_SHARD_IN_X | admin {updateZoneKeyRange: 'test.unsharded', min: {x: 0}, max: {x: 10}, zone: 'x'} | ok
            all     | ... config.tags holds it                      | $ONE_SHARD_IN_X ;; $ZONED_UNSHARDED | config {find: 'tags', filter: {ns: 'test.unsharded'}} | ok {'cursor.firstBatch.0.min': {x: 0}, 'cursor.firstBatch.0.max': {x: 10}, 'cursor.firstBatch.0.tag': 'x'}
            all     | unsharded case 1: overlapping range           | $ONE_SHARD_IN_X ;; $ZONED_UNSHARDED | admin {updateZoneKeyRange: 'test.unsharded', min: {x: -10}, max: {x: 20}, zone: 'x'} | RangeOverlapConflict
            all     | unsharded case 2: min > max                   | $ONE_SHARD_IN_X ;; $ZONED_UNSHARDED | admin {updateZoneKeyRange: 'test.unsharded', min: {x: 10}, max: {x: 0}, zone: 'x'} | FailedToParse
            all     | unsharded case 3: zone null removes it        | $ONE_SHARD_IN_X ;; $ZONED_UNSHARDED | admin {updateZoneKeyRange: 'test.unsharded', min: {x: 0}, max: {x: 10}, zone: null} | ok
            all     | ... config.tags is empty                      | $ONE_SHARD_IN_X ;; $ZONED_UNSHARDED ;; admin {updateZoneKeyRange: 'test.unsharded', min: {x: 0}, max: {x: 10}, zone: null} | config {count: 'tags'} | ok {n: 0}
            all     | compound: basic assign works                  | $ONE_SHARD_IN_X ;; $COMPOUND | admin {updateZoneKeyRange: 'test.compound', min: {_id: 0, x: 0}, max: {_id: 100, x: 10}, zone: 'x'} | ok
            all     | compound case 1: second field min > max       | $ONE_SHARD_IN_X ;; $COMPOUND ;; $ZONED_COMPOUND | admin {updateZoneKeyRange: 'test.compound', min: {_id: 100, x: 10}, max: {_id: 100, x: 1}, zone: 'x'} | FailedToParse
            all     | compound case 2: first field min > max        | $ONE_SHARD_IN_X ;; $COMPOUND ;; $ZONED_COMPOUND | admin {updateZoneKeyRange: 'test.compound', min: {_id: 10, x: 1}, max: {_id: 1, x: 10}, zone: 'x'} | FailedToParse
            all     | compound case 3: both fields min > max        | $ONE_SHARD_IN_X ;; $COMPOUND ;; $ZONED_COMPOUND | admin {updateZoneKeyRange: 'test.compound', min: {_id: 10, x: 10}, max: {_id: 1, x: 1}, zone: 'x'} | FailedToParse
            all     | compound: min equal to max                    | $ONE_SHARD_IN_X ;; $COMPOUND ;; $ZONED_COMPOUND | admin {updateZoneKeyRange: 'test.compound', min: {_id: 0, x: 0}, max: {_id: 0, x: 0}, zone: 'x'} | FailedToParse
            all     | ... the tag is unchanged                      | $ONE_SHARD_IN_X ;; $COMPOUND ;; $ZONED_COMPOUND ;; ? admin {updateZoneKeyRange: 'test.compound', min: {_id: 0, x: 0}, max: {_id: 0, x: 0}, zone: 'x'} | config {find: 'tags', filter: {ns: 'test.compound'}} | ok {'cursor.firstBatch.0.min': {_id: 0, x: 0}, 'cursor.firstBatch.0.max': {_id: 100, x: 10}}
            all     | compound case 4: zone null removes it         | $ONE_SHARD_IN_X ;; $COMPOUND ;; $ZONED_COMPOUND | admin {updateZoneKeyRange: 'test.compound', min: {_id: 0, x: 0}, max: {_id: 100, x: 10}, zone: null} | ok
            all     | ... config.tags is empty                      | $ONE_SHARD_IN_X ;; $COMPOUND ;; $ZONED_COMPOUND ;; admin {updateZoneKeyRange: 'test.compound', min: {_id: 0, x: 0}, max: {_id: 100, x: 10}, zone: null} | config {count: 'tags'} | ok {n: 0}
            """;

    /**
     * {@code $Z}: one shard in zone x, database test on it; {@code $R} / {@code $C}: the ranged and compound
     * collections; {@code $ZONED_RANGED}, {@code $ZONED_UNSHARDED}, {@code $ZONED_COMPOUND}: each collection's first, accepted, range.
     */
    static final PortedTable TABLE = new PortedTable(
            "jstests/sharding/update_zone_key_range.js",
            ROWS,
            Map.of(
                    "ONE_SHARD_IN_X",
                    "shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} ;; admin {enableSharding: 'test'}",
                    "RANGED",
                    "admin {shardCollection: 'test.ranged', key: {x: 1}}",
                    "ZONED_RANGED",
                    "admin {updateZoneKeyRange: 'test.ranged', min: {x: 0}, max: {x: 10}, zone: 'x'}",
                    "ZONED_UNSHARDED",
                    "admin {updateZoneKeyRange: 'test.unsharded', min: {x: 0}, max: {x: 10}, zone: 'x'}",
                    "COMPOUND",
                    "admin {shardCollection: 'test.compound', key: {_id: 1, x: 1}}",
                    "ZONED_COMPOUND",
                    "admin {updateZoneKeyRange: 'test.compound', min: {_id: 0, x: 0}, max: {_id: 100, x: 10},"
                            + " zone: 'x'}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
