package io.shardlab.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shardlab.mongos.ErrorCode;
import io.shardlab.mongos.MongoCommandException;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Multi-document transactions through ShardLab's mongos, command by command as MongoDB's jstests send them: the
 * session state machine, what a statement sees, conflicts, the lifetime limit, the commands allowed inside, and
 * when the writes reach the simulated cluster. Each scenario cites the jstest it ports.
 */
class TransactionsTest {

    private final SessionMongos mongos = new SessionMongos("7.0");
    private final BsonDocument session = SessionMongos.newSession(1);
    private final BsonDocument other = SessionMongos.newSession(2);

    private List<BsonValue> ids(BsonDocument lsid, Long txnNumber, String filter) {
        String find = "{find: 'c', filter: " + filter + (txnNumber == null ? "}" : ", autocommit: false}");
        BsonArray batch =
                mongos.run("test", find, lsid, txnNumber).getDocument("cursor").getArray("firstBatch");
        return batch.stream().map(d -> d.asDocument().get("_id")).toList();
    }

    private List<BsonValue> committedIds() {
        return ids(null, null, "{}");
    }

    // ---- jstests/core/txns/finished_transaction_error_handling.js --------------------------------------

    @Test
    void committedAndAbortedTransactionsCannotBeChangedButCommitIsRetryable() {
        mongos.run("test", "{create: 'c'}");

        StatementScript.run(mongos, session, """
                # Test aborted transaction number cannot be reused.
                1 | test  | {insert: 'c', documents: [{_id: 'abort-txn-1'}], readConcern: {level: 'snapshot'}, startTransaction: true, autocommit: false} | ok
                1 | admin | {abortTransaction: 1, writeConcern: {w: 'majority'}, autocommit: false} | ok
                # Attempt to commit an aborted transaction
                1 | admin | {commitTransaction: 1, autocommit: false} | NoSuchTransaction: Transaction with { txnNumber: 1 } has been aborted.
                # Attempt to abort an aborted transaction
                1 | admin | {abortTransaction: 1, autocommit: false} | NoSuchTransaction
                # Attempt to continue an aborted transaction
                1 | test  | {insert: 'c', documents: [{_id: 'abort-txn-2'}], autocommit: false} | NoSuchTransaction
                # Attempt to restart an aborted transaction
                1 | test  | {insert: 'c', documents: [{_id: 'abort-txn-2'}], readConcern: {level: 'snapshot'}, startTransaction: true, autocommit: false} | ConflictingOperationInProgress: already started
                # Test commitTransaction command is retryable
                2 | test  | {insert: 'c', documents: [{_id: 'commit-txn-1'}], readConcern: {level: 'snapshot'}, startTransaction: true, autocommit: false} | ok
                2 | admin | {commitTransaction: 1, autocommit: false} | ok
                # Retry commitTransaction command on a committed transaction
                2 | admin | {commitTransaction: 1, autocommit: false} | ok
                # Attempt to abort a committed transaction
                2 | admin | {abortTransaction: 1, autocommit: false} | TransactionCommitted: Transaction with { txnNumber: 2 } has been committed.
                # Attempt to continue a committed transaction
                2 | test  | {insert: 'c', documents: [{_id: 'commit-txn-2'}], autocommit: false} | TransactionCommitted
                # Attempt to restart a committed transaction
                2 | test  | {insert: 'c', documents: [{_id: 'commit-txn-2'}], readConcern: {level: 'snapshot'}, startTransaction: true, autocommit: false} | ConflictingOperationInProgress
                """);

        assertEquals(
                List.of("commit-txn-1"),
                committedIds().stream().map(v -> v.asString().getValue()).toList());
    }

