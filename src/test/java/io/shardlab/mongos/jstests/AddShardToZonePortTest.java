package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code addShardToZone} through the mongos, ported from mongo {@code jstests/sharding/add_shard_to_zone.js} (one
 * shard): a shard with no zone joins a new one and {@code config.shards} lists it in {@code tags}; a second zone is
 * appended. The config server's rules behind it are ported from its C++ unit tests in
 * {@code io.shardlab.sim.ShardZoneCommandsTest}.
 */
class AddShardToZonePortTest {

    static final String ROWS = """
            all     | adding shard with no zone to a new zone           | shards 1 | admin {addShardToZone: 'shard01', zone: 'x'} | ok
            all     | ... config.shards tags ['x']                      | shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} | config {find: 'shards'} | ok {'cursor.firstBatch.0.tags': ['x']}
            all     | adding zone to a shard with existing zones        | shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} | admin {addShardToZone: 'shard01', zone: 'y'} | ok
            all     | ... config.shards tags ['x', 'y']                 | shards 1 ;; admin {addShardToZone: 'shard01', zone: 'x'} ;; admin {addShardToZone: 'shard01', zone: 'y'} | config {find: 'shards'} | ok {'cursor.firstBatch.0.tags': ['x', 'y']}
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/sharding/add_shard_to_zone.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
