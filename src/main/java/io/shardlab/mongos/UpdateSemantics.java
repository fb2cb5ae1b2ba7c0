package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.routing.Targeting;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * How a shard applies update statements, where the document store answers otherwise: the update is read as mongod
 * reads it ({@link UpdateModification}), an upsert starts from the equalities of its query ({@link UpsertSeed}),
 * {@code _id} stays what it was ({@code ImmutableField}), a sharded collection's shard key changes only as the
 * release allows ({@link ShardKeyUpdateRules}), a pipeline update runs, and a collection's validator is applied
 * ({@link DocumentValidation}). A statement none of that concerns goes to the store as it is.
 *
 * <p>{@link #update} answers in the store's shape ({@code n}, {@code nModified}, {@code upserted},
 * {@code writeErrors}), one statement at a time in order, an ordered batch stopping at its first error;
 * {@link #findAndModify} answers as the store's {@code findAndModify}.
 *
 * <p>Sources: mongo {@code src/mongo/db/exec/update_stage.cpp}, {@code upsert_stage.cpp},
 * {@code src/mongo/db/update/update_driver.cpp}, {@code object_replace_executor.cpp} (a replacement that changes
 * {@code _id}: ImmutableField "After applying the update, the (immutable) field '_id' was found to have been
 * altered to _id: v"), {@code modifier_node.cpp} (an operator on {@code _id} or below it that changes it:
 * ImmutableField "Performing an update on the path 'p' would modify the immutable field '_id'"),
 * {@code storage_validation.cpp} ({@code storageValidIdField}: an {@code _id} that is a regex, an array or undefined
 * is InvalidIdField "The '_id' value cannot be of type t").
 */
final class UpdateSemantics {

    private static final Set<String> IMMUTABLE = Set.of(UpsertSeed.ID);

    private final CommandContext context;
    private final ScratchUpdates scratch;

    UpdateSemantics(CommandContext context) {
        this.context = context;
        this.scratch =
                new ScratchUpdates(context.storage(), context.wallClockMillis().getAsLong());
    }

    /** What one statement did: documents matched, documents changed, the {@code _id} it upserted (or null). */
    private record Outcome(int matched, int modified, BsonValue upsertedId) {}

    /**
     * An {@code update} command (the statements the router accepted) run as a shard runs it.
     *
     * @return the store-shaped reply
     */
    BsonDocument update(String db, BsonDocument command) {
        String coll = command.getString("update").getValue();
        BsonArray statements = command.getArray("updates", new BsonArray());
        boolean ordered = command.getBoolean("ordered", BsonBoolean.TRUE).getValue();
        int matched = 0;
        int modified = 0;
        BsonArray upserted = new BsonArray();
        BsonArray errors = new BsonArray();
        for (int i = 0; i < statements.size(); i++) {
            try {
                Outcome o = statement(db, coll, command, statements.get(i).asDocument());
                matched += o.matched();
                modified += o.modified();
                if (o.upsertedId() != null) {
                    upserted.add(new BsonDocument("index", new BsonInt32(i)).append("_id", o.upsertedId()));
                }
            } catch (StatementFailedException e) {
                errors.add(e.writeError(i));
                if (ordered) {
                    break;
                }
            } catch (MongoCommandException e) {
                errors.add(StatementFailedException.of(e).writeError(i));
                if (ordered) {
                    break;
                }
            }
        }
        return Replies.update(matched, modified, upserted, errors);
    }

    /**
     * A {@code findAndModify} that updates, run as a shard runs it: the store answers once the document it writes
     * is known to be allowed (the pipeline's or the upsert's result written as a replacement of that document).
     * A removal goes to the store as it is.
     *
     * @throws MongoCommandException as mongod refuses the update
     */
    BsonDocument findAndModify(String db, BsonDocument command) {
        BsonValue update = command.get("update");
        if (command.getBoolean("remove", BsonBoolean.FALSE).getValue() || update == null) {
            return context.storage().run(db, command);
        }
        String coll = command.getString(command.getFirstKey()).getValue();
        BsonDocument query = command.getDocument("query", new BsonDocument());
        try {
            UpdateModification mod = UpdateModification.of(command, "update");
            BsonDocument statement = new BsonDocument("q", query).append("u", update);
            if (command.containsKey("arrayFilters")) {
                statement.append("arrayFilters", command.get("arrayFilters"));
            }
            Optional<BsonDocument> target =
                    context.documents().findFirst(db, coll, query, command.getDocument("sort", null));
            if (target.isEmpty()) {
                if (!command.getBoolean("upsert", BsonBoolean.FALSE).getValue()) {
                    return context.storage().run(db, command);
                }
                BsonDocument inserted = upsertDocument(db, coll, query, mod, statement, retryable(command));
                context.validation().check(db, coll, Optional.empty(), inserted, DocumentValidation.bypassed(command));
                return context.storage().run(db, asReplacement(command, inserted, true));
            }
            if (!needsOwnPath(db, coll, mod)) {
                return context.storage().run(db, command);
            }
            BsonDocument after = after(target.get(), mod, statement);
            checkKeyChange(db, coll, target.get(), after, query, false, retryable(command));
            context.validation()
                    .check(db, coll, Optional.of(target.get()), after, DocumentValidation.bypassed(command));
            return context.storage().run(db, asReplacement(command, after, false));
        } catch (StatementFailedException e) {
            throw e.asCommandRefusal();
        }
    }

    /** {@code command} as a {@code findAndModify} of {@code document}'s {@code _id} that writes {@code document}. */
    private static BsonDocument asReplacement(BsonDocument command, BsonDocument document, boolean upsert) {
        BsonDocument out = command.clone();
        out.put("query", new BsonDocument(UpsertSeed.ID, document.get(UpsertSeed.ID)));
        out.put("update", document);
        out.remove("sort");
        out.remove("arrayFilters");
        out.put("upsert", BsonBoolean.valueOf(upsert));
        return out;
    }

    private Outcome statement(String db, String coll, BsonDocument command, BsonDocument statement) {
        BsonDocument query = statement.getDocument("q", new BsonDocument());
        UpdateModification mod = UpdateModification.of(statement, "u");
        boolean multi = WriteCommands.flag(statement, "multi");
        boolean retryable = retryable(command);
        List<BsonDocument> matched = context.documents().matching(db, coll, query, multi ? 0 : 1);
        if (matched.isEmpty()) {
            if (!WriteCommands.flag(statement, "upsert")) {
                return new Outcome(0, 0, null);
            }
            BsonDocument inserted = upsertDocument(db, coll, query, mod, statement, retryable);
            context.validation().check(db, coll, Optional.empty(), inserted, DocumentValidation.bypassed(command));
            insert(db, coll, inserted);
            return new Outcome(1, 0, inserted.get(UpsertSeed.ID));
        }
        if (!needsOwnPath(db, coll, mod)) {
            return forward(db, command, statement);
        }
        List<BsonDocument> afters = new ArrayList<>();
        for (BsonDocument before : matched) {
            BsonDocument after = after(before, mod, statement);
            checkKeyChange(db, coll, before, after, query, multi, retryable);
            context.validation().check(db, coll, Optional.of(before), after, DocumentValidation.bypassed(command));
            afters.add(after);
        }
        if (!(mod instanceof UpdateModification.Pipeline)) {
            return forward(db, command, statement);
        }
        int modified = 0;
        for (int i = 0; i < matched.size(); i++) {
            if (!afters.get(i).equals(matched.get(i))) {
                replace(db, coll, afters.get(i));
                modified++;
            }
        }
        return new Outcome(matched.size(), modified, null);
    }

    /**
     * Whether the statement needs ShardLab's own path: a pipeline, an update of {@code _id} or below it, any update
     * of a sharded collection that can change its shard key, or a collection with a validator.
     */
    private boolean needsOwnPath(String db, String coll, UpdateModification mod) {
        if (mod instanceof UpdateModification.Pipeline || context.validation().validates(db, coll)) {
            return true;
        }
        Optional<ShardKeyUpdateRules> keyRules = keyRules(db, coll);
        if (mod instanceof UpdateModification.Operators ops) {
            return touchesId(ops.paths())
                    || keyRules.map(r -> r.touches(ops.paths())).orElse(false);
        }
        return keyRules.isPresent();
    }

    /** The document {@code mod} makes of {@code before}, its {@code _id} unchanged or refused. */
    private BsonDocument after(BsonDocument before, UpdateModification mod, BsonDocument statement) {
        BsonValue id = before.get(UpsertSeed.ID);
        if (mod instanceof UpdateModification.Replacement r) {
            requireSameId(id, r.document());
            BsonDocument after = new BsonDocument();
            if (id != null) {
                after.append(UpsertSeed.ID, id);
            }
            r.document().forEach((k, v) -> {
                if (!UpsertSeed.ID.equals(k)) {
                    after.append(k, v);
                }
            });
            return after;
        }
        if (mod instanceof UpdateModification.Pipeline p) {
            BsonDocument piped = scratch.piped(before, p);
            requireSameId(id, piped);
            if (id != null && !piped.containsKey(UpsertSeed.ID)) {
                piped.put(UpsertSeed.ID, id); // a pipeline that drops _id keeps the document's
            }
            return DocumentPaths.idFirst(piped);
        }
        UpdateModification.Operators o = (UpdateModification.Operators) mod;
        BsonDocument after = scratch.updated(before, statement);
        if (id != null && !id.equals(after.get(UpsertSeed.ID))) {
            throw idModifiedBy(o);
        }
        return after;
    }

    /**
     * The document an upsert inserts: its seed ({@link UpsertSeed}), the update applied, {@code _id} first or
     * generated, checked as mongod checks it before the insert.
     */
    private BsonDocument upsertDocument(
            String db,
            String coll,
            BsonDocument query,
            UpdateModification mod,
            BsonDocument statement,
            boolean retryable) {
        BsonDocument seed = UpsertSeed.of(query, mod instanceof UpdateModification.Replacement, IMMUTABLE);
        BsonValue seededId = seed.get(UpsertSeed.ID);
        BsonDocument document;
        if (mod instanceof UpdateModification.Replacement r) {
            requireSameId(seededId, r.document());
            document = new BsonDocument();
            if (seededId != null) {
                document.append(UpsertSeed.ID, seededId);
            }
            r.document().forEach(document::put);
        } else if (mod instanceof UpdateModification.Pipeline p) {
            // the pipeline runs over the seed; a seed without _id gets the one generated for the new document
            BsonDocument start = seededId != null
                    ? seed
                    : DocumentPaths.idFirst(seed.clone().append(UpsertSeed.ID, new BsonObjectId(new ObjectId())));
            document = scratch.piped(start, p);
            if (seededId != null) {
                requireSameId(seededId, document);
            }
            if (!document.containsKey(UpsertSeed.ID)) {
                document.put(UpsertSeed.ID, start.get(UpsertSeed.ID));
            }
        } else {
            UpdateModification.Operators o = (UpdateModification.Operators) mod;
            document = scratch.upserted(seed, o.operators(), statement.get("arrayFilters"));
            if (seededId != null && !seededId.equals(document.get(UpsertSeed.ID))) {
                throw idModifiedBy(o);
            }
        }
        if (!document.containsKey(UpsertSeed.ID)) {
            document.put(UpsertSeed.ID, new BsonObjectId(new ObjectId()));
        }
        document = DocumentPaths.idFirst(document);
        requireStorableId(document.get(UpsertSeed.ID));
        checkUpsertTarget(db, coll, query, seed, document, retryable);
        return document;
    }

    /** ImmutableField for a replacement (or a pipeline's result) that names another {@code _id}. */
    private static void requireSameId(BsonValue id, BsonDocument replacement) {
        BsonValue given = replacement.get(UpsertSeed.ID);
        if (id != null && given != null && !id.equals(given)) {
            throw StatementFailedException.of(
                    ErrorCode.IMMUTABLE_FIELD,
                    "After applying the update, the (immutable) field '_id' was found to have been altered to "
                            + BsonPrinter.serverString(UpsertSeed.ID, given));
        }
    }

    /** ImmutableField naming the first of the operators' paths that writes {@code _id}. */
    private static StatementFailedException idModifiedBy(UpdateModification.Operators operators) {
        String path = operators.paths().stream()
                .filter(p -> touchesId(List.of(p)))
                .findFirst()
                .orElse(UpsertSeed.ID);
        return StatementFailedException.of(
                ErrorCode.IMMUTABLE_FIELD,
                "Performing an update on the path '" + path + "' would modify the immutable field '_id'");
    }

    private static boolean touchesId(List<String> paths) {
        return paths.stream().anyMatch(p -> p.equals(UpsertSeed.ID) || p.startsWith(UpsertSeed.ID + "."));
    }

    /** InvalidIdField for an {@code _id} no document may have. */
    private static void requireStorableId(BsonValue id) {
        String type = switch (id.getBsonType()) {
            case REGULAR_EXPRESSION -> "regex";
            case ARRAY -> "array";
            case UNDEFINED -> "undefined";
            default -> null;
        };
        if (type != null) {
            throw StatementFailedException.of(ErrorCode.INVALID_ID_FIELD, "The '_id' value cannot be of type " + type);
        }
    }

    private Optional<ShardKeyUpdateRules> keyRules(String db, String coll) {
        return context.catalog()
                .collection(db + "." + coll)
                .map(c -> new ShardKeyUpdateRules(c.cluster().shardKey(), context.version()));
    }

    private void checkKeyChange(
            String db,
            String coll,
            BsonDocument before,
            BsonDocument after,
            BsonDocument query,
            boolean multi,
            boolean retryable) {
        Optional<ShardKeyUpdateRules> rules = keyRules(db, coll);
        if (rules.isPresent()) {
            Optional<StatementFailedException> refusal = rules.get().refusal(before, after, query, multi, retryable);
            if (refusal.isPresent()) {
                throw refusal.get();
            }
        }
    }

    /**
     * An upsert whose document belongs on another shard than its seed: only in a transaction or retryable write. From
     * 7.1 an upsert whose query reaches several shards runs as a write without shard key, whose write phase is an
     * internal transaction that inserts the new document on the shard that owns it (mongo
     * {@code src/mongo/s/write_ops/write_without_shard_key_util.cpp}, {@code useTwoPhaseProtocol};
     * {@code src/mongo/s/commands/cluster_write_without_shard_key_cmd.cpp}); it needs neither (mongo
     * {@code jstests/sharding/query/regex_targeting.js}, 8.x: "Op-style updates with regex succeed on sharded
     * collections", the upserts by regex that follow).
     */
    private void checkUpsertTarget(
            String db, String coll, BsonDocument query, BsonDocument seed, BsonDocument document, boolean retryable) {
        var sharded = context.catalog().collection(db + "." + coll);
        if (sharded.isEmpty() || retryable) {
            return;
        }
        Router router = context.router(sharded.get());
        if (context.version().atLeast(7, 1)) {
            Targeting reached = WriteCommands.routeWrite(router, new Operation.Find(query));
            if (reached != null && !reached.rejected() && reached.shards().size() > 1) {
                return;
            }
        }
        Targeting targeted = WriteCommands.routeWrite(router, new Operation.Insert(seed));
        Targeting landing = WriteCommands.routeWrite(router, new Operation.Insert(document));
        if (targeted != null
                && landing != null
                && !targeted.rejected()
                && !landing.rejected()
                && !targeted.shards().equals(landing.shards())) {
            throw ShardKeyUpdateRules.crossShardUpsert();
        }
    }

    /** The statement run by the store as it is. */
    private Outcome forward(String db, BsonDocument command, BsonDocument statement) {
        BsonDocument one = command.clone();
        one.put("updates", new BsonArray(List.of(statement)));
        one.put("ordered", BsonBoolean.TRUE);
        BsonDocument reply = context.storage().run(db, one);
        failIfRefused(reply);
        int n = reply.getNumber("n", new BsonInt32(0)).intValue();
        int modified = reply.getNumber("nModified", new BsonInt32(0)).intValue();
        BsonValue upsertedId = null;
        for (BsonValue u : reply.getArray("upserted", new BsonArray())) {
            upsertedId = u.asDocument().get(UpsertSeed.ID);
        }
        return new Outcome(upsertedId == null ? n : 1, modified, upsertedId);
    }

    private void insert(String db, String coll, BsonDocument document) {
        failIfRefused(context.storage()
                .run(
                        db,
                        new BsonDocument("insert", new BsonString(coll))
                                .append("documents", new BsonArray(List.of(document)))));
    }

    private void replace(String db, String coll, BsonDocument document) {
        BsonDocument statement = new BsonDocument("q", new BsonDocument(UpsertSeed.ID, document.get(UpsertSeed.ID)))
                .append("u", document);
        failIfRefused(context.storage()
                .run(
                        db,
                        new BsonDocument("update", new BsonString(coll))
                                .append("updates", new BsonArray(List.of(statement)))));
    }

    private static void failIfRefused(BsonDocument reply) {
        if (reply.getNumber("ok", new BsonInt32(0)).doubleValue() != 1) {
            throw StatementFailedException.fromStore(reply);
        }
        BsonArray errors = reply.getArray("writeErrors", new BsonArray());
        if (!errors.isEmpty()) {
            throw StatementFailedException.fromStore(errors.get(0).asDocument());
        }
    }

    /** A statement in a transaction or a retryable write: the client sent a {@code txnNumber}. */
    private static boolean retryable(BsonDocument command) {
        return command.containsKey("txnNumber");
    }
}
