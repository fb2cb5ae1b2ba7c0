package io.shardlab.mongos;

import io.shardlab.cluster.MongoVersion;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * Retryable writes: an {@code insert}, {@code update}, {@code delete} or {@code findAndModify} with an {@code lsid}
 * and a {@code txnNumber} (and no {@code autocommit}) runs once; the same number again on the session is a retry,
 * answered with the first reply (its {@code n}, {@code nModified}, {@code upserted}, {@code writeErrors}, a
 * findAndModify's {@code value}) without writing anything again. A lower number than the session's latest is
 * TransactionTooOld. A write that failed as a whole (a refusal or an {@code ok: 0} reply) wrote nothing and is run
 * again by its retry.
 *
 * <p>Sources: mongo {@code src/mongo/db/transaction_participant.cpp} ({@code beginOrContinue},
 * {@code _beginOrContinueRetryableWrite}, its TransactionTooOld text, tested in
 * {@code transaction_participant_retryable_writes_test.cpp}), {@code retryable_writes_util.cpp} and
 * {@code session_catalog_migration_*.cpp} (the executed statements of the latest {@code txnNumber} are what a retry
 * is answered from), jstests {@code sharding/retryable_writes.js}. MongoDB keeps each executed statement's oplog
 * entry and answers a retry statement by statement; ShardLab keeps the replies of the session's latest write by the
 * id of their first statement ({@code stmtId}, write_ops.idl; absent: 0), which answers a whole-batch retry, the only
 * kind drivers send, also when serve runs a long batch as consecutive parts (each part carries its first statement's
 * id, so a part is not taken for a retry of the one before).
 */
final class RetryableWrites {

    private final LogicalSessions sessions;
    private final Transactions transactions;
    private final MongoVersion release;
    private final LongSupplier wallClockMillis;

    RetryableWrites(
            LogicalSessions sessions, Transactions transactions, MongoVersion release, LongSupplier wallClockMillis) {
        this.sessions = sessions;
        this.transactions = transactions;
        this.release = release;
        this.wallClockMillis = wallClockMillis;
    }

    /**
     * Runs {@code write}, the retryable write {@code info} describes, once per session and number.
     *
     * @throws MongoCommandException TransactionTooOld for an older number; InvalidOptions (4.4, 5.0) or
     *     IncompleteTransactionHistory (6.0+) for the number of the session's transaction
     */
    BsonDocument run(OperationSessionInfo info, int stmtId, Supplier<BsonDocument> write) {
        LogicalSession session = sessions.use(info.lsid().orElseThrow(), wallClockMillis.getAsLong());
        long n = info.number();
        long active = session.activeTxnNumber();
        if (n < active) {
            throw new MongoCommandException(
                    ErrorCode.TRANSACTION_TOO_OLD,
                    "Retryable write with txnNumber " + n + " is prohibited on session " + session.describe()
                            + " because a newer "
                            + (session.transaction().isPresent() ? "transaction" : "retryable write")
                            + " with txnNumber " + active + " has already started on this session.");
        }
        if (n == active) {
            if (session.transaction().isPresent()) {
                throw TransactionRules.retryableWriteOnTransaction(release);
            }
            if (session.retryableWriteReply(stmtId).isPresent()) {
                return session.retryableWriteReply(stmtId).get().clone();
            }
        } else {
            transactions.supersede(session);
            session.beginRetryableWrite(n);
        }
        BsonDocument reply = write.get();
        if (reply.getNumber("ok", new BsonInt32(1)).doubleValue() == 1) {
            session.answered(stmtId, reply.clone());
        }
        return reply;
    }
}