    @ParameterizedTest(name = "MongoDB {0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            4.4 | Transaction 1 has been aborted.
            5.0 | Transaction 1 has been aborted.
            6.0 | Transaction with { txnNumber: 1 } has been aborted.
            8.0 | Transaction with { txnNumber: 1 } has been aborted.
            """)
    void theParticipantNamesATransactionAsItsReleaseDoes(String release, String message) {
        SessionMongos byRelease = new SessionMongos(release);
        byRelease.run(
                "test", "{insert: 'c', documents: [{_id: 1}], startTransaction: true, autocommit: false}", session, 1L);
        byRelease.run("admin", "{abortTransaction: 1, autocommit: false}", session, 1L);

        MongoCommandException e = byRelease.refusal("admin", "{commitTransaction: 1, autocommit: false}", session, 1L);

        assertEquals(message, e.getMessage());
        assertEquals(List.of("TransientTransactionError"), e.errorLabels());
    }

    // ---- jstests/core/txns/multi_statement_transaction_command_args.js -----------------------------------

    @Test
    void sessionFieldsNeedTheFieldsBeforeThem() {
        mongos.run("test", "{create: 'c'}");

        StatementScript.run(mongos, session, """
                # autocommit -> startTransaction: startTransaction but no autocommit
                3 | test  | {find: 'c', filter: {}, startTransaction: true} | InvalidOptions: 'startTransaction' field requires 'autocommit' field to also be specified
                # Begin a transaction with startTransaction=true and autocommit=false
                4 | test  | {find: 'c', filter: {}, readConcern: {level: 'snapshot'}, startTransaction: true, autocommit: false} | ok
                4 | admin | {commitTransaction: 1, autocommit: false, writeConcern: {w: 'majority'}} | ok
                # Try to start an already in progress transaction.
                5 | test  | {find: 'c', filter: {}, startTransaction: true, autocommit: false} | ok
                5 | test  | {find: 'c', filter: {}, startTransaction: true, autocommit: false} | ConflictingOperationInProgress
                5 | admin | {commitTransaction: 1, autocommit: false} | ok
                # Try to begin a transaction by omitting 'startTransaction' and setting autocommit=false
                6 | test  | {find: 'c', filter: {}, autocommit: false} | NoSuchTransaction: cannot continue txnId 5
                # Try to begin a transaction with startTransaction=false and autocommit=false
                7 | test  | {find: 'c', filter: {}, startTransaction: false, autocommit: false} | InvalidOptions: Specifying startTransaction=false is not allowed.
                # Run an initial transaction operation with autocommit=true
                8 | test  | {find: 'c', filter: {}, startTransaction: true, autocommit: true} | InvalidOptions: Specifying autocommit=true is not allowed.
                8 | admin | {commitTransaction: 1, autocommit: false} | Location50940: Cannot recover the transaction decision without a recoveryToken
                # Run a non-initial transaction operation with autocommit=true: fails without affecting the transaction
                9 | test  | {find: 'c', filter: {}, startTransaction: true, autocommit: false} | ok
                9 | test  | {insert: 'c', documents: [{_id: '9_1'}], autocommit: true} | InvalidOptions
                # ... and without an autocommit field (7.0: IncompleteTransactionHistory; 4.4: InvalidOptions)
                9 | test  | {insert: 'c', documents: [{_id: '9_2'}]} | IncompleteTransactionHistory
                9 | admin | {commitTransaction: 1, autocommit: false} | ok
                # The 'autocommit' field must be specified on commit/abort commands.
                10 | test  | {find: 'c', filter: {}, startTransaction: true, autocommit: false} | ok
                10 | admin | {commitTransaction: 1} | InvalidOptions: commitTransaction can only be run within a session
                10 | admin | {commitTransaction: 1, autocommit: true} | InvalidOptions
                10 | admin | {commitTransaction: 1, autocommit: false} | ok
                11 | test  | {find: 'c', filter: {}, startTransaction: true, autocommit: false} | ok
                11 | admin | {abortTransaction: 1} | InvalidOptions: abortTransaction can only be run within a session
                11 | admin | {abortTransaction: 1, autocommit: true} | InvalidOptions
                11 | admin | {abortTransaction: 1, autocommit: false} | ok
                """);

        assertEquals(List.of(), committedIds(), "no statement of 9 wrote: the refused inserts did not run");
    }

    @Test
    void aTransactionNumberNeedsASessionAndAutocommitANumber() {
        StatementScript.run(mongos, null, """
                # lsid -> txnNumber
                1 | test | {find: 'c', filter: {}, readConcern: {level: 'snapshot'}} | InvalidOptions: Transaction number requires a session ID to also be specified
                """);
        StatementScript.run(mongos, session, """
                # txnNumber -> autocommit
                - | test | {find: 'c', filter: {}, autocommit: false} | InvalidOptions: 'autocommit' field requires a transaction number to also be specified
                # jstests/core/txns/commands_banning_txnnumber_outside_transactions.js
                1 | test | {find: 'c', filter: {}} | NotARetryableWriteCommand: find is not a retryable write command.
                -1 | test | {insert: 'c', documents: [{}]} | InvalidOptions: Transaction number cannot be negative
                """);
    }

    // ---- jstests/core/txns/commands_not_allowed_in_txn.js ---------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "{count: 'c'}",
                "{count: 'c', query: {a: 1}}",
                "{explain: {find: 'c'}}",
                "{isMaster: 1}",
                "{buildInfo: 1}",
                "{ping: 1}",
                "{drop: 'drop_collection', writeConcern: {w: 'majority'}}",
                "{listCollections: 1}",
                "{listIndexes: 'c'}"
            })
    void aCommandNotAllowedInATransactionIsRefusedAndLeavesItRunning(String command) {
        mongos.run("test", "{create: 'c'}");
        mongos.run("test", "{create: 'drop_collection'}");
        String withFields = command.substring(0, command.length() - 1);

        // Check that the command cannot be used to start a transaction.
        MongoCommandException start =
                mongos.refusal("test", withFields + ", startTransaction: true, autocommit: false}", session, 1L);
        // Check that the command fails inside a transaction, but does not abort the transaction.
        mongos.run(
                "test", "{insert: 'c', documents: [{_id: 2}], startTransaction: true, autocommit: false}", session, 2L);
        MongoCommandException inside = mongos.refusal("test", withFields + ", autocommit: false}", session, 2L);
        mongos.run("admin", "{commitTransaction: 1, autocommit: false}", session, 2L);

        for (MongoCommandException e : List.of(start, inside)) {
            assertEquals(ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION, e.code());
            assertTrue(e.getMessage().matches("Cannot run .* in a multi-document transaction\\..*"), e.getMessage());
        }
        assertEquals(
                List.of(2),
                committedIds().stream().map(v -> v.asInt32().getValue()).toList());
    }

    @Test
    void countInATransactionPointsToItsAlternative() {
        MongoCommandException e =
                mongos.refusal("test", "{count: 'c', startTransaction: true, autocommit: false}", session, 1L);

        assertEquals(
                "Cannot run 'count' in a multi-document transaction. Please see "
                        + "http://dochub.mongodb.org/core/transaction-count for a recommended alternative.",
                e.getMessage());
    }

    @Test
    void commitAndAbortCannotStartATransaction() {
        StatementScript.run(mongos, session, """
                # transaction_validation.cpp validateSessionOptions
                1 | admin | {commitTransaction: 1, startTransaction: true, autocommit: false} | OperationNotSupportedInTransaction: Cannot start a transaction with a commit
                1 | admin | {abortTransaction: 1, startTransaction: true, autocommit: false} | OperationNotSupportedInTransaction: Cannot start a transaction with an abort
                1 | test  | {insert: 'c', documents: [{}], startTransaction: true, autocommit: false, writeConcern: {w: 1}} | InvalidOptions: writeConcern is not allowed within a multi-statement transaction
                1 | config | {find: 'chunks', startTransaction: true, autocommit: false} | OperationNotSupportedInTransaction: Cannot run command against the config database in a transaction.
                1 | test  | {find: 'c', startTransaction: true, autocommit: false, readConcern: {level: 'available'}} | InvalidOptions: The first command in a transaction cannot specify a readConcern level other than local, majority, or snapshot
                2 | test  | {find: 'c', startTransaction: true, autocommit: false, readConcern: {level: 'local'}} | ok
                2 | test  | {find: 'c', autocommit: false, readConcern: {level: 'local'}} | InvalidOptions: Only the first command in a transaction may specify a readConcern
                """);
    }

    // ---- reads: jstests/core/txns/multi_statement_transaction.js, repeatable_reads_in_transaction.js ------

    @Test
    void aTransactionReadsItsOwnWritesWhichNobodyElseSeesUntilCommit() {
        mongos.run("test", "{insert: 'c', documents: [{_id: 0, x: 1}]}");

        mongos.run(
                "test", "{insert: 'c', documents: [{_id: 1}], startTransaction: true, autocommit: false}", session, 1L);
        mongos.run(
                "test", "{update: 'c', updates: [{q: {_id: 0}, u: {$inc: {x: 1}}}], autocommit: false}", session, 1L);
        mongos.run("test", "{delete: 'c', deletes: [{q: {_id: 0}, limit: 1}], autocommit: false}", session, 1L);
        List<BsonValue> inside = ids(session, 1L, "{}");
        List<BsonValue> outside = committedIds();
        BsonDocument outsideZero = mongos.run("test", "{find: 'c', filter: {_id: 0}}")
                .getDocument("cursor")
                .getArray("firstBatch")
                .get(0)
                .asDocument();
        mongos.run("admin", "{commitTransaction: 1, autocommit: false}", session, 1L);

        assertEquals("[BsonInt32{value=1}]", inside.toString());
        assertEquals("[BsonInt32{value=0}]", outside.toString());
        assertEquals(1, outsideZero.getInt32("x").getValue(), "the update is not seen outside before commit");
        assertEquals("[BsonInt32{value=1}]", committedIds().toString());
    }

    @Test
    void aTransactionKeepsReadingItsSnapshotWhileOthersCommit() {
        mongos.run("test", "{insert: 'c', documents: [{_id: 0}]}");
        mongos.run("test", "{find: 'c', startTransaction: true, autocommit: false}", session, 1L);

        mongos.run("test", "{insert: 'c', documents: [{_id: 1}]}");
        List<BsonValue> repeated = ids(session, 1L, "{}");

        assertEquals("[BsonInt32{value=0}]", repeated.toString());
        assertEquals(2, committedIds().size());
    }

    @Test
    void anAbortedTransactionLeavesNothingBehind() {
        mongos.run("test", "{insert: 'c', documents: [{_id: 0, x: 1}]}");
        mongos.run(
                "test", "{insert: 'c', documents: [{_id: 1}], startTransaction: true, autocommit: false}", session, 1L);
        mongos.run(
                "test",
                "{update: 'c', updates: [{q: {}, u: {$set: {x: 9}}, multi: true}], autocommit: false}",
                session,
                1L);

        mongos.run("admin", "{abortTransaction: 1, autocommit: false}", session, 1L);

        assertEquals(
                List.of(BsonDocument.parse("{_id: 0, x: 1}")),
                mongos.run("test", "{find: 'c'}").getDocument("cursor").getArray("firstBatch"));
        assertEquals(0, mongos.commands.transactionsInProgress());
        assertEquals(
                "[\"config\", \"test\"]",
                mongos.run("admin", "{listDatabases: 1, nameOnly: true}").getArray("databases").stream()
                        .map(d -> d.asDocument().getString("name"))
                        .toList()
                        .toString()
                        .replace("BsonString{value='", "\"")
                        .replace("'}", "\""),
                "the transaction's copy is gone and never listed");
    }

    // ---- jstests/core/txns/multi_statement_transaction_write_error.js -------------------------------------

    @ParameterizedTest(name = "{0} [{1}], ordered {2}: n {3}, error at {4}")
    @CsvSource(delimiter = '|', textBlock = """
            insert | documents | true  | {_id: 0}                                   | {}                                    | 0 | 0 | DuplicateKey
            insert | documents | false | {_id: 0}                                   | {}                                    | 0 | 0 | DuplicateKey
            insert | documents | true  | {}, {_id: 0}                               | {}                                    | 1 | 1 | DuplicateKey
            insert | documents | false | {}, {}, {_id: 0}                           | {}                                    | 2 | 2 | DuplicateKey
            insert | documents | false | {}, {}, {_id: 0}, {_id: 0}                 | {}                                    | 2 | 2 | DuplicateKey
            insert | documents | false | {_id: 0}, {}                               | {}                                    | 0 | 0 | DuplicateKey
            update | updates   | true  | {q: {_id: 0}, u: {$inc: {x: 1}}}           | {}                                    | 0 | 0 | TypeMismatch
            update | updates   | false | {q: {_id: 0}, u: {$set: {x: 'STRING'}}}, {q: {_id: 0}, u: {$inc: {x: 1}}} | {} | 1 | 1 | TypeMismatch
            update | updates   | false | {q: {_id: 0}, u: {$inc: {x: 1}}}, {q: {_id: 0}, u: {$set: {x: 'STRING'}}} | {} | 0 | 0 | TypeMismatch
            """)
    void aWriteErrorInATransactionEndsTheBatchAndAbortsTheTransaction(
            String command, String field, boolean ordered, String ops, String unused, int n, int index, String code) {
        mongos.run("test", "{insert: 'c', documents: [{_id: 0, x: 'string'}]}");

        BsonDocument reply = mongos.run(
                "test",
                "{" + command + ": 'c', " + field + ": [" + ops + "], ordered: " + ordered
                        + ", startTransaction: true, autocommit: false}",
                session,
                1L);
        MongoCommandException commit =
                mongos.refusal("admin", "{commitTransaction: 1, autocommit: false}", session, 1L);

        assertEquals(n, reply.getInt32("n").getValue(), reply.toJson());
        assertEquals(1, reply.getArray("writeErrors").size(), reply.toJson());
        BsonDocument error = reply.getArray("writeErrors").get(0).asDocument();
        assertEquals(index, error.getInt32("index").getValue());
        assertEquals(code, error.getString("codeName").getValue());
        assertTrue(!reply.containsKey("errorLabels"), "a write error carries no label");
        assertEquals(ErrorCode.NO_SUCH_TRANSACTION, commit.code(), "the write error aborted the transaction");
        assertEquals(
                List.of(0),
                committedIds().stream().map(v -> v.asInt32().getValue()).toList());
    }

    // ---- conflicts: jstests/core/txns/write_conflicts_with_non_txns.js, libs/write_conflicts.js -------------

    @Test
    void aTransactionWritingADocumentChangedSinceItsSnapshotFailsWithWriteConflict() {
        mongos.run("test", "{create: 'c'}");

        // Start a multi-document transaction.
        mongos.run("test", "{find: 'c', startTransaction: true, autocommit: false}", session, 1L);
        // Do a single document insert outside of the transaction.
        mongos.run("test", "{insert: 'c', documents: [{_id: 1, nonTxn: true}]}");
        // Insert a conflicting document inside the multi-document transaction.
        MongoCommandException conflict =
                mongos.refusal("test", "{insert: 'c', documents: [{_id: 1}], autocommit: false}", session, 1L);
        MongoCommandException commit =
                mongos.refusal("admin", "{commitTransaction: 1, autocommit: false}", session, 1L);

        assertEquals(ErrorCode.WRITE_CONFLICT, conflict.code());
        assertEquals(
                "WriteConflict error: this operation conflicted with another operation. Please retry your operation "
                        + "or multi-document transaction.",
                conflict.getMessage());
        assertEquals(List.of("TransientTransactionError"), conflict.errorLabels());
        assertEquals(ErrorCode.NO_SUCH_TRANSACTION, commit.code());
        assertEquals(List.of("TransientTransactionError"), commit.errorLabels());
        assertEquals(
                List.of(BsonDocument.parse("{_id: 1, nonTxn: true}")),
                mongos.run("test", "{find: 'c'}").getDocument("cursor").getArray("firstBatch"));
    }

    @ParameterizedTest(name = "the second transaction's {0}")
    @ValueSource(
            strings = {
                "{update: 'c', updates: [{q: {_id: 0}, u: {$inc: {x: 1}}}], autocommit: false}",
                "{delete: 'c', deletes: [{q: {_id: 0}, limit: 1}], autocommit: false}",
                "{findAndModify: 'c', query: {_id: 0}, update: {$set: {y: 1}}, autocommit: false}",
                "{insert: 'c', documents: [{_id: 7}], autocommit: false}"
            })
    void twoTransactionsWritingOneDocumentConflictAndTheFirstCommits(String secondWrite) {
        mongos.run("test", "{insert: 'c', documents: [{_id: 0, x: 0}]}");
        mongos.run("test", "{find: 'c', startTransaction: true, autocommit: false}", other, 1L);
        mongos.run(
                "test",
                "{update: 'c', updates: [{q: {_id: 0}, u: {$inc: {x: 1}}}], startTransaction: true, autocommit: false}",
                session,
                1L);
        mongos.run("test", "{insert: 'c', documents: [{_id: 7}], autocommit: false}", session, 1L);

        MongoCommandException conflict = mongos.refusal("test", secondWrite, other, 1L);
        mongos.run("admin", "{commitTransaction: 1, autocommit: false}", session, 1L);

        assertEquals(ErrorCode.WRITE_CONFLICT, conflict.code());
        assertEquals(List.of("TransientTransactionError"), conflict.errorLabels());
        assertEquals(
                List.of(BsonDocument.parse("{_id: 0, x: 1}"), BsonDocument.parse("{_id: 7}")),
                mongos.run("test", "{find: 'c'}").getDocument("cursor").getArray("firstBatch"));
    }

    @Test
    void aWriteOutsideToADocumentATransactionWroteIsKeptAndAbortsTheTransaction() {
        // MongoDB makes the write outside wait for the transaction; ShardLab, one command at a time, aborts the
        // transaction instead (WriteIntents): the acknowledged write outside is never lost
        mongos.run("test", "{insert: 'c', documents: [{_id: 0, x: 0}]}");
        mongos.run(
                "test",
                "{update: 'c', updates: [{q: {_id: 0}, u: {$set: {x: 'txn'}}}], startTransaction: true, autocommit: false}",
                session,
                1L);

        BsonDocument outside = mongos.run("test", "{update: 'c', updates: [{q: {_id: 0}, u: {$set: {x: 'outside'}}}]}");
        MongoCommandException next = mongos.refusal("test", "{find: 'c', autocommit: false}", session, 1L);
        MongoCommandException commit =
                mongos.refusal("admin", "{commitTransaction: 1, autocommit: false}", session, 1L);

        assertEquals(1, outside.getInt32("nModified").getValue());
        assertEquals(ErrorCode.NO_SUCH_TRANSACTION, next.code());
        assertEquals(List.of("TransientTransactionError"), next.errorLabels());
        assertEquals(ErrorCode.NO_SUCH_TRANSACTION, commit.code());
        assertEquals(
                List.of(BsonDocument.parse("{_id: 0, x: 'outside'}")),
                mongos.run("test", "{find: 'c'}").getDocument("cursor").getArray("firstBatch"));
    }

    // ---- jstests/core/txns/abort_expired_transaction.js (transactionLifetimeLimitSeconds) -------------------

    @ParameterizedTest(name = "{0} ms after it started")
    @CsvSource(textBlock = """
            59999, ok
            60000, NoSuchTransaction
            """)
    void aTransactionPastTheLifetimeLimitIsAborted(long elapsedMillis, String outcome) {
        mongos.run(
                "test", "{insert: 'c', documents: [{_id: 1}], startTransaction: true, autocommit: false}", session, 1L);

        mongos.clock.addAndGet(elapsedMillis);

        StatementScript.run(mongos, session, "1 | admin | {commitTransaction: 1, autocommit: false} | " + outcome);
        assertEquals(outcome.equals("ok") ? 1 : 0, committedIds().size());
        assertEquals(0, mongos.commands.transactionsInProgress());
    }

    // ---- the number line: writes land at commit ------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
            commitTransaction, 3
            abortTransaction,  1
            """)
    void aTransactionsWritesReachTheSimulatedCollectionOnlyAtCommit(String end, long documentsAfter) {
        mongos.run("admin", "{shardCollection: 'test.c', key: {k: 1}}");
        mongos.run("test", "{insert: 'c', documents: [{_id: 0, k: 0}]}");

        mongos.run(
                "test",
                "{insert: 'c', documents: [{_id: 1, k: 1}, {_id: 2, k: 2}], startTransaction: true, autocommit: false}",
                session,
                1L);
        mongos.run(
                "test", "{update: 'c', updates: [{q: {k: 0}, u: {$set: {v: 'x'}}}], autocommit: false}", session, 1L);
        long during = simulatedDocuments();
        mongos.run("admin", "{" + end + ": 1, autocommit: false}", session, 1L);

        assertEquals(1, during, "nothing of the transaction is on the number line before it ends");
        assertEquals(documentsAfter, simulatedDocuments());
    }

