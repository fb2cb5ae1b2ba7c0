package io.shardlab.mongos;

import static io.shardlab.mongos.Argument.optional;
import static io.shardlab.mongos.Argument.required;

import io.shardlab.cluster.ReleaseRules;
import io.shardlab.key.ShardKey;
import io.shardlab.mongos.CommandSyntax.FirstField;
import io.shardlab.routing.Operation;
import io.shardlab.routing.Router;
import io.shardlab.routing.Targeting;
import io.shardlab.routing.UnsupportedQueryException;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.UpdateDocuments;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntFunction;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * The writes: {@code insert}, {@code update}, {@code delete} and {@code findAndModify} are routed by
 * {@link Router} and refused where mongos refuses them ({@code writeErrors} in an {@code ok: 1} reply, as mongos
 * sends them), stored through the {@link DocumentStorage} within the {@link MemoryBudget} (a write past it is
 * refused, ExceededMemoryLimit, never acknowledged and dropped), and recorded in the
 * simulated cluster of their collection; {@code drop} and {@code dropDatabase} forget what they remove.
 */
final class WriteCommands {

    private static final String WRITE_OPS = "src/mongo/db/ops/write_ops.idl";

    /** The most statements one write command carries (mongo {@code src/mongo/db/ops/write_ops.h}). */
    static final int MAX_WRITE_BATCH_SIZE = 100_000;

    /** mongo {@code src/mongo/db/ops/write_ops.idl} ({@code insert}). */
    static final CommandSyntax INSERT = CommandSyntax.idl(
            "insert",
            FirstField.COLLECTION,
            WRITE_OPS,
            required("documents", ArgumentType.ARRAY).eachOf(ArgumentType.OBJECT),
            optional("ordered", ArgumentType.BOOL).orElse(BsonBoolean.TRUE));

    /** mongo {@code src/mongo/db/ops/write_ops.idl} ({@code update}, its entries {@code UpdateOpEntry}). */
    static final CommandSyntax UPDATE = CommandSyntax.idl(
            "update",
            FirstField.COLLECTION,
            WRITE_OPS,
            required("updates", ArgumentType.ARRAY)
                    .eachWith(
                            required("q", ArgumentType.OBJECT),
                            required("u", ArgumentType.ANY),
                            optional("multi", ArgumentType.BOOL),
                            optional("upsert", ArgumentType.BOOL)),
            optional("ordered", ArgumentType.BOOL).orElse(BsonBoolean.TRUE));

    /** mongo {@code src/mongo/db/ops/write_ops.idl} ({@code delete}, its entries {@code DeleteOpEntry}). */
    static final CommandSyntax DELETE = CommandSyntax.idl(
            "delete",
            FirstField.COLLECTION,
            WRITE_OPS,
            required("deletes", ArgumentType.ARRAY)
                    .eachWith(required("q", ArgumentType.OBJECT), required("limit", ArgumentType.ANY)),
            optional("ordered", ArgumentType.BOOL).orElse(BsonBoolean.TRUE));

    /** mongo {@code src/mongo/db/query/find_and_modify.idl} ({@code findAndModify}). */
    static final CommandSyntax FIND_AND_MODIFY = CommandSyntax.idl(
            "findAndModify",
            FirstField.COLLECTION,
            "src/mongo/db/query/find_and_modify.idl",
            optional("query", ArgumentType.OBJECT),
            optional("fields", ArgumentType.OBJECT),
            optional("sort", ArgumentType.OBJECT),
            optional("remove", ArgumentType.SAFE_BOOL),
            optional("update", ArgumentType.ANY),
            optional("new", ArgumentType.SAFE_BOOL),
            optional("upsert", ArgumentType.SAFE_BOOL),
            optional("collation", ArgumentType.OBJECT),
            optional("arrayFilters", ArgumentType.ARRAY).eachOf(ArgumentType.OBJECT));

    /** mongo {@code src/mongo/db/drop.idl} ({@code drop}: a collection name). */
    static final CommandSyntax DROP = CommandSyntax.idl("drop", FirstField.COLLECTION, "src/mongo/db/drop.idl");

