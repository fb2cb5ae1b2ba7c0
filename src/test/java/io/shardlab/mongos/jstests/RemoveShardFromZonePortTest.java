package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code removeShardFromZone} through the mongos, ported from mongo {@code jstests/sharding/remove_shard_from_zone.js}
 * (one shard in zone x): removing the shard from its zone leaves it in no zone; removing it again, from a zone that no
 * longer exists, works and changes nothing: the shard's {@code tags} stays, empty ({@code $pull} leaves the emptied
 * array, mongo {@code src/mongo/db/s/config/sharding_catalog_manager_zone_operations.cpp}).
 */
class RemoveShardFromZonePortTest {

    static final String ROWS = """
            all     | the shard is in zone x                            | shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} | config {find: 'shards'} | ok {'cursor.firstBatch.0.tags': ['x']}
            all     | removing shard from existing zone                 | shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} | admin {removeShardFromZone: 'shard01', zone: 'x'} | ok
            all     | ... shardDoc.tags is []                           | shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} ;; admin {removeShardFromZone: 'shard01', zone: 'x'} | config {find: 'shards'} | ok {'cursor.firstBatch.0.tags': []}
            all     | removing shard from zone that no longer exists    | shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} ;; admin {removeShardFromZone: 'shard01', zone: 'x'} | admin {removeShardFromZone: 'shard01', zone: 'x'} | ok
            all     | ... shardDoc.tags is still []                     | shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} ;; admin {removeShardFromZone: 'shard01', zone: 'x'} ;; admin {removeShardFromZone: 'shard01', zone: 'x'} | config {find: 'shards'} | ok {'cursor.firstBatch.0.tags': []}
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/sharding/remove_shard_from_zone.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
