package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * Multi-document transactions as a mongos and its shards give them, one state machine per session (the router's
 * and the participant's rules in one, as ShardLab's mongos and shards are one process): a statement with
 * {@code startTransaction} begins transaction {@code txnNumber}, later statements with the same number continue it,
 * {@code commitTransaction} makes its writes visible and lands them on the number line, {@code abortTransaction}
 * (or a failed statement, or the lifetime limit) discards them.
 *
 * <p>Sources: mongo {@code src/mongo/s/transaction_router.cpp} ({@code beginOrContinueTxn}: TransactionTooOld,
 * ConflictingOperationInProgress, NoSuchTransaction and their texts; {@code commitTransaction}: a commit without
 * participants succeeds; {@code abortTransaction}), {@code src/mongo/db/transaction_participant.cpp}
 * ({@code _checkIsCommandValidWithTxnState}: an aborted transaction is NoSuchTransaction, a committed one
 * TransactionCommitted except to a retried {@code commitTransaction}), {@code cluster_commit_transaction_cmd.cpp}
 * and {@code cluster_abort_transaction_cmd.cpp} (admin only, InvalidOptions outside a session), {@code
 * transaction_participant.cpp} {@code transactionLifetimeLimitSeconds} (60 s, on the command layer's wall clock),
 * and {@code write_ops_exec.cpp} ({@code handleError}: in a transaction a write error ends the batch and aborts the
 * transaction).
 *
 * <p>How a statement reads its own writes and how conflicts are found: {@link TransactionSnapshot} and
 * {@link Transaction}; what happens to a write outside that touches a transaction's document: {@link WriteIntents}.
 */
final class Transactions {

    /** transactionLifetimeLimitSeconds' default, 60 s, in ms. */
    static final long LIFETIME_LIMIT_MILLIS = 60_000;

    private final LogicalSessions sessions;
    private final WriteIntents intents;
    private final DocumentStorage committed;
    private final ClusterRecording recording;
    private final MemoryBudget budget;
    private final MongoVersion release;
    private final LongSupplier wallClockMillis;
    private final BiFunction<TransactionSnapshot, Transaction, CommandFamilies> familiesOf;
    private final List<Transaction> open = new ArrayList<>();
    private long serial;

    /**
     * @param committed the storage of committed documents
     * @param recording where committed writes land
     * @param familiesOf the command families a transaction's statements run on: over its snapshot, telling it their
     *     writes ({@link CommandContext#within})
     */
    Transactions(
            LogicalSessions sessions,
            WriteIntents intents,
            DocumentStorage committed,
            ClusterRecording recording,
            MemoryBudget budget,
            MongoVersion release,
            LongSupplier wallClockMillis,
            BiFunction<TransactionSnapshot, Transaction, CommandFamilies> familiesOf) {
        this.sessions = sessions;
        this.intents = intents;
        this.committed = committed;
        this.recording = recording;
        this.budget = budget;
        this.release = release;
        this.wallClockMillis = wallClockMillis;
        this.familiesOf = familiesOf;
    }

    /**
     * Runs one statement of a transaction: begins or continues the session's transaction, runs {@code statement} on
     * command families over its snapshot, and aborts it when the statement fails (a refusal, an {@code ok: 0} reply,
     * or write errors: mongo {@code write_ops_exec.cpp} {@code handleError}).
     *
     * @throws MongoCommandException the refusal of the state machine, or the statement's
     */
    BsonDocument statement(OperationSessionInfo info, Function<CommandFamilies, BsonDocument> statement) {
        long now = reap();
        LogicalSession session = sessions.use(info.lsid().orElseThrow(), now);
        Transaction transaction = beginOrContinue(session, info, now);
        BsonDocument reply;
        try {
            reply = statement.apply(familiesOf.apply(transaction.snapshot(), transaction));
        } catch (RuntimeException e) {
            transaction.abort();
            throw e;
        }
        if (reply.getNumber("ok", new BsonInt32(1)).doubleValue() != 1 || reply.containsKey("writeErrors")) {
            transaction.abort();
        }
        return reply;
    }

    /**
     * {@code commitTransaction}: commits the session's transaction, or answers a retried commit of a committed one.
     * A first command of a number that is a commit is a recovery (transaction_router.cpp): without a
     * {@code recoveryToken} code 50940; ShardLab hands out no recovery tokens, so with one the decision is unknown.
     */
    BsonDocument commit(OperationSessionInfo info, BsonDocument command) {
        long now = reap();
        LogicalSession session = sessions.use(requireSession(info, "commitTransaction"), now);
        long n = info.number();
        tooOld(session, n);
        if (n > session.activeTxnNumber()) {
            if (!command.isDocument("recoveryToken")) {
                throw new MongoCommandException(
                        ErrorCode.RECOVERY_TOKEN_REQUIRED,
                        "Cannot recover the transaction decision without a recoveryToken");
            }
            throw noSuchTransaction(
                    "Recovery token is empty, meaning the transaction only performed reads and can be safely retried");
        }
        Transaction transaction = activeTransaction(session);
        switch (transaction.state()) {
            case ABORTED -> throw aborted(n);
            case COMMITTED -> {
                return Replies.ok();
            }
            default -> {
                try {
                    transaction.commitTo(committed, recording, budget);
                } finally {
                    open.remove(transaction);
                }
                return Replies.ok();
            }
        }
    }

    /** {@code abortTransaction}: aborts the session's transaction in progress. */
    BsonDocument abort(OperationSessionInfo info) {
        long now = reap();
        LogicalSession session = sessions.use(requireSession(info, "abortTransaction"), now);
        long n = info.number();
        tooOld(session, n);
        if (n > session.activeTxnNumber()) {
            throw cannotContinue(session, n);
        }
        Transaction transaction = activeTransaction(session);
        switch (transaction.state()) {
            case ABORTED -> throw aborted(n);
            case COMMITTED -> throw committed(n);
            default -> {
                transaction.abort();
                open.remove(transaction);
                return Replies.ok();
            }
        }
    }

    /** {@code endSessions}: the sessions are forgotten once no transaction of theirs is open. */
    BsonDocument endSessions(List<BsonDocument> lsids) {
        sessions.end(lsids);
        sessions.sweep(wallClockMillis.getAsLong());
        return Replies.ok();
    }

    /** The transactions in progress now. */
    int inProgress() {
        reap();
        return open.size();
    }

    /** A newer transaction number on the session (a retryable write) aborts its transaction in progress. */
    void supersede(LogicalSession session) {
        session.transaction().ifPresent(t -> {
            t.abort();
            open.remove(t);
        });
    }

    /**
     * transaction_router.cpp {@code beginOrContinueTxn} with the participant's checks: the transaction the statement
     * belongs to, begun if it starts one.
     */
    private Transaction beginOrContinue(LogicalSession session, OperationSessionInfo info, long now) {
        long n = info.number();
        long active = session.activeTxnNumber();
        tooOld(session, n);
        if (n == active) {
            if (info.startTransaction()) {
                throw new MongoCommandException(
                        ErrorCode.CONFLICTING_OPERATION_IN_PROGRESS,
                        "txnNumber " + active + " for session " + session.describe() + " already started");
            }
            Transaction transaction = activeTransaction(session);
            switch (transaction.state()) {
                case ABORTED -> throw aborted(n);
                case COMMITTED -> throw committed(n);
                default -> {
                    if (info.readConcern().isPresent()) {
                        throw new MongoCommandException(
                                ErrorCode.INVALID_OPTIONS,
                                "Only the first command in a transaction may specify a readConcern");
                    }
                    return transaction;
                }
            }
        }
        if (!info.startTransaction()) {
            throw cannotContinue(session, n);
        }
        info.readConcern().ifPresent(Transactions::checkReadConcernLevel);
        supersede(session);
        Transaction started = new Transaction(
                n,
                now + LIFETIME_LIMIT_MILLIS,
                new TransactionSnapshot(committed, ++serial),
                new StoredDocuments(committed),
                intents);
        session.begin(started);
        open.add(started);
        return started;
    }

    /** transaction_router.cpp: the first statement's readConcern level must be local, majority or snapshot. */
    private static void checkReadConcernLevel(BsonDocument readConcern) {
        BsonValue level = readConcern.get("level");
        if (level != null
                && !(level.isString()
                        && List.of("local", "majority", "snapshot")
                                .contains(level.asString().getValue()))) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_OPTIONS,
                    "The first command in a transaction cannot specify a readConcern level other than local, "
                            + "majority, or snapshot");
        }
    }

    /** Aborts the transactions past the lifetime limit; the wall-clock time now. */
    private long reap() {
        long now = wallClockMillis.getAsLong();
        open.removeIf(t -> {
            if (t.state() != Transaction.State.IN_PROGRESS) {
                return true;
            }
            if (t.expired(now)) {
                t.abort();
                return true;
            }
            return false;
        });
        return now;
    }

    private void tooOld(LogicalSession session, long n) {
        if (n < session.activeTxnNumber()) {
            throw new MongoCommandException(
                    ErrorCode.TRANSACTION_TOO_OLD,
                    "txnNumber " + n + " is less than last txnNumber " + session.activeTxnNumber() + " seen in session "
                            + session.describe());
        }
    }

    /**
     * The session's transaction of its active number; NoSuchTransaction when that number is a retryable write's
     * (transaction_participant.cpp {@code _continueMultiDocumentTransaction}, 4.4's text).
     */
    private static Transaction activeTransaction(LogicalSession session) {
        return session.transaction()
                .orElseThrow(() -> noSuchTransaction("Given transaction number " + session.activeTxnNumber()
                        + " does not match any in-progress transactions. The active transaction number is "
                        + session.activeTxnNumber()));
    }

    private static BsonDocument requireSession(OperationSessionInfo info, String command) {
        if (!info.inTransaction()) {
            // cluster_commit_transaction_cmd.cpp / cluster_abort_transaction_cmd.cpp: no TransactionRouter
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, command + " can only be run within a session");
        }
        return info.lsid().orElseThrow();
    }

    private MongoCommandException committed(long n) {
        return new MongoCommandException(
                ErrorCode.TRANSACTION_COMMITTED,
                "Transaction " + TransactionRules.transactionName(n, release) + " has been committed.");
    }

    private MongoCommandException aborted(long n) {
        return noSuchTransaction("Transaction " + TransactionRules.transactionName(n, release) + " has been aborted.");
    }

    private static MongoCommandException cannotContinue(LogicalSession session, long n) {
        return noSuchTransaction("cannot continue txnId " + session.activeTxnNumber() + " for session "
                + session.describe() + " with txnId " + n);
    }

    private static MongoCommandException noSuchTransaction(String message) {
        return new MongoCommandException(ErrorCode.NO_SUCH_TRANSACTION, message);
    }
}
