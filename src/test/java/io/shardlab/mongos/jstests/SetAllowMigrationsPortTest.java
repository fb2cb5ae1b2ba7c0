package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code setAllowMigrations} (4.4.11, 5.0.6 and later) and mongosh's {@code sh.disableMigrations} /
 * {@code sh.enableMigrations}, ported from mongo {@code jstests/sharding/set_allow_migrations.js} and the
 * {@code setAllowMigrations} case of {@code jstests/sharding/set_user_write_block_mode.js}: a moveChunk is
 * ConflictingOperationInProgress while migrations are forbidden, the balancer leaves the collection unbalanced, the
 * config.collections document says {@code permitMigrations: false} until migrations are allowed again. The file's
 * balancer case counts chunks, as the balancer did before 6.0.3; from 6.0.3 four small documents are balanced.
 */
class SetAllowMigrationsPortTest {

    static final String ROWS = """
            all | moveChunk while migrations are forbidden                | $COLL ;; admin {setAllowMigrations: 'db.foo', allowMigrations: false} | admin {moveChunk: 'db.foo', find: {_id: 0}, to: 'shard02'} | ConflictingOperationInProgress: Collection is undergoing changes so moveChunk is not allowed.
            all | config.collections says permitMigrations: false         | $COLL ;; admin {setAllowMigrations: 'db.foo', allowMigrations: false} | config {find: 'collections', filter: {_id: 'db.foo'}} | ok {'cursor.firstBatch.0.permitMigrations': false}
            all | allowing them again removes the field                   | $COLL ;; admin {setAllowMigrations: 'db.foo', allowMigrations: false} ;; admin {setAllowMigrations: 'db.foo', allowMigrations: true} | config {count: 'collections', query: {_id: 'db.foo', permitMigrations: {$exists: true}}} | ok {n: 0}
            all | re-enabled migrations move chunks                       | $COLL ;; admin {setAllowMigrations: 'db.foo', allowMigrations: false} ;; admin {setAllowMigrations: 'db.foo', allowMigrations: true} | admin {moveChunk: 'db.foo', find: {_id: 0}, to: 'shard02'} | ok
            4.4-5.3 | the balancer leaves collB alone (4 chunks on shard0)    | $COLL ;; admin {setAllowMigrations: 'db.foo', allowMigrations: false} ;; admin {balancerStart: 1} ;; advance 600000 | config {count: 'chunks', query: {shard: 'shard01'}} | ok {n: 4}
            4.4-5.3 | ... and reports it unbalanced                           | $COLL ;; admin {setAllowMigrations: 'db.foo', allowMigrations: false} ;; admin {balancerStart: 1} ;; advance 600000 | admin {balancerCollectionStatus: 'db.foo'} | ok {balancerCompliant: false, firstComplianceViolation: 'chunksImbalance'}
            all | a collection that is not sharded                        | admin {enableSharding: 'db'} | admin {setAllowMigrations: 'db.nothere', allowMigrations: false} | NamespaceNotSharded
            all | allowMigrations is required                             | $COLL | admin {setAllowMigrations: 'db.foo'} | IDLFailedToParse
            """;

    /** The table of {@link #ROWS}: {@code $COLL} is db.foo on {_id: 1} in four chunks on shard01 (collB). */
    static final PortedTable TABLE = new PortedTable(
            "jstests/sharding/set_allow_migrations.js",
            ROWS,
            Map.of(
                    "COLL",
                    "admin {enableSharding: 'db', primaryShard: 'shard01'} ;; admin {balancerStop: 1} ;; admin"
                            + " {shardCollection: 'db.foo', key: {_id: 1}} ;; db {insert: 'foo', documents: [{_id: 1},"
                            + " {_id: 10}, {_id: 20}, {_id: 30}]} ;; admin {split: 'db.foo', middle: {_id: 10}} ;;"
                            + " admin {split: 'db.foo', middle: {_id: 20}} ;; admin {split: 'db.foo', middle: {_id:"
                            + " 30}}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
