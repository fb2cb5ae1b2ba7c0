package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Collectionless {@code aggregate: 1} through a mongos and {@code $lookup} from a sharded collection, ported from
 * mongo {@code jstests/sharding/query/agg/documents_db_not_exist.js} ({@code $documents} on a database that was
 * dropped, 6.2+), the 5.0 test of {@code $lookup} with the sharded-lookup feature flag disabled
 * ({@code lookup_sharded} in SERVER-60018's removed file: 28769 for a sharded {@code from}, also under
 * {@code allowDiskUse}; a {@code $facet} whose field is not an array 40170), and the checks of mongo
 * {@code pipeline.cpp} ({@code validateTopLevelPipeline}: {@code {aggregate: 1}} needs a stage independent of any
 * collection, InvalidNamespace) and {@code document_source_facet.cpp}.
 */
class CollectionlessAggregatePortTest {

    static final String ROWS = """
            6.2+    | $documents on a dropped database                     | test {insert: 'foo', documents: [{}]} ;; test {dropDatabase: 1} | test {aggregate: 1, pipeline: [{$documents: [{_id: 0}, {_id: 1}, {_id: 2}]}], cursor: {}} | ok {'cursor.firstBatch': [{_id: 0}, {_id: 1}, {_id: 2}]}
            6.2+    | $documents then $match                               | test2 {insert: 'foo', documents: [{}]} ;; test2 {dropDatabase: 1} | test2 {aggregate: 1, pipeline: [{$documents: [{_id: 1, size: 'medium'}, {_id: 2, size: 'large'}]}, {$match: {size: 'medium'}}], cursor: {}} | ok {'cursor.firstBatch': [{_id: 1, size: 'medium'}]}
            6.2+    | $documents on admin                                  | admin {ping: 1} | admin {aggregate: 1, pipeline: [{$documents: [{a: 1}]}], cursor: {}} | ok {'cursor.firstBatch': [{a: 1}], 'cursor.ns': 'admin.$cmd.aggregate'}
            all     | {aggregate: 1} with an empty pipeline                | admin {ping: 1} | admin {aggregate: 1, pipeline: [], cursor: {}} | InvalidNamespace: {aggregate: 1} is not valid for an empty pipeline.
            all     | {aggregate: 1} needs a collectionless first stage    | admin {ping: 1} | admin {aggregate: 1, pipeline: [{$match: {}}], cursor: {}} | InvalidNamespace: {aggregate: 1} is not valid for '$match'; a collection is required.
            all     | ... on any database                                  | admin {ping: 1} | test {aggregate: 1, pipeline: [{$limit: 1}], cursor: {}} | InvalidNamespace: {aggregate: 1} is not valid for '$limit'; a collection is required.
            all     | $currentOp on admin, collectionless                  | admin {ping: 1} | admin {aggregate: 1, pipeline: [{$currentOp: {}}, {$limit: 1}], cursor: {}} | ok
            4.4-5.0 | $lookup from a sharded collection                    | $FROM | lookup_sharded {aggregate: 'lookUp', pipeline: [{$lookup: {localField: 'a', foreignField: 'b', from: 'from', as: 'same'}}], cursor: {}} | Location28769: lookup_sharded.from cannot be sharded
            4.4-5.0 | ... with allowDiskUse                                | $FROM | lookup_sharded {aggregate: 'lookUp', pipeline: [{$lookup: {localField: 'a', foreignField: 'b', from: 'from', as: 'same'}}], allowDiskUse: true, cursor: {}} | Location28769
            4.4-5.0 | ... inside a $facet                                  | $FROM | lookup_sharded {aggregate: 'lookUp', pipeline: [{$facet: {a: [{$lookup: {localField: 'a', foreignField: 'b', from: 'from', as: 'same'}}]}}], cursor: {}} | Location28769
            all     | a $facet field that is not an array                  | $FROM | lookup_sharded {aggregate: 'lookUp', pipeline: [{$facet: {a: {$lookup: {localField: 'a', foreignField: 'b', from: 'from', as: 'same'}}}}], allowDiskUse: true, cursor: {}} | Location40170: arguments to $facet must be arrays, a is type object
            5.1+    | from 5.1 $lookup reads a sharded collection          | $FROM | lookup_sharded {aggregate: 'lookUp', pipeline: [{$lookup: {localField: 'a', foreignField: 'b', from: 'from', as: 'same'}}], cursor: {}} | ok {'cursor.firstBatch.0.same': []}
            """;

    /** The table of {@link #ROWS}: {@code $FROM} is lookup_sharded.from sharded on {_id: 1}, lookUp unsharded. */
    static final PortedTable TABLE = new PortedTable(
            "jstests/sharding/query/agg/documents_db_not_exist.js",
            ROWS,
            Map.of(
                    "FROM",
                    "admin {enableSharding: 'lookup_sharded'} ;; admin {shardCollection: 'lookup_sharded.from', key:"
                            + " {_id: 1}} ;; lookup_sharded {insert: 'lookUp', documents: [{a: 1}]}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