    private final CommandContext context;

    WriteCommands(CommandContext context) {
        this.context = context;
    }

    /**
     * Refuses a write batch of no statement or of more than {@link #MAX_WRITE_BATCH_SIZE}, as every release's
     * {@code InsertOp::parse}, {@code UpdateOp::parse} and {@code DeleteOp::parse} do after the IDL parser (mongo
     * {@code src/mongo/db/ops/write_ops_parsers.cpp} in 4.4, {@code write_ops.cpp} from 5.0,
     * {@code checkOpCountForCommand}); a batch of only null elements is one of no statement, the IDL parser skipping
     * them ({@link CommandArguments#withoutAbsentFields}).
     */
    static void requireBatchSize(int statements) {
        if (statements == 0 || statements > MAX_WRITE_BATCH_SIZE) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_LENGTH,
                    "Write batch sizes must be between 1 and " + MAX_WRITE_BATCH_SIZE + ". Got " + statements
                            + " operations.");
        }
    }

    /**
     * {@code insert}: each document routed (a sharded collection refuses one without its shard key), refused when
     * the memory budget cannot keep it, stored, and recorded in the collection's chunks or its unsharded bytes.
     */
    BsonDocument insert(CommandRequest request) {
        String db = request.database();
        String ns = request.namespaceOfCollection();
        CommandArguments args = request.arguments();
        requireBatchSize(args.array("documents").size());
        List<BsonDocument> documents = new ArrayList<>();
        for (BsonValue v : args.array("documents")) {
            if (v.isDocument()) {
                documents.add(withId(v.asDocument()));
            }
        }
        boolean ordered = args.isTrue("ordered");
        Router router = context.catalog().collection(ns).map(context::router).orElse(null);
        if (router == null) {
            context.catalog().createDatabase(db, null);
        }
        RoutedBatch routed = routeBatch(
                documents.size(),
                ordered,
                i -> router == null ? null : router.route(new Operation.Insert(documents.get(i))));
        List<Integer> accepted = new ArrayList<>(routed.accepted());
        BsonArray refused = routed.refused();
        refuseWhatDoesNotFit(documents, accepted, refused, ordered);
        List<BsonDocument> toStore = new ArrayList<>();
        for (int i : accepted) {
            toStore.add(documents.get(i));
        }
        BsonDocument reply;
        List<Integer> stored;
        if (toStore.isEmpty()) {
            reply = Replies.ok(new BsonDocument("n", new BsonInt32(0)));
            stored = List.of();
        } else {
            BsonDocument forward = request.body().clone();
            forward.put("documents", new BsonArray(toStore));
            forward.put("ordered", BsonBoolean.valueOf(ordered));
            reply = context.inserts().insert(db, forward);
            if (!Replies.isOk(reply)) {
                return reply;
            }
            stored = storedIndexes(reply, accepted, refused, ordered);
        }
        List<BsonDocument> landed = new ArrayList<>();
        for (int i : stored) {
            landed.add(documents.get(i));
        }
        context.budget().stored(keptBytes(landed));
        // n counts the documents inserted, not those sent (mongo write_ops_exec.cpp: one per successful insert)
        reply.put("n", new BsonInt32(landed.size()));
        context.writes().inserted(ns, landed);
        if (!refused.isEmpty()) {
            reply.put("writeErrors", sortedByIndex(refused));
        }
        return reply;
    }

    /**
     * Takes out of {@code accepted} the documents the memory budget cannot keep, each with its write error
     * ({@link MemoryBudget#writeError}); an ordered batch stops at the first, dropping the statements after it and
     * the router's refusals after it, as mongos stops an ordered batch at its first error.
     */
    private void refuseWhatDoesNotFit(
            List<BsonDocument> documents, List<Integer> accepted, BsonArray refused, boolean ordered) {
        long adding = 0;
        for (int k = 0; k < accepted.size(); k++) {
            int i = accepted.get(k);
            long bytes = keptBytes(List.of(documents.get(i)));
            if (context.budget().fits(adding + bytes)) {
                adding += bytes;
                continue;
            }
            refused.add(context.budget().writeError(i));
            if (ordered) {
                accepted.subList(k, accepted.size()).clear();
                refused.removeIf(e -> e.asDocument().getNumber("index").intValue() > i);
                return;
            }
            accepted.remove(k--);
        }
    }

    /**
     * Refuses every statement of {@code accepted} for want of room (an ordered batch only its first, and nothing runs
     * after it): a full in-memory engine refuses any update, WiredTiger's {@code WT_CACHE_FULL} (WT-2932).
     */
    private void refuseEvery(List<Integer> accepted, BsonArray refused, boolean ordered) {
        if (accepted.isEmpty()) {
            return;
        }
        if (ordered) {
            int first = accepted.get(0);
            refused.add(context.budget().writeError(first));
            refused.removeIf(e -> e.asDocument().getNumber("index").intValue() > first);
        } else {
            accepted.forEach(i -> refused.add(context.budget().writeError(i)));
        }
        accepted.clear();
    }

    /**
     * {@code update}: each statement routed (mongos' single-write and upsert rules), the accepted ones stored,
     * and the documents they changed counted again in the chunks ({@link UpdateDocuments}); 4.0's mongos also
     * counts each statement it targeted by the exact shard key for its auto-splitter.
     */
    BsonDocument update(CommandRequest request) {
        String db = request.database();
        String coll = request.arguments().firstString();
        String ns = request.namespaceOfCollection();
        BsonArray updates = request.arguments().array("updates");
        requireBatchSize(updates.size());
        boolean ordered = request.arguments().isTrue("ordered");
        var sharded = context.catalog().collection(ns);
        Router router = sharded.map(context::router).orElse(null);
        boolean mongosCountsStatements =
                ReleaseRules.of(context.version()).autoSplit() == ReleaseRules.AutoSplit.MONGOS;
        List<ShardKey> statementKeys = new ArrayList<>();
        List<Integer> statementBytes = new ArrayList<>();
        RoutedBatch routed = routeBatch(updates.size(), ordered, i -> {
            if (router == null) {
                return null;
            }
            Operation.Update op = updateOperation(updates.get(i).asDocument());
            Targeting t = routeWrite(router, op);
            if ((t == null || !t.rejected()) && mongosCountsStatements && op.update() != null) {
                // chunk_manager_targeter.cpp: estimatedDataSize = query.objsize() + updateExpr.objsize()
                router.legacyExactKey(op).ifPresent(key -> {
                    statementKeys.add(key);
                    statementBytes.add(InsertBatch.bsonSize(op.filter()) + InsertBatch.bsonSize(op.update()));
                });
            }
            return t;
        });
        List<Integer> accepted = new ArrayList<>(routed.accepted());
        BsonArray refused = routed.refused();
        if (context.budget().full()) {
            refuseEvery(accepted, refused, ordered);
        }
        if (sharded.isEmpty()) {
            context.catalog().createDatabase(db, null);
        }
        BsonArray forwardUpdates = new BsonArray();
        Map<BsonValue, BsonDocument> matched = new LinkedHashMap<>();
        for (int i : accepted) {
            BsonDocument u = updates.get(i).asDocument();
            forwardUpdates.add(u);
            boolean multi = flag(u, "multi");
            for (BsonDocument d : context.documents().matching(db, coll, query(u, "q"), multi ? 0 : 1)) {
                if (d.containsKey("_id")) {
                    matched.putIfAbsent(d.get("_id"), d);
                }
            }
        }
        BsonDocument reply = accepted.isEmpty()
                ? new BsonDocument("n", new BsonInt32(0))
                        .append("nModified", new BsonInt32(0))
                        .append("ok", new BsonDouble(1))
                : storeUpdates(db, request.body(), forwardUpdates, ordered);
        if (!Replies.isOk(reply)) {
            return reply;
        }
        List<BsonDocument> upsertedDocuments = new ArrayList<>();
        if (reply.containsKey("upserted")) {
            BsonArray upserted = new BsonArray();
            for (BsonValue v : reply.getArray("upserted")) {
                BsonDocument up = v.asDocument().clone();
                up.put("index", new BsonInt32(accepted.get(up.getNumber("index").intValue())));
                upserted.add(up);
                context.documents().findById(db, coll, up.get("_id")).ifPresent(upsertedDocuments::add);
            }
            reply.put("upserted", upserted);
        }
        for (BsonValue e : reply.getArray("writeErrors", new BsonArray())) {
            BsonDocument err = e.asDocument().clone();
            err.put("index", new BsonInt32(accepted.get(err.getNumber("index").intValue())));
            refused.add(err);
        }
        context.writes().inserted(ns, upsertedDocuments);
        context.writes()
                .updated(
                        ns,
                        matched.values(),
                        InsertBatch.ofKeys(
                                statementKeys,
                                statementBytes.stream()
                                        .mapToInt(Integer::intValue)
                                        .toArray()));
        if (!refused.isEmpty()) {
            reply.put("writeErrors", sortedByIndex(refused));
        }
        return reply;
    }

    /**
     * The storage runs {@code statements} of {@code command} as a shard runs them ({@link UpdateSemantics}): at once, or for an ordered batch one at a time up to the
     * first write error (the storage engine runs every statement of an update batch, ordered or not; MongoDB stops
     * an ordered one at its first error, mongo {@code write_ops_exec.cpp} {@code performUpdates}). The reply is the
     * storage's shape, its indexes those of {@code statements}.
     */
    private BsonDocument storeUpdates(String db, BsonDocument command, BsonArray statements, boolean ordered) {
        BsonDocument forward = command.clone();
        if (!ordered || statements.size() == 1) {
            forward.put("updates", statements);
            return context.updates().update(db, forward);
        }
        int n = 0;
        int modified = 0;
        BsonArray upserted = new BsonArray();
        BsonArray errors = new BsonArray();
        for (int i = 0; i < statements.size() && errors.isEmpty(); i++) {
            forward.put("updates", new BsonArray(List.of(statements.get(i))));
            BsonDocument one = context.updates().update(db, forward);
            if (!Replies.isOk(one)) {
                return one;
            }
            n += one.getNumber("n", new BsonInt32(0)).intValue();
            modified += one.getNumber("nModified", new BsonInt32(0)).intValue();
            for (BsonValue v : one.getArray("upserted", new BsonArray())) {
                upserted.add(v.asDocument().clone().append("index", new BsonInt32(i)));
            }
            for (BsonValue e : one.getArray("writeErrors", new BsonArray())) {
                errors.add(e.asDocument().clone().append("index", new BsonInt32(i)));
            }
        }
        return Replies.update(n, modified, upserted, errors);
    }

    /** {@code delete}: each statement routed, the documents it removed leave the chunks or the collection's bytes. */
    BsonDocument delete(CommandRequest request) {
        String db = request.database();
        String coll = request.arguments().firstString();
        String ns = request.namespaceOfCollection();
        var sharded = context.catalog().collection(ns);
        BsonArray deletes = request.arguments().array("deletes");
        requireBatchSize(deletes.size());
        if (sharded.isEmpty()) {
            List<BsonDocument> matched = new ArrayList<>();
            for (BsonValue v : deletes) {
                matched.addAll(context.documents().matching(db, coll, query(v.asDocument(), "q"), limit(v)));
            }
            BsonDocument forward = request.body().clone();
            BsonArray numeric = new BsonArray();
            deletes.forEach(d -> numeric.add(withNumericLimit(d.asDocument())));
            forward.put("deletes", numeric);
            BsonDocument reply = context.storage().run(db, forward);
            context.writes().deleted(ns, matched);
            return reply;
        }
        Router router = context.router(sharded.get());
        RoutedBatch routed = routeBatch(deletes.size(), request.arguments().isTrue("ordered"), i -> {
            BsonDocument d = deletes.get(i).asDocument();
            return routeWrite(router, new Operation.Delete(query(d, "q"), limit(d) == 0));
        });
        List<Integer> accepted = routed.accepted();
        BsonArray refused = routed.refused();
        BsonArray forwardDeletes = new BsonArray();
        List<BsonDocument> matched = new ArrayList<>();
        for (int i : accepted) {
            BsonDocument d = deletes.get(i).asDocument();
            forwardDeletes.add(withNumericLimit(d));
            matched.addAll(context.documents().matching(db, coll, query(d, "q"), limit(d)));
        }
        BsonDocument forward = request.body().clone();
        forward.put("deletes", forwardDeletes);
        BsonDocument reply = accepted.isEmpty()
                ? new BsonDocument("n", new BsonInt32(0)).append("ok", new BsonDouble(1))
                : context.storage().run(db, forward);
        context.writes().deleted(ns, matched);
        if (!refused.isEmpty()) {
            reply.put("writeErrors", sortedByIndex(refused));
        }
        return reply;
    }

    /**
     * {@code findAndModify}: routed as mongos routes it (a sharded collection needs the shard key, ShardKeyNotFound
     * otherwise), run by the storage, and the document it changed, removed or upserted recorded; the reply gets
     * mongod's {@code lastErrorObject} when the storage leaves it out.
     */
    BsonDocument findAndModify(CommandRequest request) {
        String db = request.database();
        CommandArguments args = request.arguments();
        String coll = args.firstString();
        String ns = request.namespaceOfCollection();
        var sharded = context.catalog().collection(ns);
        boolean upsert = args.isTrue("upsert");
        BsonDocument query = args.has("query") ? args.document("query") : new BsonDocument();
        BsonValue update = args.value("update");
        boolean removes = args.isTrue("remove");
        // mongo src/mongo/db/query/find_and_modify_request.cpp (write_ops_parsers.cpp from 5.0): before any write
        if (!removes && update == null) {
            throw new MongoCommandException(
                    ErrorCode.FAILED_TO_PARSE, "Either an update or remove=true must be specified");
        }
        if (removes && update != null) {
            throw new MongoCommandException(ErrorCode.FAILED_TO_PARSE, "Cannot specify both an update and remove=true");
        }
        if (sharded.isPresent()) {
            Targeting t = routeWrite(
                    context.router(sharded.get()),
                    new Operation.FindAndModify(
                            query, update != null && update.isDocument() ? update.asDocument() : null, upsert));
            if (t != null && t.rejected()) {
                throw new MongoCommandException(
                        ErrorCode.SHARD_KEY_NOT_FOUND, t.error().get());
            }
        } else {
            context.catalog().createDatabase(db, null);
        }
        boolean remove = args.isTrue("remove");
        if (!remove && context.budget().full()) {
            throw context.budget().refusal();
        }
        boolean mayUpsert = upsert && !remove && context.documents().count(db, coll, query) == 0;
        Optional<BsonDocument> target = remove || mayUpsert
                ? Optional.empty()
                : context.documents().findFirst(db, coll, query, args.document("sort"));
        BsonDocument reply = context.updates().findAndModify(db, request.body());
        if (!Replies.isOk(reply)) {
            return reply;
        }
        target.filter(d -> d.containsKey("_id"))
                .ifPresent(d -> context.writes().updated(ns, List.of(d), InsertBatch.ofKeys(List.of(), new int[0])));
        if (remove && reply.isDocument("value")) {
            context.writes().deleted(ns, List.of(reply.getDocument("value")));
        }
        if (reply.containsKey("lastErrorObject")) {
            return reply;
        }
        // mongod always answers lastErrorObject {n, updatedExisting[, upserted]}
        BsonDocument last = new BsonDocument();
        if (mayUpsert) {
            var upserted = context.documents().findOne(db, coll, query);
            last.append("n", new BsonInt32(1)).append("updatedExisting", BsonBoolean.FALSE);
            if (upserted.isPresent()) {
                last.append("upserted", upserted.get().get("_id", BsonNull.VALUE));
                context.writes().inserted(ns, List.of(upserted.get()));
            }
        } else {
            boolean found = reply.containsKey("value") && !reply.get("value").isNull();
            last.append("n", new BsonInt32(found ? 1 : 0));
            if (!remove) {
                last.append("updatedExisting", BsonBoolean.FALSE);
            }
        }
        BsonDocument withLast = new BsonDocument("lastErrorObject", last);
        reply.forEach(withLast::append);
        return withLast;
    }

    /**
     * {@code drop}: the storage drops the collection and the memory budget gets its room back; the catalog, the
     * shards' records and the query sampler forget it. A collection that does not exist is dropped already: a mongos
     * answers ok, with {@code info: "database does not exist"} when its database does not exist either (mongo
     * {@code cluster_drop_collection_cmd.cpp}, "treat the drop as a success").
     */
    BsonDocument drop(CommandRequest request) {
        String ns = request.namespaceOfCollection();
        boolean databaseExists = context.catalog().database(request.database()).isPresent()
                || context.documents().collectionNames(request.database()).size() > 0;
        long kept = context.storage().keptBytes(request.database(), CommandContext.collectionOf(ns));
        BsonDocument reply = context.storage().run(request.database(), request.body());
        if (Replies.isOk(reply)) {
            context.budget().stored(-kept);
        }
        context.catalog().dropCollection(ns);
        context.shardCatalog().dropped(ns);
        context.sampler().drop(ns);
        if (!Replies.isOk(reply)
                && reply.getNumber("code", new BsonInt32(ErrorCode.NAMESPACE_NOT_FOUND.number()))
                                .intValue()
                        == ErrorCode.NAMESPACE_NOT_FOUND.number()) {
            return databaseExists
                    ? Replies.ok()
                    : Replies.ok(new BsonDocument("info", new BsonString("database does not exist")));
        }
        return reply;
    }

    /**
     * {@code dropDatabase}: the storage drops the database and the memory budget gets its room back; the catalog and
     * the shards' records forget it.
     */
    BsonDocument dropDatabase(CommandRequest request) {
        long kept = 0;
        for (String coll : context.documents().collectionNames(request.database())) {
            kept += context.storage().keptBytes(request.database(), coll);
        }
        BsonDocument reply = context.storage().run(request.database(), request.body());
        if (Replies.isOk(reply)) {
            context.budget().stored(-kept);
        }
        context.catalog().dropDatabase(request.database());
        context.shardCatalog().databaseDropped(request.database());
        return reply;
    }

    // ---- routing a batch --------------------------------------------------------------------------------

    /**
     * A write batch's statements as the router takes them: the indexes it accepts, in order, and a write error
     * for each it refuses; an ordered batch stops at its first refusal. {@code route} gives null where the router
     * cannot target the statement (the storage then answers it).
     */
    private static RoutedBatch routeBatch(int statements, boolean ordered, IntFunction<Targeting> route) {
        List<Integer> accepted = new ArrayList<>();
        BsonArray refused = new BsonArray();
        for (int i = 0; i < statements; i++) {
            Targeting t = route.apply(i);
            if (t != null && t.rejected()) {
                refused.add(writeError(i, t.error().get()));
                if (ordered) {
                    break;
                }
                continue;
            }
            accepted.add(i);
        }
        return new RoutedBatch(accepted, refused);
    }

    /** {@link #routeBatch}'s answer; {@code refused} gains the storage's own write errors later. */
    private record RoutedBatch(List<Integer> accepted, BsonArray refused) {}

    /**
     * A write refused by mongos' targeter (mongo {@code collection_routing_info_targeter.cpp}, before 6.0
     * {@code chunk_manager_targeter.cpp}): a {multi:false} op-style update that reaches several shards without an
     * exact {@code _id} is InvalidOptions ({@code targetUpdate}'s {@code uassert(ErrorCodes::InvalidOptions, "A
     * {multi:false} update on a sharded collection must contain an exact match on _id …")}, asserted by
     * {@code jstests/sharding/regex_targeting.js}); every other refusal ShardKeyNotFound.
     */
    private static BsonDocument writeError(int index, String message) {
        ErrorCode code = message.startsWith("A {multi:false} update on a sharded collection")
                ? ErrorCode.INVALID_OPTIONS
                : ErrorCode.SHARD_KEY_NOT_FOUND;
        return new BsonDocument("index", new BsonInt32(index))
                .append("code", new BsonInt32(code.number()))
                .append("codeName", new BsonString(code.codeName()))
                .append("errmsg", new BsonString(message));
    }

    /** Routes a write; a filter routing does not model is sent everywhere, as a broadcast (null). */
    static Targeting routeWrite(Router router, Operation op) {
        try {
            return router.route(op);
        } catch (UnsupportedQueryException e) {
            return null;
        }
    }

    /** One {@code updates} entry as the router takes it. */
    static Operation.Update updateOperation(BsonDocument u) {
        BsonValue change = u.get("u");
        return new Operation.Update(
                query(u, "q"),
                change != null && change.isDocument() ? change.asDocument() : null,
                flag(u, "multi"),
                flag(u, "upsert"));
    }

    /** A statement's bool field: false when absent or null. */
    static boolean flag(BsonDocument statement, String field) {
        BsonValue v = statement.get(field);
        return v != null && v.isBoolean() && v.asBoolean().getValue();
    }

    /** A statement's filter field, empty when absent. */
    static BsonDocument query(BsonDocument statement, String field) {
        return statement.getDocument(field, new BsonDocument());
    }

    /** A delete statement's {@code limit} (0: every matching document). */
    static int limit(BsonValue statement) {
        BsonValue limit = statement.asDocument().get("limit");
        return limit != null && limit.isNumber() ? limit.asNumber().intValue() : 0;
    }

    /**
     * A delete statement as the storage reads it: a {@code limit} that is not a number is 0, as mongod reads it (mongo
     * {@code src/mongo/db/ops/write_ops.cpp}, {@code readMultiDeleteProperty}: {@code numberDouble()} of any other
     * type is 0, and the generated parser checks no type), so every matching document is deleted.
     */
    private static BsonDocument withNumericLimit(BsonDocument statement) {
        BsonValue limit = statement.get("limit");
        if (limit == null || limit.isNumber()) {
            return statement;
        }
        BsonDocument numeric = statement.clone();
        numeric.put("limit", new BsonInt32(0));
        return numeric;
    }

    /** The heap the documents take once kept: their BSON bytes and the storage's cost per document. */
    private long keptBytes(List<BsonDocument> kept) {
        long bytes = 0;
        for (BsonDocument d : kept) {
            bytes += InsertBatch.bsonSize(d) + context.storage().keptBytesPerDocument();
        }
        return bytes;
    }

    /**
     * The document as a shard stores it: one without {@code _id} gets an ObjectId {@code _id} as its first field
     * (mongo {@code fixDocumentForInsert}), so that the size counted in its chunk is the size stored. Drivers and
     * mongosh add the {@code _id} themselves; raw commands may not.
     */
    private static BsonDocument withId(BsonDocument document) {
        if (document.containsKey("_id")) {
            return document;
        }
        BsonDocument stored = new BsonDocument("_id", new BsonObjectId(new ObjectId()));
        document.forEach(stored::append);
        return stored;
    }

    /** The indexes (in the client's batch) the storage inserted; its write errors are re-indexed into {@code refused}. */
    private static List<Integer> storedIndexes(
            BsonDocument reply, List<Integer> accepted, BsonArray refused, boolean ordered) {
        Set<Integer> failed = new TreeSet<>();
        int firstFailure = Integer.MAX_VALUE;
        for (BsonValue e : reply.getArray("writeErrors", new BsonArray())) {
            BsonDocument err = e.asDocument().clone();
            int local = err.getNumber("index").intValue();
            failed.add(local);
            firstFailure = Math.min(firstFailure, local);
            err.put("index", new BsonInt32(accepted.get(local)));
            refused.add(err);
        }
        List<Integer> out = new ArrayList<>();
        for (int local = 0; local < accepted.size(); local++) {
            if (failed.contains(local) || (ordered && local > firstFailure)) {
                continue;
            }
            out.add(accepted.get(local));
        }
        return out;
    }

    private static BsonArray sortedByIndex(BsonArray errors) {
        List<BsonValue> list = new ArrayList<>(errors);
        list.sort((a, b) -> Integer.compare(
                a.asDocument().getNumber("index").intValue(),
                b.asDocument().getNumber("index").intValue()));
        return new BsonArray(list);
    }
}
