package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code checkMetadataConsistency} (7.0+), ported from mongo
 * {@code jstests/core_sharding/ddl/check_metadata_consistency_basic.js} ({@code testDDLDoNotProduceConsistencies}:
 * no inconsistency at the cluster, database or collection level on a clean cluster, after enableSharding, after
 * shardCollection and after dropDatabase) and the checks of mongo
 * {@code src/mongo/s/commands/cluster_check_metadata_consistency_cmd.cpp}: on admin only without a collection
 * name (InvalidNamespace); a database or collection level looks the database's primary up (NamespaceNotFound for a
 * database that does not exist). ShardLab's catalog is one source of truth: the first batch is always empty.
 */
class CheckMetadataConsistencyPortTest {

    static final String ROWS = """
            7.0+    | clean cluster: cluster level                          | admin {ping: 1} | admin {checkMetadataConsistency: 1, checkIndexes: 1} | ok {'cursor.firstBatch': [], 'cursor.id': 0}
            7.0+    | after enableSharding: cluster level                   | admin {enableSharding: 'test'} | admin {checkMetadataConsistency: 1, checkIndexes: 1} | ok {'cursor.firstBatch': []}
            7.0+    | after enableSharding: database level                  | admin {enableSharding: 'test'} | test {checkMetadataConsistency: 1, checkIndexes: 1} | ok {'cursor.firstBatch': []}
            7.0+    | after shardCollection: database level                 | $COLL | test {checkMetadataConsistency: 1, checkIndexes: 1} | ok {'cursor.firstBatch': []}
            7.0+    | after shardCollection: collection level               | $COLL | test {checkMetadataConsistency: 'coll', checkIndexes: 1} | ok {'cursor.firstBatch': [], 'cursor.ns': 'test.coll'}
            7.0+    | after dropDatabase: cluster level                     | $COLL ;; test {dropDatabase: 1} | admin {checkMetadataConsistency: 1, checkIndexes: 1} | ok {'cursor.firstBatch': []}
            7.0+    | on admin, no collection name                          | admin {ping: 1} | admin {checkMetadataConsistency: 'coll'} | InvalidNamespace: checkMetadataConsistency command on admin database can only be run without collection name. Found unexpected collection name: coll
            7.0+    | a database that does not exist                        | admin {ping: 1} | nodb {checkMetadataConsistency: 1} | NamespaceNotFound: database nodb not found
            4.4-6.3 | before 7.0 there is no such command                   | admin {ping: 1} | admin {checkMetadataConsistency: 1} | CommandNotFound: no such command: 'checkMetadataConsistency'
            """;

    /** The table of {@link #ROWS}: {@code $COLL} is test.coll sharded on {_id: 1}. */
    static final PortedTable TABLE = new PortedTable(
            "jstests/core_sharding/ddl/check_metadata_consistency_basic.js",
            ROWS,
            Map.of("COLL", "admin {enableSharding: 'test'} ;; admin {shardCollection: 'test.coll', key: {_id: 1}}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
