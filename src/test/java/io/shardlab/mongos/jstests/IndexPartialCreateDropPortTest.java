package io.shardlab.mongos.jstests;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Partial indexes through a mongos, ported from mongo {@code jstests/core/index/index_partial_create_drop.js} (4.4:
 * {@code jstests/core/index_partial_create_drop.js}): the filters refused on create, the nesting rule of the release
 * (before 6.0 only a top-level {@code $and}; from 6.0, with {@code TimeseriesMetricIndexes} on, a tree no deeper than
 * 4), sparse partial indexes, and two partial indexes on one key. The key counts ({@code validate}) are not ported.
 * Where the file asserts a failure without a code, the code is mongod's ({@code src/mongo/db/catalog/index_catalog_impl.cpp},
 * {@code _isSpecOk} and {@code _checkValidFilterExpressions}); mongosh's {@code createIndex(keys, options)} sends the
 * specification {@code {key, name, ...options}}.
 */
class IndexPartialCreateDropPortTest {

    static final String ROWS = """
            4.4+    | Check bad filter spec on create: not an object       |  | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: 5}]} | error
            4.4+    | Check bad filter spec on create: unknown operator    |  | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: {x: {$asdasd: 3}}}]} | error
            4.4+    | Check bad filter spec on create: $and not an array   |  | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: {$and: 5}}]} | error
            4.4-5.0 | Check bad filter spec on create: a regex             |  | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: {x: /abc/}}]} | CannotCreateIndex~ unsupported expression in partial index: x regex /abc/
            6.0+    | Check bad filter spec on create: a regex             |  | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: {x: /abc/}}]} | CannotCreateIndex~ Expression not supported in partial index: x regex /abc/
            4.4+    | Use of $expr is banned in a partial index filter     |  | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: {$expr: {$eq: ['$x', 5]}}}]} | error
            4.4+    | Use of $expr is banned: with $trim                   |  | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: {$expr: {$eq: [{$trim: {input: '$x'}}, 'hi']}}}]} | error
            4.4-5.0 | Only top-level $and is permitted                     |  | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: {$and: [{$and: [{x: {$lt: 2}}, {x: {$gt: 0}}]}, {x: {$exists: true}}]}}]} | CannotCreateIndex
            6.0+    | Tree depth cannot exceed 4                           |  | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: {$and: [{$and: [{$and: [{$and: [{x: 3}]}]}]}]}}]} | CannotCreateIndex
            6.0+    | A tree depth of 4 is allowed                         |  | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: {$and: [{$and: [{$and: [{x: 3}]}]}]}}]} | ok
            4.4+    | Create partial index                                 | db {insert: 'index_partial_create_drop', documents: [{x: 0, a: 0}, {x: 9, a: 9}]} | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: {a: {$lt: 5}}}]} | ok {numIndexesBefore: 1, numIndexesAfter: 2}
            4.4     | Create partial index in background                   | db {insert: 'index_partial_create_drop', documents: [{x: 0, a: 0}, {x: 9, a: 9}]} | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', background: true, partialFilterExpression: {a: {$lt: 5}}}]} | ok {numIndexesAfter: 2}
            4.4+    | Partial indexes can't also be sparse: sparse true    | db {insert: 'index_partial_create_drop', documents: [{x: 0, a: 0}]} | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: {a: 1}, sparse: true}]} | CannotCreateIndex~ cannot mix "partialFilterExpression" and "sparse" options
            4.4+    | Partial indexes can't also be sparse: sparse 1       | db {insert: 'index_partial_create_drop', documents: [{x: 0, a: 0}]} | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: {a: 1}, sparse: 1}]} | CannotCreateIndex
            4.4+    | Partial indexes can't also be sparse: sparse false   | db {insert: 'index_partial_create_drop', documents: [{x: 0, a: 0}]} | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'x_1', partialFilterExpression: {a: 1}, sparse: false}]} | ok {numIndexesAfter: 2}
            4.4+    | Multiple partial indexes on one key pattern          | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'partialIndex1', partialFilterExpression: {a: {$lt: 5}}}]} | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'partialIndex2', partialFilterExpression: {a: {$gte: 5}}}]} | ok {numIndexesBefore: 2, numIndexesAfter: 3}
            4.4+    | Index drop by key pattern fails when ambiguous       | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'partialIndex1', partialFilterExpression: {a: {$lt: 5}}}]} ;; db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'partialIndex2', partialFilterExpression: {a: {$gte: 5}}}]} | db {dropIndexes: 'index_partial_create_drop', index: {x: 1}} | AmbiguousIndexKeyPattern~ 2 indexes found for key: { x: 1 }, identify by name instead.
            4.4+    | Index drop by name of one of them                    | db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'partialIndex1', partialFilterExpression: {a: {$lt: 5}}}]} ;; db {createIndexes: 'index_partial_create_drop', indexes: [{key: {x: 1}, name: 'partialIndex2', partialFilterExpression: {a: {$gte: 5}}}]} | db {dropIndexes: 'index_partial_create_drop', index: 'partialIndex2'} | ok
            """;

    /** The table of {@link #ROWS}. */
    static final PortedTable TABLE = PortedTable.of("jstests/core/index/index_partial_create_drop.js", ROWS);

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
