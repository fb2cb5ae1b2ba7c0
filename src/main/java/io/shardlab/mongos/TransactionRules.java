package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;
import java.util.Set;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;

/**
 * Which commands may carry which session fields, and the texts that differ by release: mongo
 * {@code src/mongo/db/transaction_validation.cpp} ({@code validateSessionOptions}, {@code
 * validateWriteConcernForTransaction}), {@code src/mongo/db/commands.cpp} ({@code canUseTransactions}: the commands
 * allowed in a multi-document transaction and the databases refused), and {@code transaction_participant.cpp}'s
 * messages.
 *
 * <p>Every release ShardLab answers as is 4.4 or later, so creating collections and indexes inside a transaction
 * ({@code create}, {@code createIndexes}, implicit creation by a write; 4.4's allowlist) is allowed in all of them;
 * what changed after 4.4 are the messages: the participant of the newer lines (its
 * {@code TxnNumberAndRetryCounter}, in {@code src/mongo/db/transaction/transaction_participant.cpp}) names a
 * transaction {@code with { txnNumber: N }} where 4.4's ({@code src/mongo/db/transaction_participant.cpp}) named it
 * {@code N}, and refuses a plain write reusing a transaction's number with IncompleteTransactionHistory instead of
 * InvalidOptions. ShardLab switches at 6.0; that 5.0 still has 4.4's texts is an assumption from the sources at hand.
 */
final class TransactionRules {

    /**
     * The commands a mongos runs inside a transaction (commands.cpp {@code txnCmdAllowlist} of 4.4; the commands of
     * that list a mongos has). {@code count} is refused with its own text.
     */
    private static final Set<String> ALLOWED_IN_TRANSACTION = Set.of(
            "abortTransaction",
            "aggregate",
            "commitTransaction",
            "create",
            "createIndexes",
            "delete",
            "distinct",
            "find",
            "findAndModify",
            "getMore",
            "insert",
            "killCursors",
            "update");

    /** transaction_validation.cpp {@code retryableWriteCommands}, the ones a client sends. */
    private static final Set<String> RETRYABLE_WRITES = Set.of("insert", "update", "delete", "findAndModify");

    /** The write commands that carry a batch of statements. */
    private static final Set<String> BATCHES = Set.of("insert", "update", "delete");

    /** The commands that end a transaction. */
    static final Set<String> COMMIT_OR_ABORT = Set.of("commitTransaction", "abortTransaction");

    private TransactionRules() {}

    /**
     * Refuses {@code command} (canonical name) on {@code database} where its session fields do not fit it, before
     * anything runs and without changing a transaction's state.
     *
     * @throws MongoCommandException OperationNotSupportedInTransaction, InvalidOptions or NotARetryableWriteCommand
     *     with MongoDB's text
     */
    static void check(String command, String database, OperationSessionInfo session) {
        if (session.inTransaction()) {
            canUseTransactions(command, database);
            if (session.hasWriteConcern() && !COMMIT_OR_ABORT.contains(command)) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS, "writeConcern is not allowed within a multi-statement transaction");
            }
        } else if (session.txnNumber().isPresent()
                && !RETRYABLE_WRITES.contains(command)
                && !COMMIT_OR_ABORT.contains(command)) {
            // commit and abort without autocommit are the commands' own InvalidOptions ("can only be run within a
            // session"), as jstests core/txns/multi_statement_transaction_command_args.js expects
            throw new MongoCommandException(
                    ErrorCode.NOT_A_RETRYABLE_WRITE_COMMAND,
                    "txnNumber may only be provided for multi-document transactions and retryable write commands. "
                            + "autocommit:false was not provided, and " + command
                            + " is not a retryable write command.");
        }
        if (session.startTransaction()) {
            refuseStartWith(
                    command,
                    "killCursors",
                    "Cannot run killCursors as the first operation in a " + "multi-document transaction.");
            refuseStartWith(command, "commitTransaction", "Cannot start a transaction with a commit");
            refuseStartWith(command, "abortTransaction", "Cannot start a transaction with an abort");
        }
    }

    /** Whether {@code command} with a {@code txnNumber} and no {@code autocommit} is a retryable write. */
    static boolean isRetryableWrite(String command, OperationSessionInfo session) {
        return session.retryableWrite() && RETRYABLE_WRITES.contains(command);
    }

    /**
     * {@code command} as a statement of a transaction runs: a batch of writes stops at its first error whatever its
     * {@code ordered} says (mongo {@code write_ops_exec.cpp}, {@code handleError}: "If we are in a transaction, we must
     * fail the whole batch").
     */
    static BsonDocument asStatement(String name, BsonDocument command) {
        if (!BATCHES.contains(name)) {
            return command;
        }
        BsonDocument statement = command.clone();
        statement.put("ordered", BsonBoolean.TRUE);
        return statement;
    }

    /** commands.cpp {@code CommandHelpers::canUseTransactions}. */
    private static void canUseTransactions(String command, String database) {
        if (command.equals("count")) {
            throw notInTransaction("Cannot run 'count' in a multi-document transaction. Please see "
                    + "http://dochub.mongodb.org/core/transaction-count for a recommended alternative.");
        }
        if (!ALLOWED_IN_TRANSACTION.contains(command)) {
            throw notInTransaction("Cannot run '" + command + "' in a multi-document transaction.");
        }
        if (database.equals("local") || (database.equals("admin") && !COMMIT_OR_ABORT.contains(command))) {
            throw notInTransaction("Cannot run command against the '" + database + "' database in a transaction.");
        }
        if (database.equals("config")) {
            throw notInTransaction("Cannot run command against the config database in a transaction.");
        }
    }

    private static void refuseStartWith(String command, String refused, String message) {
        if (command.equals(refused)) {
            throw notInTransaction(message);
        }
    }

    private static MongoCommandException notInTransaction(String message) {
        return new MongoCommandException(ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION, message);
    }

    /**
     * How the release's transaction participant names transaction {@code txnNumber} in its messages: {@code 7} up to
     * 5.0, {@code with { txnNumber: 7 }} from 6.0.
     */
    static String transactionName(long txnNumber, MongoVersion release) {
        return release.atLeast(6, 0) ? "with { txnNumber: " + txnNumber + " }" : String.valueOf(txnNumber);
    }

    /**
     * A retryable write reusing the number of the session's transaction (transaction_participant.cpp
     * {@code _beginOrContinueRetryableWrite}): InvalidOptions up to 5.0, IncompleteTransactionHistory from 6.0.
     */
    static MongoCommandException retryableWriteOnTransaction(MongoVersion release) {
        return release.atLeast(6, 0)
                ? new MongoCommandException(
                        ErrorCode.INCOMPLETE_TRANSACTION_HISTORY,
                        "Cannot retry a retryable write that has been converted into a transaction")
                : new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS,
                        "Must specify autocommit=false on all operations of a multi-statement transaction.");
    }
}
