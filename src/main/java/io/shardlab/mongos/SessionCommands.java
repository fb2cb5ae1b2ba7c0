package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.optional;

import io.shardlab.mongos.CommandSyntax.FirstField;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The commands that end what a session began: {@code commitTransaction} and {@code abortTransaction} (admin only,
 * mongo {@code src/mongo/s/commands/cluster_commit_transaction_cmd.cpp}, {@code cluster_abort_transaction_cmd.cpp})
 * and {@code endSessions} (mongo {@code src/mongo/db/commands/end_sessions_command.cpp}), answered by
 * {@link Transactions}.
 */
final class SessionCommands {

    private static final String TXN_CMDS = "src/mongo/db/commands/txn_cmds.idl";

    /** mongo {@code txn_cmds.idl} ({@code commitTransaction}: {@code commitTimestamp}, {@code recoveryToken}). */
    static final CommandSyntax COMMIT_TRANSACTION = CommandSyntax.idl(
            "commitTransaction",
            FirstField.IGNORED,
            TXN_CMDS,
            optional("commitTimestamp", ArgumentType.ANY),
            optional("recoveryToken", ArgumentType.OBJECT));

    /** mongo {@code txn_cmds.idl} ({@code abortTransaction}: {@code recoveryToken}). */
    static final CommandSyntax ABORT_TRANSACTION = CommandSyntax.idl(
            "abortTransaction", FirstField.IGNORED, TXN_CMDS, optional("recoveryToken", ArgumentType.OBJECT));

    private final Transactions transactions;

    SessionCommands(Transactions transactions) {
        this.transactions = transactions;
    }

    /** {@code commitTransaction}: {@code {ok: 1}} once the session's transaction is committed. */
    BsonDocument commitTransaction(CommandRequest request) {
        return transactions.commit(OperationSessionInfo.of(request.body()), request.body());
    }

    /** {@code abortTransaction}: {@code {ok: 1}} once the session's transaction is aborted. */
    BsonDocument abortTransaction(CommandRequest request) {
        return transactions.abort(OperationSessionInfo.of(request.body()));
    }

    /** {@code endSessions: [lsid, …]}: {@code {ok: 1}}; the sessions' open transactions stay until they end. */
    BsonDocument endSessions(CommandRequest request) {
        BsonValue listed = request.body().get("endSessions");
        if (!listed.isArray()) {
            throw CommandArguments.wrongType("endSessions.endSessions", listed, ArgumentType.ARRAY);
        }
        List<BsonDocument> lsids = new ArrayList<>();
        for (BsonValue v : listed.asArray()) {
            if (v.isDocument() && v.asDocument().containsKey("id")) {
                lsids.add(v.asDocument());
            }
        }
        return transactions.endSessions(lsids);
    }
}
