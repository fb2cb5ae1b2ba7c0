package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code enableSharding}, ported from mongo {@code jstests/sharding/enable_sharding.js} (one row per assertion, in the
 * file's order; {@code st.shard0} / {@code st.shard1} are {@code shard01} / {@code shard02}). The texts: 4.4's
 * {@code configsvr_enable_sharding_command.cpp}; from 5.0 {@code ShardingCatalogManager::createDatabase} in
 * {@code sharding_catalog_manager_database_operations.cpp} (its {@code "database'"} without a space until 7.x, with
 * one and refusing any casing of admin, local and config from 8.0).
 */
class EnableShardingPortTest {

    static final String ROWS = """
            all      | can run only against the admin database            |  | test {enableSharding: 'db'}  | Unauthorized: enableSharding may only be run against the admin database.
            all      | cannot shard system databases except config        |  | admin {enableSharding: 'config'} | ok
            all      | config gets no config.databases entry              | admin {enableSharding: 'config'} | config {count: 'databases', query: {_id: 'config'}} | ok {n: 0}
            4.4      | cannot shard system databases: local               |  | admin {enableSharding: 'local'} | InvalidOptions: can't shard local database
            4.4      | cannot shard system databases: admin               |  | admin {enableSharding: 'admin'} | InvalidOptions: can't shard admin database
            5.0-7.3  | cannot shard system databases: local               |  | admin {enableSharding: 'local'} | InvalidOptions: Cannot manually create database'local'
            5.0-7.3  | cannot shard system databases: admin               |  | admin {enableSharding: 'admin'} | InvalidOptions: Cannot manually create database'admin'
            8.0+     | cannot shard system databases: local               |  | admin {enableSharding: 'local'} | InvalidOptions: Database local could not be created :: caused by :: Cannot manually create database 'local'
            8.0+     | cannot shard system databases: admin               |  | admin {enableSharding: 'admin'} | InvalidOptions: Database admin could not be created :: caused by :: Cannot manually create database 'admin'
            8.0+     | admin in another casing                            |  | admin {enableSharding: 'Admin'} | InvalidOptions: Database Admin could not be created :: caused by :: Cannot manually create database 'Admin'
            all      | a refused system database leaves no entry          | ?admin {enableSharding: 'admin'} | config {count: 'databases'} | ok {n: 0}
            all      | enableSharding creates the database                | admin {enableSharding: 'db'} | config {count: 'databases', query: {_id: 'db'}} | ok {n: 1}
            4.4-7.3  | cannot shard db names that just differ on case     | admin {enableSharding: 'db'} | admin {enableSharding: 'DB'} | DatabaseDifferCase: can't have 2 databases that just differ on case  have: db want to add: DB
            8.0+     | cannot shard db names that just differ on case     | admin {enableSharding: 'db'} | admin {enableSharding: 'DB'} | DatabaseDifferCase: Database DB could not be created :: caused by :: can't have 2 databases that just differ on case  have: db want to add: DB
            all      | a refused casing leaves no entry                   | admin {enableSharding: 'db'} ;; ?admin {enableSharding: 'DB'} | config {count: 'databases'} | ok {n: 1}
            all      | cannot shard invalid db name a.b                   |  | admin {enableSharding: 'a.b'} | InvalidNamespace
            all      | cannot shard invalid db name ''                    |  | admin {enableSharding: ''} | InvalidNamespace
            all      | sharding an enabled database again returns success | admin {enableSharding: 'db'} | admin {enableSharding: 'db'} | ok
            all      | ... and keeps one entry                            | admin {enableSharding: 'db'} ;; admin {enableSharding: 'db'} | config {count: 'databases', query: {_id: 'db'}} | ok {n: 1}
            all      | implicit db creation when writing                  | unsharded {insert: 'foo', documents: [{aKey: 'aValue'}]} | config {count: 'databases', query: {_id: 'unsharded'}} | ok {n: 1}
            6.0+     | sharding a collection before enableSharding works  |  | admin {shardCollection: 'testdb.testcoll', key: {_id: 1}} | ok
            4.4-5.0  | (before 6.0 enableSharding comes first)            |  | admin {shardCollection: 'testdb.testcoll', key: {_id: 1}} | IllegalOperation: sharding not enabled for db testdb
            4.4-7.3  | cannot enable sharding with a wrong shard name     |  | admin {enableSharding: 'db2', primaryShard: 'shard02_unenxisting_name_postfix'} | ShardNotFound: Shard shard02_unenxisting_name_postfix not found
            8.0+     | cannot enable sharding with a wrong shard name     |  | admin {enableSharding: 'db2', primaryShard: 'shard02_unenxisting_name_postfix'} | ShardNotFound: Database db2 could not be created :: caused by :: Shard shard02_unenxisting_name_postfix not found
            all      | a valid shard name must work: shard0               | admin {enableSharding: 'db_on_shard0', primaryShard: 'shard01'} | config {find: 'databases', filter: {_id: 'db_on_shard0'}} | ok {'cursor.firstBatch.0.primary': 'shard01'}
            all      | a valid shard name must work: shard1               | admin {enableSharding: 'db_on_shard1', primaryShard: 'shard02'} | config {find: 'databases', filter: {_id: 'db_on_shard1'}} | ok {'cursor.firstBatch.0.primary': 'shard02'}
            all      | already created with the same primary must work    | admin {enableSharding: 'db_on_shard0', primaryShard: 'shard01'} | admin {enableSharding: 'db_on_shard0', primaryShard: 'shard01'} | ok
            4.4-7.3  | cannot enable with a different primary: shard0     | admin {enableSharding: 'db_on_shard0', primaryShard: 'shard01'} | admin {enableSharding: 'db_on_shard0', primaryShard: 'shard02'} | NamespaceExists: database already created on a primary which is different from shard02
            4.4-7.3  | cannot enable with a different primary: shard1     | admin {enableSharding: 'db_on_shard1', primaryShard: 'shard02'} | admin {enableSharding: 'db_on_shard1', primaryShard: 'shard01'} | NamespaceExists: database already created on a primary which is different from shard01
            8.0+     | cannot enable with a different primary: shard0     | admin {enableSharding: 'db_on_shard0', primaryShard: 'shard01'} | admin {enableSharding: 'db_on_shard0', primaryShard: 'shard02'} | NamespaceExists: Database db_on_shard0 could not be created :: caused by :: database already created on a primary which is different from shard02
            8.0+     | cannot enable with a different primary: shard1     | admin {enableSharding: 'db_on_shard1', primaryShard: 'shard02'} | admin {enableSharding: 'db_on_shard1', primaryShard: 'shard01'} | NamespaceExists: Database db_on_shard1 could not be created :: caused by :: database already created on a primary which is different from shard01
            all      | a refused primary leaves the database where it was | admin {enableSharding: 'db_on_shard1', primaryShard: 'shard02'} ;; ?admin {enableSharding: 'db_on_shard1', primaryShard: 'shard01'} | config {find: 'databases', filter: {_id: 'db_on_shard1'}} | ok {'cursor.firstBatch.0.primary': 'shard02'}
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/sharding/enable_sharding.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
