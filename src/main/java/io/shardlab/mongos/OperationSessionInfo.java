package io.shardlab.mongos;

import java.util.Optional;
import java.util.OptionalLong;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The session fields of one command ({@code lsid}, {@code txnNumber}, {@code autocommit}, {@code startTransaction},
 * {@code readConcern}, {@code writeConcern}), read and checked as mongo
 * {@code src/mongo/db/logical_session_id_helpers.cpp} ({@code initializeOperationSessionInfo}) reads them: each field
 * needs the one before it (lsid → txnNumber → autocommit → startTransaction), {@code autocommit} may only be false and
 * {@code startTransaction} only true. What the command may then do with them is {@link TransactionRules}'.
 *
 * <p>A command is a statement of a transaction when it has {@code autocommit} (always false), a retryable write when
 * it has a {@code txnNumber} and no {@code autocommit}, and plain otherwise (an {@code lsid} alone only keeps its
 * session alive).
 *
 * @param lsid the logical session id document, {@code {id: UUID}}, if any
 * @param txnNumber the transaction number, if any (at least 0)
 * @param inTransaction whether the command carried {@code autocommit: false}
 * @param startTransaction whether it carried {@code startTransaction: true}
 * @param readConcern its {@code readConcern} document, if any
 * @param hasWriteConcern whether it carried a {@code writeConcern}
 */
record OperationSessionInfo(
        Optional<BsonDocument> lsid,
        OptionalLong txnNumber,
        boolean inTransaction,
        boolean startTransaction,
        Optional<BsonDocument> readConcern,
        boolean hasWriteConcern) {

    /** The IDL struct's name in MongoDB's parse errors (logical_session_id.idl, parsed as "OperationSessionInfo"). */
    private static final String CONTEXT = "OperationSessionInfo";

    /**
     * Reads the session fields of {@code command}.
     *
     * @throws MongoCommandException TypeMismatch for a field of the wrong type, InvalidOptions for one without the
     *     field it needs or with a value MongoDB refuses (texts of logical_session_id_helpers.cpp)
     */
    static OperationSessionInfo of(BsonDocument command) {
        Optional<BsonDocument> lsid =
                typed(command, "lsid", ArgumentType.OBJECT).map(BsonValue::asDocument);
        OptionalLong txnNumber = typed(command, "txnNumber", ArgumentType.LONG)
                .map(v -> OptionalLong.of(v.asInt64().getValue()))
                .orElse(OptionalLong.empty());
        Optional<Boolean> autocommit = typed(command, "autocommit", ArgumentType.BOOL)
                .map(v -> v.asBoolean().getValue());
        Optional<Boolean> startTransaction = typed(command, "startTransaction", ArgumentType.BOOL)
                .map(v -> v.asBoolean().getValue());
        if (lsid.isEmpty()) {
            refuseIf(txnNumber.isPresent(), "Transaction number requires a session ID to also be specified");
        }
        if (txnNumber.isPresent()) {
            refuseIf(txnNumber.getAsLong() < 0, "Transaction number cannot be negative");
        } else {
            refuseIf(autocommit.isPresent(), "'autocommit' field requires a transaction number to also be specified");
        }
        if (autocommit.isPresent()) {
            refuseIf(autocommit.get(), "Specifying autocommit=true is not allowed.");
        } else {
            refuseIf(
                    startTransaction.isPresent(),
                    "'startTransaction' field requires 'autocommit' field to also be specified");
        }
        if (startTransaction.isPresent()) {
            refuseIf(!startTransaction.get(), "Specifying startTransaction=false is not allowed.");
        }
        return new OperationSessionInfo(
                lsid,
                txnNumber,
                autocommit.isPresent(),
                startTransaction.orElse(false),
                typed(command, "readConcern", ArgumentType.OBJECT).map(BsonValue::asDocument),
                command.containsKey("writeConcern"));
    }

    /** Whether the command is a retryable write's: a {@code txnNumber} without {@code autocommit}. */
    boolean retryableWrite() {
        return txnNumber.isPresent() && !inTransaction;
    }

    /** The transaction number; only for a command that has one. */
    long number() {
        return txnNumber.orElseThrow();
    }

    /** The session id, {@code lsid.id}; only for a command that has an {@code lsid}. */
    BsonValue sessionId() {
        return lsid.orElseThrow().get("id");
    }

    private static Optional<BsonValue> typed(BsonDocument command, String field, ArgumentType type) {
        BsonValue v = command.get(field);
        if (v == null) {
            return Optional.empty();
        }
        if (!type.accepts(v)) {
            throw CommandArguments.wrongType(CONTEXT + "." + field, v, type);
        }
        if (field.equals("lsid") && !v.asDocument().containsKey("id")) {
            throw CommandArguments.missing("LogicalSessionFromClient.id");
        }
        return Optional.of(v);
    }

    private static void refuseIf(boolean refused, String message) {
        if (refused) {
            throw new MongoCommandException(ErrorCode.INVALID_OPTIONS, message);
        }
    }
}
