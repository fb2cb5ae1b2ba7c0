package io.shardlab.mongos;

import java.util.List;

/**
 * The {@code errorLabels} of a refused command's reply, as mongo {@code src/mongo/db/error_labels.cpp} builds them
 * ({@code ErrorLabelBuilder::build}): {@code TransientTransactionError} on a statement of a transaction (the command
 * carried {@code txnNumber} and {@code autocommit}) whose error means the whole transaction may be retried; no
 * label otherwise. A mongos never labels {@code RetryableWriteError} itself ({@code !_isMongos}); and ShardLab
 * raises none of the retriable, snapshot or retargeting errors, nor write concern errors, so the transient codes
 * left are WriteConflict and NoSuchTransaction.
 *
 * <p>{@code UnknownTransactionCommitResult} is not the server's: drivers add it when a {@code commitTransaction}
 * gets no answer (a network error) or a retryable one (the transactions specification), which ShardLab's commit
 * never gives.
 */
final class ErrorLabels {

    /** error_labels.h {@code ErrorLabel::kTransientTransaction}. */
    static final String TRANSIENT_TRANSACTION_ERROR = "TransientTransactionError";

    private ErrorLabels() {}

    /**
     * The labels of the reply refusing a command with {@code code}.
     *
     * @param inTransaction whether the command carried {@code txnNumber} and {@code autocommit}
     */
    static List<String> of(ErrorCode code, boolean inTransaction) {
        return inTransaction && isTransientTransactionError(code) ? List.of(TRANSIENT_TRANSACTION_ERROR) : List.of();
    }

    /**
     * error_labels.cpp {@code isTransientTransactionError} for the codes ShardLab answers with: WriteConflict, and
     * NoSuchTransaction (on {@code commitTransaction} / {@code abortTransaction} only without a write concern error,
     * which ShardLab never has, so on every command).
     */
    static boolean isTransientTransactionError(ErrorCode code) {
        return code == ErrorCode.WRITE_CONFLICT || code == ErrorCode.NO_SUCH_TRANSACTION;
    }
}
