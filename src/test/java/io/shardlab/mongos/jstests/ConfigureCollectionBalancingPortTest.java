package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code configureCollectionBalancing} (5.3+) and {@code balancerCollectionStatus}, ported from mongo's jstest "Test
 * the configureCollectionBalancing command and balancerCollectionStatus command" ({@code jstests/sharding},
 * {@code requires_fcv_61}): its chunk size bounds, the default applied by {@code chunkSize: 0} (and the session
 * collection's), and the {@code defragmentingChunks} status between starting and stopping a defragmentation with the
 * balancer off. The texts: {@code ShardingCatalogManager::configureCollectionBalancing}.
 */
class ConfigureCollectionBalancingPortTest {

    static final String ROWS = """
            5.3+ | chunk size bounds: 1 GB is valid                         | $COLL | admin {configureCollectionBalancing: 'db.testColl_0', chunkSize: 1024} | ok
            5.3+ | chunk size bounds: an int32 overflow of the bytes        | $COLL | admin {configureCollectionBalancing: 'db.testColl_0', chunkSize: 4194304} | InvalidOptions: Chunk size '4194304' out of range [1MB, 1GB]
            5.3+ | chunk size bounds: an int64 overflow of the bytes        | $COLL | admin {configureCollectionBalancing: 'db.testColl_0', chunkSize: 8796093022209} | InvalidOptions
            5.3+ | chunk size bounds: negative numbers are not allowed      | $COLL | admin {configureCollectionBalancing: 'db.testColl_0', chunkSize: -1} | InvalidOptions: Chunk size '-1' out of range [1MB, 1GB]
            5.3+ | apply default value: 1024 MB is maxChunkSizeBytes        | $COLL ;; admin {configureCollectionBalancing: 'db.testColl_0', chunkSize: 1024} | config {find: 'collections', filter: {_id: 'db.testColl_0'}} | ok {'cursor.firstBatch.0.maxChunkSizeBytes': 1073741824}
            5.3+ | apply default value: 0 removes it                        | $COLL ;; admin {configureCollectionBalancing: 'db.testColl_0', chunkSize: 1024} ;; admin {configureCollectionBalancing: 'db.testColl_0', chunkSize: 0} | config {count: 'collections', query: {_id: 'db.testColl_0', maxChunkSizeBytes: {$exists: true}}} | ok {n: 0}
            5.3+ | apply default value: config.system.sessions 1024 MB      | admin {shardCollection: 'config.system.sessions', key: {_id: 1}} ;; admin {configureCollectionBalancing: 'config.system.sessions', chunkSize: 1024} | config {find: 'collections', filter: {_id: 'config.system.sessions'}} | ok {'cursor.firstBatch.0.maxChunkSizeBytes': 1073741824}
            5.3+ | apply default value: config.system.sessions gets 200000  | admin {shardCollection: 'config.system.sessions', key: {_id: 1}} ;; admin {configureCollectionBalancing: 'config.system.sessions', chunkSize: 1024} ;; admin {configureCollectionBalancing: 'config.system.sessions', chunkSize: 0} | config {find: 'collections', filter: {_id: 'config.system.sessions'}} | ok {'cursor.firstBatch.0.maxChunkSizeBytes': 200000}
            5.3+ | the collection's chunk size in balancerCollectionStatus  | $COLL ;; admin {configureCollectionBalancing: 'db.testColl_0', chunkSize: 2} | admin {balancerCollectionStatus: 'db.testColl_0'} | ok {chunkSize: 2}
            5.3+ | begin defragmentation with the balancer off              | $COLL ;; admin {balancerStop: 1} ;; admin {configureCollectionBalancing: 'db.testColl_0', defragmentCollection: true, chunkSize: 2} | admin {balancerCollectionStatus: 'db.testColl_0'} | ok {balancerCompliant: false, firstComplianceViolation: 'defragmentingChunks'}
            5.3+ | a collection that is not sharded                         | admin {enableSharding: 'db'} | admin {configureCollectionBalancing: 'db.nothere', chunkSize: 2} | NamespaceNotSharded: Expected to match one doc for query { _id: "db.nothere" } but matched 0
            5.3+ | no option is a no-op                                     | admin {enableSharding: 'db'} | admin {configureCollectionBalancing: 'db.nothere'} | ok
            4.4-5.2 | (before 5.3 there is no such command)                 | $COLL | admin {configureCollectionBalancing: 'db.testColl_0', chunkSize: 2} | CommandNotFound
            """;

    /** The table of {@link #ROWS}: {@code $COLL} is db.testColl_0 sharded on {key: 1} with ten chunks. */
    static final PortedTable TABLE = new PortedTable(
            "jstests/sharding (configureCollectionBalancing and balancerCollectionStatus)",
            ROWS,
            Map.of(
                    "COLL",
                    "admin {enableSharding: 'db'} ;; admin {shardCollection: 'db.testColl_0', key: {key: 1}} ;; admin"
                            + " {split: 'db.testColl_0', middle: {key: 1000}} ;; admin {split: 'db.testColl_0',"
                            + " middle: {key: 2000}} ;; admin {split: 'db.testColl_0', middle: {key: 3000}}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