    private long simulatedDocuments() {
        return mongos.commands
                .catalog()
                .collection("test.c")
                .orElseThrow()
                .cluster()
                .snapshot()
                .documents();
    }

    // ---- jstests/core/txns/create_collection.js, create_indexes.js -----------------------------------------

    @Test
    void aCollectionAndItsIndexesCreatedInATransactionExistOnlyOnceCommitted() {
        mongos.run("test", "{create: 'new', startTransaction: true, autocommit: false}", session, 1L);
        mongos.run(
                "test",
                "{createIndexes: 'new', indexes: [{key: {a: 1}, name: 'a_1'}], autocommit: false}",
                session,
                1L);
        mongos.run("test", "{insert: 'new', documents: [{_id: 1, a: 1}], autocommit: false}", session, 1L);
        BsonDocument listedBefore = mongos.run("test", "{listCollections: 1, nameOnly: true}");

        mongos.run("admin", "{commitTransaction: 1, autocommit: false}", session, 1L);

        assertEquals(
                0, listedBefore.getDocument("cursor").getArray("firstBatch").size());
        assertEquals(
                List.of("_id_", "a_1"),
                mongos.run("test", "{listIndexes: 'new'}").getDocument("cursor").getArray("firstBatch").stream()
                        .map(i -> i.asDocument().getString("name").getValue())
                        .toList());
        assertEquals(
                1,
                mongos.run("test", "{find: 'new'}")
                        .getDocument("cursor")
                        .getArray("firstBatch")
                        .size());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            an existing collection | {insert: 'c', documents: [{_id: 0}]} | Cannot create new indexes on existing collection test.c in a multi-document transaction.
            a non-empty new one    | {ping: 1}                            | Cannot create new indexes on non-empty collection test.c in a multi-document transaction.
            """)
    void indexesAreCreatedInATransactionOnlyOnAnEmptyCollectionItCreated(String what, String before, String message) {
        mongos.run("test", before);
        mongos.run(
                "test", "{insert: 'c', documents: [{_id: 1}], startTransaction: true, autocommit: false}", session, 1L);

        BsonDocument reply = mongos.run(
                "test", "{createIndexes: 'c', indexes: [{key: {a: 1}, name: 'a_1'}], autocommit: false}", session, 1L);

        assertEquals(0.0, reply.getNumber("ok").doubleValue());
        assertEquals(
                ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION.number(),
                reply.getInt32("code").getValue());
        assertEquals(message, reply.getString("errmsg").getValue());
    }

    @Test
    void theSnapshotKeepsTheCollectionsUniqueIndexes() {
        mongos.run("test", "{createIndexes: 'c', indexes: [{key: {email: 1}, name: 'email_1', unique: true}]}");
        mongos.run("test", "{insert: 'c', documents: [{_id: 1, email: 'a@example.com'}]}");

        BsonDocument reply = mongos.run(
                "test",
                "{insert: 'c', documents: [{_id: 2, email: 'a@example.com'}], startTransaction: true, autocommit: false}",
                session,
                1L);

        BsonDocument error = reply.getArray("writeErrors").get(0).asDocument();
        assertEquals("DuplicateKey", error.getString("codeName").getValue());
        assertTrue(
                error.getString("errmsg").getValue().startsWith("E11000 duplicate key error collection: test.c "),
                error.getString("errmsg").getValue());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {"{drop: 'c'}", "{dropDatabase: 1}", "{createIndexes: 'c', indexes: [{key: {a: 1}, name: 'a_1'}]}"
            })
    void aDefinitionOutsideOfACollectionATransactionWroteAbortsTheTransaction(String definition) {
        // MongoDB's definition waits for the transaction's lock; ShardLab's proceeds and aborts it (WriteIntents)
        mongos.run("test", "{insert: 'c', documents: [{_id: 0}]}");
        mongos.run(
                "test", "{insert: 'c', documents: [{_id: 1}], startTransaction: true, autocommit: false}", session, 1L);

        mongos.run("test", definition);
        MongoCommandException commit =
                mongos.refusal("admin", "{commitTransaction: 1, autocommit: false}", session, 1L);

        assertEquals(ErrorCode.NO_SUCH_TRANSACTION, commit.code());
        assertTrue(committedIds().stream().noneMatch(id -> id.asInt32().getValue() == 1));
    }
}
