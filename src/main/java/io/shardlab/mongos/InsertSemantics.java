package io.shardlab.mongos;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonRegularExpression;
import org.bson.BsonValue;

/**
 * How a shard inserts documents, where the document store answers otherwise: each document is stored with its
 * {@code _id} first (mongo {@code src/mongo/db/ops/insert.cpp}, {@code fixDocumentForInsert}: "moves _id to the
 * front"), a regular expression {@code _id} is refused (BadValue "can't use a regex for _id", the same function), the
 * collection's validator is applied ({@link DocumentValidation}), and a capped collection drops its
 * oldest documents past its size or count ({@link CappedCollections}).
 *
 * <p>{@link #insert} answers in the store's shape ({@code n}, {@code writeErrors} indexed in the command it was
 * given), an ordered batch stopping at its first error.
 */
final class InsertSemantics {

    private final CommandContext context;

    InsertSemantics(CommandContext context) {
        this.context = context;
    }

    /** An {@code insert} command (the documents the router accepted) run as a shard runs it. */
    BsonDocument insert(String db, BsonDocument command) {
        String coll = command.getString("insert").getValue();
        BsonArray given = command.getArray("documents", new BsonArray());
        boolean ordered = command.getBoolean("ordered", BsonBoolean.TRUE).getValue();
        boolean bypass = DocumentValidation.bypassed(command);
        List<Integer> forwarded = new ArrayList<>();
        BsonArray documents = new BsonArray();
        BsonArray refused = new BsonArray();
        boolean validates = context.validation().validates(db, coll);
        for (int i = 0; i < given.size(); i++) {
            BsonValue v = given.get(i);
            BsonDocument document = v.isDocument() ? DocumentPaths.idFirst(v.asDocument()) : null;
            if (document != null && document.get("_id") instanceof BsonRegularExpression) {
                // mongo src/mongo/db/ops/insert.cpp fixDocumentForInsert (SERVER-9502): no regex for _id
                refused.add(StatementFailedException.of(ErrorCode.BAD_VALUE, "can't use a regex for _id")
                        .writeError(i));
                if (ordered) {
                    break;
                }
                continue;
            }
            if (document != null && validates) {
                try {
                    context.validation().check(db, coll, Optional.empty(), document, bypass);
                } catch (StatementFailedException e) {
                    refused.add(e.writeError(i));
                    if (ordered) {
                        break;
                    }
                    continue;
                }
            }
            forwarded.add(i);
            documents.add(document == null ? v : document);
        }
        BsonDocument reply;
        if (documents.isEmpty()) {
            reply = Replies.ok(new BsonDocument("n", new BsonInt32(0)));
        } else {
            BsonDocument forward = command.clone();
            forward.put("documents", documents);
            reply = context.storage().run(db, forward);
            if (reply.getNumber("ok", new BsonInt32(0)).doubleValue() != 1) {
                return reply;
            }
        }
        if (refused.isEmpty() && forwarded.size() == given.size()) {
            context.capped().afterInsert(db, coll);
            return reply;
        }
        BsonArray errors = new BsonArray();
        for (BsonValue e : reply.getArray("writeErrors", new BsonArray())) {
            BsonDocument error = e.asDocument().clone();
            error.put(
                    "index",
                    new BsonInt32(forwarded.get(error.getNumber("index").intValue())));
            errors.add(error);
        }
        errors.addAll(refused);
        errors.sort((a, b) -> Integer.compare(
                a.asDocument().getNumber("index").intValue(),
                b.asDocument().getNumber("index").intValue()));
        reply.put("writeErrors", errors);
        context.capped().afterInsert(db, coll);
        return reply;
    }
}
