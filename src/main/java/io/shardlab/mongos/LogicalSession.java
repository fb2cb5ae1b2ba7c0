package io.shardlab.mongos;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One client session as a mongos keeps it (mongo {@code src/mongo/db/session/session_catalog.h} and the
 * transaction router's and participant's per-session state): the highest transaction number it has used, and what
 * that number is: a multi-document transaction ({@link #transaction}) or a retryable write, whose first reply is
 * kept to answer its retries ({@link #retryableWriteReply}). Only the latest number is kept, as the server keeps one
 * {@code config.transactions} entry per session. Invariant: at most one of the two is present, and it has
 * {@link #activeTxnNumber}.
 */
final class LogicalSession {

    /** transaction_participant.h {@code kUninitializedTxnNumber}. */
    static final long UNINITIALIZED_TXN_NUMBER = -1;

    /**
     * The user digest a mongos without authentication puts in every lsid it names: SHA-256 of the empty user name
     * (mongo {@code logical_session_id_helpers.cpp}, {@code getLogicalSessionUserDigestForLoggedInUser}).
     */
    private static final String NO_USER_DIGEST = "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855";

    private final BsonDocument lsid;
    private long lastUseMillis;
    private long activeTxnNumber = UNINITIALIZED_TXN_NUMBER;
    private Transaction transaction;
    /** The replies of the retryable write of {@link #activeTxnNumber}, by the first statement id of each. */
    private final Map<Integer, BsonDocument> retryableWriteReplies = new HashMap<>();

    private boolean ended;

    LogicalSession(BsonDocument lsid, long nowMillis) {
        this.lsid = lsid.clone();
        this.lastUseMillis = nowMillis;
    }

    /** The highest transaction number the session has used, or {@link #UNINITIALIZED_TXN_NUMBER}. */
    long activeTxnNumber() {
        return activeTxnNumber;
    }

    /** The transaction of {@link #activeTxnNumber}, when that number is a transaction's. */
    Optional<Transaction> transaction() {
        return Optional.ofNullable(transaction);
    }

    /**
     * The first reply of the retryable write of {@link #activeTxnNumber} whose statements begin at {@code stmtId}
     * (0 for a whole batch), when that number is one and that part of it succeeded.
     */
    Optional<BsonDocument> retryableWriteReply(int stmtId) {
        return Optional.ofNullable(retryableWriteReplies.get(stmtId));
    }

    /** The session moves to transaction {@code started}. */
    void begin(Transaction started) {
        activeTxnNumber = started.number();
        transaction = started;
        retryableWriteReplies.clear();
    }

    /** The session moves to retryable write {@code txnNumber}, not yet answered. */
    void beginRetryableWrite(long txnNumber) {
        activeTxnNumber = txnNumber;
        transaction = null;
        retryableWriteReplies.clear();
    }

    /** Keeps the reply of the session's retryable write whose statements begin at {@code stmtId}, for its retries. */
    void answered(int stmtId, BsonDocument reply) {
        retryableWriteReplies.put(stmtId, reply);
    }

    /** The session was used at {@code nowMillis}. */
    void touch(long nowMillis) {
        lastUseMillis = Math.max(lastUseMillis, nowMillis);
        ended = false;
    }

    long lastUseMillis() {
        return lastUseMillis;
    }

    /** The client ended the session ({@code endSessions}). */
    void end() {
        ended = true;
    }

    boolean ended() {
        return ended;
    }

    /** Whether its transaction is in progress. */
    boolean inTransaction() {
        return transaction != null && transaction.state() == Transaction.State.IN_PROGRESS;
    }

    /**
     * The session as MongoDB's messages print it ({@code LogicalSessionId} streamed as its BSON):
     * {@code { id: UUID("…"), uid: BinData(0, E3B0…) }}.
     */
    String describe() {
        BsonValue id = lsid.get("id");
        String shown = id.isBinary() && id.asBinary().getType() == BsonBinarySubType.UUID_STANDARD.getValue()
                ? "UUID(\"" + id.asBinary().asUuid() + "\")"
                : String.valueOf(id);
        return "{ id: " + shown + ", uid: BinData(0, " + NO_USER_DIGEST + ") }";
    }
}
