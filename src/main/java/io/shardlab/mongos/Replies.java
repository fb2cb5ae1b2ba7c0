package io.shardlab.mongos;

import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNumber;
import org.bson.BsonString;

/**
 * The shapes of a mongos' replies every command family shares: {@code ok: 1}, a one-batch cursor, an array of names,
 * CommandNotFound.
 */
final class Replies {

    private Replies() {}

    /** {@code {ok: 1}}. */
    static BsonDocument ok() {
        return ok(new BsonDocument());
    }

    /**
     * The reply of an {@code update} batch (mongo {@code src/mongo/db/ops/write_ops.idl}, {@code UpdateCommandReply}):
     * {@code n}, {@code nModified}, then {@code upserted} and {@code writeErrors} when they hold anything, and
     * {@code ok: 1}.
     */
    static BsonDocument update(int n, int nModified, BsonArray upserted, BsonArray writeErrors) {
        BsonDocument reply = new BsonDocument("n", new BsonInt32(n)).append("nModified", new BsonInt32(nModified));
        if (!upserted.isEmpty()) {
            reply.append("upserted", upserted);
        }
        if (!writeErrors.isEmpty()) {
            reply.append("writeErrors", writeErrors);
        }
        return ok(reply);
    }

    /** {@code body} with {@code ok: 1} appended. */
    static BsonDocument ok(BsonDocument body) {
        return body.append("ok", new BsonDouble(1));
    }

    /** Whether {@code reply} says {@code ok: 1}. */
    static boolean isOk(BsonDocument reply) {
        return reply.get("ok") instanceof BsonNumber n && n.doubleValue() == 1.0;
    }

    /** A cursor reply whose first batch is the whole result: {@code {cursor: {firstBatch, id: 0, ns}, ok: 1}}. */
    static BsonDocument cursor(String ns, BsonArray firstBatch) {
        return ok(new BsonDocument(
                "cursor",
                new BsonDocument("firstBatch", firstBatch)
                        .append("id", new BsonInt64(0))
                        .append("ns", new BsonString(ns))));
    }

    /** The first batch of a cursor reply ({@code cursor.firstBatch}); empty when the reply has none (a refusal). */
    static BsonArray firstBatch(BsonDocument reply) {
        return reply.getDocument("cursor", new BsonDocument()).getArray("firstBatch", new BsonArray());
    }

    /** An array of {@code values}, in their order (a reply's list of names: dbsToMove, collectionsToMove, …). */
    static BsonArray strings(List<String> values) {
        BsonArray out = new BsonArray();
        values.forEach(v -> out.add(new BsonString(v)));
        return out;
    }

    /**
     * A draining shard's reply from 8.0 ended with what is still to move off it (mongo
     * {@code sharding_catalog_manager_shard_operations.cpp}, {@code appendDBAndCollDrainingInfo}): the {@code note}
     * only when something is listed, then {@code dbsToMove} and {@code collectionsToMove}, and {@code ok}.
     */
    static BsonDocument okWithWhatIsLeftToMove(
            BsonDocument reply, List<String> dbsToMove, List<String> collectionsToMove) {
        if (!dbsToMove.isEmpty() || !collectionsToMove.isEmpty()) {
            reply.append(
                    "note",
                    new BsonString("you need to call moveCollection for collectionsToMove and afterwards movePrimary"
                            + " for the dbsToMove"));
        }
        return ok(
                reply.append("dbsToMove", strings(dbsToMove)).append("collectionsToMove", strings(collectionsToMove)));
    }

    /** What a mongos answers to a command it does not have (mongo {@code commands.cpp}). */
    static MongoCommandException noSuchCommand(String name) {
        return new MongoCommandException(ErrorCode.COMMAND_NOT_FOUND, "no such command: '" + name + "'");
    }
}
