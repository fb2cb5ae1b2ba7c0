package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code $listClusterCatalog} (8.0.10+; a whole 8.0 line answers as 8.0.17), ported from mongo
 * {@code jstests/core/catalog/agg_list_cluster_catalog.js}: collectionless only (9621301), its spec an object
 * (9621302); one entry per collection of the database (of every database, {@code config} included, on
 * {@code admin}) that is its {@code listCollections} entry without {@code name}, with {@code db}, {@code ns} and
 * always {@code sharded}; {@code shards}, {@code tracked} and the balancing fields only when asked for. The file's
 * views and time-series collections are the document store's (not simulated here). Before 8.0.10 the stage is
 * unknown (mongo {@code document_source.cpp}, 40324).
 */
class ListClusterCatalogPortTest {

    static final String ROWS = """
            8.0+    | the stage must run collectionless                     | $DBS | db1 {aggregate: 'foo', pipeline: [{$listClusterCatalog: {}}], cursor: {}} | Location9621301: The $listClusterCatalog stage must run on a database, not a collection.
            8.0+    | the stage must take an object                         | $DBS | db1 {aggregate: 1, pipeline: [{$listClusterCatalog: 'wrong'}], cursor: {}} | Location9621302: $listClusterCatalog must take an object but found: $listClusterCatalog: "wrong"
            8.0+    | the collections of the user db                        | $DBS | db1 {aggregate: 1, pipeline: [{$listClusterCatalog: {}}, {$project: {_id: 0, ns: 1}}], cursor: {}} | ok {'cursor.firstBatch': [{ns: 'db1.coll1'}, {ns: 'db1.coll2'}]}
            8.0+    | ... of a second db                                    | $DBS | db2 {aggregate: 1, pipeline: [{$listClusterCatalog: {}}, {$project: {_id: 0, ns: 1}}], cursor: {}} | ok {'cursor.firstBatch': [{ns: 'db2.coll1'}, {ns: 'db2.coll2'}]}
            8.0+    | an entry is the listCollections entry with db and ns  | $DBS | db1 {aggregate: 1, pipeline: [{$listClusterCatalog: {}}, {$match: {ns: 'db1.coll1'}}], cursor: {}} | ok {'cursor.firstBatch.0': {db: 'db1', ns: 'db1.coll1', type: 'collection', options: {}, info: {readOnly: false}, idIndex: {v: 2, key: {_id: 1}, name: '_id_'}}}
            8.0+    | the field 'name' is not present                       | $DBS | db1 {aggregate: 1, pipeline: [{$listClusterCatalog: {}}, {$match: {name: {$exists: true}}}], cursor: {}} | ok {'cursor.firstBatch': []}
            8.0+    | 'sharded' is always present                           | $DBS | db1 {aggregate: 1, pipeline: [{$listClusterCatalog: {}}, {$match: {sharded: {$exists: false}}}], cursor: {}} | ok {'cursor.firstBatch': []}
            8.0+    | an empty result if the user database doesn't exist    | $DBS | notExistent {aggregate: 1, pipeline: [{$listClusterCatalog: {}}], cursor: {}} | ok {'cursor.firstBatch': []}
            8.0+    | every database when run against admin                 | $DBS | admin {aggregate: 1, pipeline: [{$listClusterCatalog: {}}, {$match: {db: {$in: ['db1', 'db2']}}}, {$count: 'n'}], cursor: {}} | ok {'cursor.firstBatch.0.n': 4}
            8.0+    | shards only when asked for                            | $DBS | admin {aggregate: 1, pipeline: [{$listClusterCatalog: {tracked: true, balancingConfiguration: true}}, {$match: {shards: {$exists: true}}}], cursor: {}} | ok {'cursor.firstBatch': []}
            8.0+    | ... and then on every entry                           | $DBS | admin {aggregate: 1, pipeline: [{$listClusterCatalog: {shards: true}}, {$match: {db: 'db1', shards: {$exists: true}}}, {$count: 'n'}], cursor: {}} | ok {'cursor.firstBatch.0.n': 2}
            8.0+    | tracked only when asked for                           | $DBS | admin {aggregate: 1, pipeline: [{$listClusterCatalog: {shards: true}}, {$match: {tracked: {$exists: true}}}], cursor: {}} | ok {'cursor.firstBatch': []}
            8.0+    | ... and then on every entry                           | $DBS | db1 {aggregate: 1, pipeline: [{$listClusterCatalog: {tracked: true}}, {$match: {tracked: {$exists: true}}}, {$count: 'n'}], cursor: {}} | ok {'cursor.firstBatch.0.n': 2}
            8.0+    | no balancing fields on an unsharded collection        | $DBS | db1 {aggregate: 1, pipeline: [{$listClusterCatalog: {balancingConfiguration: true}}, {$match: {$or: [{balancingEnabled: {$exists: true}}, {autoMergingEnabled: {$exists: true}}, {chunkSize: {$exists: true}}]}}], cursor: {}} | ok {'cursor.firstBatch': []}
            8.0+    | ... and on a sharded one                              | $DBS ;; admin {shardCollection: 'db1.coll1', key: {_id: 1}} | db1 {aggregate: 1, pipeline: [{$listClusterCatalog: {balancingConfiguration: true}}, {$match: {ns: 'db1.coll1'}}], cursor: {}} | ok {'cursor.firstBatch.0.balancingEnabled': true, 'cursor.firstBatch.0.autoMergingEnabled': true, 'cursor.firstBatch.0.chunkSize': 128}
            8.0+    | the collections of the config database                | $DBS | config {aggregate: 1, pipeline: [{$listClusterCatalog: {}}, {$match: {ns: 'config.chunks'}}, {$project: {_id: 0, db: 1, ns: 1}}], cursor: {}} | ok {'cursor.firstBatch': [{db: 'config', ns: 'config.chunks'}]}
            8.0+    | ... also from admin                                   | $DBS | admin {aggregate: 1, pipeline: [{$listClusterCatalog: {}}, {$match: {ns: 'config.chunks'}}, {$count: 'n'}], cursor: {}} | ok {'cursor.firstBatch.0.n': 1}
            8.0+    | readOnly is false for a collection                    | $DBS | db1 {aggregate: 1, pipeline: [{$listClusterCatalog: {}}, {$match: {'info.readOnly': false}}, {$count: 'n'}], cursor: {}} | ok {'cursor.firstBatch.0.n': 2}
            8.0+    | a spec field is an optionalBool                       | $DBS | db1 {aggregate: 1, pipeline: [{$listClusterCatalog: {shards: 1}}], cursor: {}} | TypeMismatch: Field 'shards' should be a boolean value, but found: int
            8.0+    | the spec is strict                                    | $DBS | db1 {aggregate: 1, pipeline: [{$listClusterCatalog: {foo: true}}], cursor: {}} | IDLUnknownField: BSON field '$listClusterCatalog.foo' is an unknown field.
            4.4-7.3 | before 8.0.10 the stage is unknown                    | $DBS | db1 {aggregate: 1, pipeline: [{$listClusterCatalog: {}}], cursor: {}} | Location40324: Unrecognized pipeline stage name: '$listClusterCatalog'
            """;

    /** The table of {@link #ROWS}: {@code $DBS} is db1 and db2 with coll1 and coll2 each. */
    static final PortedTable TABLE = new PortedTable(
            "jstests/core/catalog/agg_list_cluster_catalog.js",
            ROWS,
            Map.of(
                    "DBS",
                    "db1 {create: 'coll1'} ;; db1 {create: 'coll2'} ;; db2 {create: 'coll1'} ;; db2 {create:"
                            + " 'coll2'}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
