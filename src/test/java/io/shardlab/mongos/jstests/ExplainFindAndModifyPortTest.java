package io.shardlab.mongos.jstests;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code explain} of {@code findAndModify} through a mongos, ported from mongo
 * {@code jstests/core/query/explain/explain_find_and_modify.js} as its {@code transformIfSharded} reads a mongos's
 * answer: one {@code SINGLE_SHARD} stage whose one shard carries {@code nReturned}, {@code executionSuccess} and
 * the {@code DELETE} ({@code nWouldDelete}) or {@code UPDATE} ({@code nWouldModify}, {@code nWouldUpsert}) stage,
 * under a projection stage with {@code fields}; explaining never creates the database or collection and changes no
 * document; a database that does not exist is an error (the router looks its routing up). Express stages (8.0+,
 * EXPRESS_UPDATE / EXPRESS_DELETE, which the file also accepts) are not simulated.
 */
class ExplainFindAndModifyPortTest {

    static final String ROWS = """
            all | explaining on a database that does not exist fails    | admin {ping: 1} | explain_find_and_modify {explain: {findAndModify: 'c', remove: true, query: {_id: 0}}} | NamespaceNotFound: database explain_find_and_modify not found
            all | ... and does not create it                            | ? explain_find_and_modify {explain: {findAndModify: 'c', remove: true, query: {_id: 0}}} | admin {listDatabases: 1, nameOnly: true, filter: {name: 'explain_find_and_modify'}} | ok {databases: []}
            all | a remove on a dropped collection works                | $DROPPED | test {explain: {findAndModify: 'c', remove: true, query: {_id: 0}}} | ok
            all | ... and does not create the collection                | $DROPPED ;; test {explain: {findAndModify: 'c', remove: true, query: {_id: 0}}} | test {listCollections: 1, filter: {name: 'c'}} | ok {'cursor.firstBatch': []}
            all | an upsert on a dropped collection works                | $DROPPED | test {explain: {findAndModify: 'c', update: {$inc: {i: 1}}, query: {_id: 0}, upsert: true, fields: {x: 1}}} | ok
            all | ... and does not create the collection                | $DROPPED ;; test {explain: {findAndModify: 'c', update: {$inc: {i: 1}}, query: {_id: 0}, upsert: true}} | test {listCollections: 1, filter: {name: 'c'}} | ok {'cursor.firstBatch': []}
            all | explaining a remove removes nothing                   | $DOC ;; test {explain: {findAndModify: 'c', remove: true, query: {_id: 0}}} | test {count: 'c'} | ok {n: 1}
            all | explaining an update updates nothing                  | $DOC ;; test {explain: {findAndModify: 'c', update: {x: 'x'}, query: {_id: 0}}} | test {find: 'c'} | ok {'cursor.firstBatch': [{_id: 0, i: 1}]}
            all | explaining an upsert inserts nothing                  | $DOC ;; test {explain: {findAndModify: 'c', update: {x: 'x'}, query: {_id: 'non-match'}, upsert: true}} | test {count: 'c'} | ok {n: 1}
            all | non-matching remove                                   | $DOC | test {explain: {findAndModify: 'c', remove: true, query: {_id: 'no-match'}}, verbosity: 'executionStats'} | ok {'executionStats.executionStages.stage': 'SINGLE_SHARD', 'executionStats.executionStages.shards.0': {nReturned: 0, executionSuccess: true, executionStages: {stage: 'DELETE', nWouldDelete: 0}}}
            all | matching remove                                       | $DOC | test {explain: {findAndModify: 'c', remove: true, query: {_id: 0}}, verbosity: 'allPlansExecution'} | ok {'executionStats.executionStages.shards.0': {nReturned: 1, executionSuccess: true, executionStages: {stage: 'DELETE', nWouldDelete: 1}}}
            all | non-matching update                                   | $DOC | test {explain: {findAndModify: 'c', update: {$inc: {i: 1}}, query: {_id: 'no-match'}}, verbosity: 'executionStats'} | ok {'executionStats.executionStages.shards.0': {nReturned: 0, executionSuccess: true, executionStages: {stage: 'UPDATE', nWouldModify: 0, nWouldUpsert: 0}}}
            all | non-matching update returning new                     | $DOC | test {explain: {findAndModify: 'c', update: {$inc: {i: 1}}, query: {_id: 'no-match'}, new: true}, verbosity: 'executionStats'} | ok {'executionStats.executionStages.shards.0': {nReturned: 0, executionStages: {stage: 'UPDATE', nWouldModify: 0, nWouldUpsert: 0}}}
            all | matching update                                       | $DOC | test {explain: {findAndModify: 'c', update: {$inc: {i: 1}}, query: {_id: 0}}, verbosity: 'executionStats'} | ok {'executionStats.executionStages.shards.0': {nReturned: 1, executionStages: {stage: 'UPDATE', nWouldModify: 1, nWouldUpsert: 0}}}
            all | matching update returning new                         | $DOC | test {explain: {findAndModify: 'c', update: {$inc: {i: 1}}, query: {_id: 0}, new: true}, verbosity: 'allPlansExecution'} | ok {'executionStats.executionStages.shards.0': {nReturned: 1, executionStages: {stage: 'UPDATE', nWouldModify: 1, nWouldUpsert: 0}}}
            all | non-matching upsert                                   | $DOC | test {explain: {findAndModify: 'c', update: {$inc: {i: 1}}, upsert: true, query: {_id: 'no-match'}}, verbosity: 'executionStats'} | ok {'executionStats.executionStages.shards.0': {nReturned: 0, executionStages: {stage: 'UPDATE', nWouldModify: 0, nWouldUpsert: 1}}}
            all | non-matching upsert returning new                     | $DOC | test {explain: {findAndModify: 'c', update: {$inc: {i: 1}}, upsert: true, query: {_id: 'no-match'}, new: true}, verbosity: 'executionStats'} | ok {'executionStats.executionStages.shards.0': {nReturned: 1, executionStages: {stage: 'UPDATE', nWouldModify: 0, nWouldUpsert: 1}}}
            all | matching upsert returning new                         | $DOC | test {explain: {findAndModify: 'c', update: {$inc: {i: 1}}, upsert: true, query: {_id: 0}, new: true}, verbosity: 'executionStats'} | ok {'executionStats.executionStages.shards.0': {nReturned: 1, executionStages: {stage: 'UPDATE', nWouldModify: 1, nWouldUpsert: 0}}}
            all | with fields: a projection stage over the remove       | $DOC | test {explain: {findAndModify: 'c', remove: true, query: {_id: 0}, fields: {i: 0}}, verbosity: 'executionStats'} | ok {'executionStats.executionStages.shards.0': {nReturned: 1, executionStages: {stage: 'PROJECTION_DEFAULT', transformBy: {i: 0}, inputStage: {stage: 'DELETE', nWouldDelete: 1}}}}
            all | with fields: a projection stage over the upsert       | $DOC | test {explain: {findAndModify: 'c', update: {$inc: {i: 1}}, upsert: true, query: {_id: 'no-match'}, fields: {i: 0}}, verbosity: 'executionStats'} | ok {'executionStats.executionStages.shards.0': {nReturned: 0, executionStages: {stage: 'PROJECTION_DEFAULT', transformBy: {i: 0}, inputStage: {stage: 'UPDATE', nWouldModify: 0, nWouldUpsert: 1}}}}
            all | queryPlanner: one shard                               | $DOC | test {explain: {findAndModify: 'c', remove: true, query: {_id: 0}}, verbosity: 'queryPlanner'} | ok {'queryPlanner.winningPlan.stage': 'SINGLE_SHARD', 'queryPlanner.winningPlan.shards.0.winningPlan.stage': 'DELETE'}
            """;

    /**
     * The table of {@link #ROWS}: {@code $DROPPED} leaves database test with collection c dropped; {@code $DOC} is
     * c holding {_id: 0, i: 1}.
     */
    static final PortedTable TABLE = new PortedTable(
            "jstests/core/query/explain/explain_find_and_modify.js",
            ROWS,
            Map.of(
                    "DROPPED",
                    "test {insert: 'c', documents: [{will: 'be dropped'}]} ;; test {drop: 'c'}",
                    "DOC",
                    "test {insert: 'c', documents: [{_id: 0, i: 1}]}"));

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = ROWS)
    void mongosAnswersAsMongoDB(String releases, String test, String given, String when, String then) {
        PortedRowRunner.assertRow(TABLE.row(releases, test, given, when, then));
    }
}
