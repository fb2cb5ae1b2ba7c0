package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The sharding fields of {@code $listClusterCatalog}, ported from mongo
 * {@code jstests/core/catalog/agg_list_cluster_catalog_sharding_fields.js}, and mongosh's
 * {@code collection.getShardLocation()} (mongosh {@code packages/shell-api/src/collection.ts}: the stage with
 * {@code shards: true}, a {@code $match} on the namespace and a {@code $project} of {@code shards} and
 * {@code sharded}). An unsharded collection is on its database's primary and not tracked; a sharded one on the
 * shards of its chunks. The file sets {@code noBalance} / {@code permitMigrations} by updating config.collections;
 * here the commands that set them do ({@code configureCollectionBalancing} and {@code setAllowMigrations}), and the
 * file's {@code false} and unset cases, which answer alike, are one row each.
 */
class ListClusterCatalogShardingFieldsPortTest {

    static final String ROWS = """
            8.0+ | standard unsharded: on the primary, not tracked       | $DB | db {aggregate: 1, pipeline: [{$listClusterCatalog: {shards: true, tracked: true, balancingConfiguration: true}}, {$match: {ns: 'db.collUnsharded'}}], cursor: {}} | ok {'cursor.firstBatch.0.shards': ['shard01'], 'cursor.firstBatch.0.tracked': false, 'cursor.firstBatch.0.sharded': false}
            8.0+ | ... and no balancing fields                           | $DB | db {aggregate: 1, pipeline: [{$listClusterCatalog: {shards: true, tracked: true, balancingConfiguration: true}}, {$match: {ns: 'db.collUnsharded', balancingEnabled: {$exists: false}, shardKey: {$exists: false}}}, {$count: 'n'}], cursor: {}} | ok {'cursor.firstBatch.0.n': 1}
            8.0+ | sharded collection                                    | $DB | db {aggregate: 1, pipeline: [{$listClusterCatalog: {shards: true, tracked: true, balancingConfiguration: true}}, {$match: {ns: 'db.collSharded'}}], cursor: {}} | ok {'cursor.firstBatch.0': {sharded: true, shardKey: {x: 1}, shards: ['shard01'], tracked: true, balancingEnabled: true, balancingEnabledReason: {enableBalancing: true, allowMigrations: true}}}
            8.0+ | permitMigrations false: balancing disabled            | $DB ;; admin {setAllowMigrations: 'db.collSharded', allowMigrations: false} | db {aggregate: 1, pipeline: [{$listClusterCatalog: {balancingConfiguration: true}}, {$match: {ns: 'db.collSharded'}}], cursor: {}} | ok {'cursor.firstBatch.0.balancingEnabled': false, 'cursor.firstBatch.0.balancingEnabledReason': {enableBalancing: true, allowMigrations: false}}
            8.0+ | noBalance true: balancing disabled                    | $DB ;; admin {configureCollectionBalancing: 'db.collSharded', enableBalancing: false} | db {aggregate: 1, pipeline: [{$listClusterCatalog: {balancingConfiguration: true}}, {$match: {ns: 'db.collSharded'}}], cursor: {}} | ok {'cursor.firstBatch.0.balancingEnabled': false, 'cursor.firstBatch.0.balancingEnabledReason': {enableBalancing: false, allowMigrations: true}}
            8.0+ | noBalance true and permitMigrations false             | $DB ;; admin {configureCollectionBalancing: 'db.collSharded', enableBalancing: false} ;; admin {setAllowMigrations: 'db.collSharded', allowMigrations: false} | db {aggregate: 1, pipeline: [{$listClusterCatalog: {balancingConfiguration: true}}, {$match: {ns: 'db.collSharded'}}], cursor: {}} | ok {'cursor.firstBatch.0.balancingEnabled': false, 'cursor.firstBatch.0.balancingEnabledReason': {enableBalancing: false, allowMigrations: false}}
            8.0+ | both allowed again: balancing enabled                 | $DB ;; admin {configureCollectionBalancing: 'db.collSharded', enableBalancing: false} ;; admin {setAllowMigrations: 'db.collSharded', allowMigrations: false} ;; admin {configureCollectionBalancing: 'db.collSharded', enableBalancing: true} ;; admin {setAllowMigrations: 'db.collSharded', allowMigrations: true} | db {aggregate: 1, pipeline: [{$listClusterCatalog: {balancingConfiguration: true}}, {$match: {ns: 'db.collSharded'}}], cursor: {}} | ok {'cursor.firstBatch.0.balancingEnabled': true, 'cursor.firstBatch.0.balancingEnabledReason': {enableBalancing: true, allowMigrations: true}}
            8.0+ | chunkSize: the collection's, in MB                    | $DB ;; admin {configureCollectionBalancing: 'db.collSharded', chunkSize: 64} | db {aggregate: 1, pipeline: [{$listClusterCatalog: {balancingConfiguration: true}}, {$match: {ns: 'db.collSharded'}}], cursor: {}} | ok {'cursor.firstBatch.0.chunkSize': 64}
            8.0+ | getShardLocation() of a sharded collection            | $DB ;; admin {split: 'db.collSharded', middle: {x: 0}} ;; admin {moveChunk: 'db.collSharded', find: {x: 0}, to: 'shard02'} | db {aggregate: 1, pipeline: [{$listClusterCatalog: {shards: true}}, {$match: {ns: 'db.collSharded'}}, {$project: {_id: 0, shards: 1, sharded: 1}}], cursor: {}} | ok {'cursor.firstBatch': [{shards: ['shard01', 'shard02'], sharded: true}]}
            8.0+ | getShardLocation() of an unsharded collection         | $DB | db {aggregate: 1, pipeline: [{$listClusterCatalog: {shards: true}}, {$match: {ns: 'db.collUnsharded'}}, {$project: {_id: 0, shards: 1, sharded: 1}}], cursor: {}} | ok {'cursor.firstBatch': [{shards: ['shard01'], sharded: false}]}
            """;

    /**
     * The table of {@link #ROWS}: {@code $DB} is db (primary shard01) with collUnsharded and collSharded on
     * {x: 1}.
     */
    static final PortedTable TABLE = new PortedTable(
            "jstests/core/catalog/agg_list_cluster_catalog_sharding_fields.js",
            ROWS,
            Map.of(
                    "DB",
                    "admin {enableSharding: 'db', primaryShard: 'shard01'} ;; db {create: 'collUnsharded'} ;; admin"
                            + " {shardCollection: 'db.collSharded', key: {x: 1}}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
