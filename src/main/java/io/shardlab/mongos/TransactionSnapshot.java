package io.shardlab.mongos;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * What a transaction's statements read and write: the storage as it was when the transaction first used each
 * collection, with the transaction's own writes on top. A {@link DocumentStorage} over the committed one: the first
 * command of a transaction naming a collection copies it (its indexes and documents) into the transaction's private
 * database, and every command naming it runs there instead, so a read sees the transaction's writes (read your own
 * writes) and nobody else sees them; at commit {@link Transactions} applies the documents the transaction wrote
 * ({@link #documents}) to the committed storage, at abort the private database is dropped ({@link #discard}).
 *
 * <p>Why a copy per collection: a mongod participant reads a transaction's statements from one storage snapshot,
 * chosen when the transaction first reaches it, and keeps its writes in that snapshot until commit (mongo
 * {@code transaction_participant.cpp}, {@code _setReadSnapshot}); copying the collection at first use is that
 * snapshot, per collection rather than per shard, and lets the storage engine answer every query, update operator
 * and aggregation stage over it unchanged. The cost is one copy of each collection a transaction touches
 * ({@link DocumentStorage#copy}: serve's engine shares the stored documents, one reference each).
 *
 * <p>Names: the copy of {@code db.coll} is collection {@code db.coll} of database {@code shardlab_txn_N}; replies
 * name the client's namespace again ({@code cursor.ns}, the {@code errmsg} of errors). Cursors opened in the
 * transaction are killed when it ends (mongo jstests {@code core/txns/kill_transaction_cursors_after_commit.js}).
 */
final class TransactionSnapshot implements DocumentStorage {

    /** Where the copies live: databases named so stay out of {@code listDatabases} ({@link StoredDocuments#isInternal}). */
    static final String DATABASE_PREFIX = StoredDocuments.INTERNAL_PREFIX + "txn_";

    /** How a collection stood when the transaction first used it. */
    record Copy(String namespace, boolean existed) {}

    private final DocumentStorage committed;
    private final StoredDocuments committedDocuments;
    private final String database;
    private final Map<String, Copy> copies = new LinkedHashMap<>();
    private final List<BsonDocument> definitions = new ArrayList<>();
    private final List<BsonValue> cursors = new ArrayList<>();

    /**
     * @param committed the storage of committed documents
     * @param serial this transaction's number among the layer's transactions, naming its private database
     */
    TransactionSnapshot(DocumentStorage committed, long serial) {
        this.committed = committed;
        this.committedDocuments = new StoredDocuments(committed);
        this.database = DATABASE_PREFIX + serial;
    }

    @Override
    public BsonDocument run(String db, BsonDocument command) {
        if (StoredDocuments.isInternal(db)) {
            return committed.run(db, command); // ShardLab's own scratch work, not the client's documents
        }
        String name = command.getFirstKey();
        BsonDocument mapped = new BsonDocument();
        command.forEach(mapped::append);
        switch (name) {
            case "getMore" -> mapField(db, mapped, "collection");
            case "listCollections", "listDatabases", "dbStats", "dropDatabase" -> {
                return committed.run(db, command);
            }
            default -> mapField(db, mapped, name);
        }
        if (name.equals("aggregate") && mapped.isArray("pipeline")) {
            mapped.put("pipeline", mapStages(db, mapped.getArray("pipeline")));
        }
        if (name.equals("createIndexes") && command.isString(name)) {
            Optional<BsonDocument> refusal =
                    indexRefusal(db + "." + command.getString(name).getValue());
            if (refusal.isPresent()) {
                return refusal.get();
            }
        }
        BsonDocument reply = committed.run(database, mapped);
        if (Replies.isOk(reply) && (name.equals("create") || name.equals("createIndexes"))) {
            definitions.add(
                    new BsonDocument("db", new BsonString(db)).append("command", withoutSessionFields(command)));
        }
        rememberCursor(reply);
        return clientNamed(reply);
    }

    @Override
    public int keptBytesPerDocument() {
        return committed.keptBytesPerDocument();
    }

    /** The scratch collections ShardLab's own reads use are not the client's: they stay committed-side. */
    @Override
    public void replace(String db, String collection, List<BsonDocument> documents) {
        committed.replace(db, collection, documents);
    }

    /** collMod is not a command of a transaction ({@link TransactionRules}): the committed index is changed. */
    @Override
    public void changeIndexDescription(
            String db, String collection, String indexName, Set<String> removed, BsonDocument appended) {
        committed.changeIndexDescription(db, collection, indexName, removed, appended);
    }

    /** The collections the transaction used, in the order it first used them, and whether each existed then. */
    List<Copy> copies() {
        return List.copyOf(copies.values());
    }

    /**
     * The {@code create} and {@code createIndexes} commands the transaction ran, in order, each as
     * {@code {db, command}} without its session fields, to run again on the committed storage at commit.
     */
    List<BsonDocument> definitions() {
        return List.copyOf(definitions);
    }

    /** The transaction's documents of {@code ns} with an {@code _id} among {@code ids}. */
    List<BsonDocument> documents(String ns, List<BsonValue> ids) {
        return new StoredDocuments(this)
                .matching(
                        CommandContext.databaseOf(ns),
                        CommandContext.collectionOf(ns),
                        new BsonDocument("_id", new BsonDocument("$in", new BsonArray(ids))));
    }

    /** Kills the transaction's cursors and drops its copies; what it remembered of them goes too. */
    void discard() {
        copies.clear();
        definitions.clear();
        if (!cursors.isEmpty()) {
            committed.run(
                    database,
                    new BsonDocument("killCursors", new BsonString("cursors"))
                            .append("cursors", new BsonArray(cursors)));
            cursors.clear();
        }
        committed.run(database, new BsonDocument("dropDatabase", new BsonInt32(1)));
    }

    /** The transaction's name of {@code db.collection}, copied on first use. */
    private String copyOf(String db, String collection) {
        String ns = db + "." + collection;
        if (!copies.containsKey(ns)) {
            boolean existed = committedDocuments.exists(db, collection);
            if (existed) {
                committed.copy(db, collection, database, ns);
            }
            copies.put(ns, new Copy(ns, existed));
        }
        return ns;
    }

    private void mapField(String db, BsonDocument command, String field) {
        BsonValue v = command.get(field);
        if (v != null && v.isString()) {
            command.put(field, new BsonString(copyOf(db, v.asString().getValue())));
        }
    }

    /** The stages that name another collection of the database ({@code $lookup}, {@code $graphLookup}, {@code $unionWith}). */
    private BsonArray mapStages(String db, BsonArray pipeline) {
        BsonArray mapped = new BsonArray();
        for (BsonValue stage : pipeline) {
            if (!stage.isDocument() || stage.asDocument().isEmpty()) {
                mapped.add(stage);
                continue;
            }
            String name = stage.asDocument().getFirstKey();
            BsonValue spec = stage.asDocument().get(name);
            if ((name.equals("$lookup") || name.equals("$graphLookup") || name.equals("$unionWith"))
                    && spec.isDocument()) {
                BsonDocument s = spec.asDocument().clone();
                mapField(db, s, name.equals("$unionWith") ? "coll" : "from");
                mapped.add(new BsonDocument(name, s));
            } else if (name.equals("$unionWith") && spec.isString()) {
                mapped.add(new BsonDocument(
                        name, new BsonString(copyOf(db, spec.asString().getValue()))));
            } else {
                mapped.add(stage);
            }
        }
        return mapped;
    }

    /**
     * mongo {@code create_indexes.cpp}: inside a transaction an index may only be created on a collection the
     * transaction created (or creates by this command), and only while it is empty.
     */
    private Optional<BsonDocument> indexRefusal(String ns) {
        Copy copy = copies.get(ns);
        String reason = null;
        if (copy.existed()) {
            reason = "Cannot create new indexes on existing collection " + ns + " in a multi-document transaction.";
        } else if (new StoredDocuments(this)
                        .count(CommandContext.databaseOf(ns), CommandContext.collectionOf(ns), new BsonDocument())
                > 0) {
            reason = "Cannot create new indexes on non-empty collection " + ns + " in a multi-document transaction.";
        }
        if (reason == null) {
            return Optional.empty();
        }
        ErrorCode code = ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION;
        return Optional.of(new BsonDocument("ok", new BsonInt32(0))
                .append("errmsg", new BsonString(reason))
                .append("code", new BsonInt32(code.number()))
                .append("codeName", new BsonString(code.codeName())));
    }

    private void rememberCursor(BsonDocument reply) {
        BsonDocument cursor = reply.getDocument("cursor", new BsonDocument());
        long id = cursor.getNumber("id", new BsonInt64(0)).longValue();
        if (id != 0) {
            cursors.add(new BsonInt64(id));
        }
    }

    /** The reply with the client's namespaces where the storage named the copies. */
    private BsonDocument clientNamed(BsonDocument reply) {
        String prefix = database + ".";
        if (reply.isDocument("cursor") && reply.getDocument("cursor").isString("ns")) {
            String ns = reply.getDocument("cursor").getString("ns").getValue();
            if (ns.startsWith(prefix)) {
                reply.getDocument("cursor").put("ns", new BsonString(ns.substring(prefix.length())));
            }
        }
        if (reply.isString("errmsg")) {
            reply.put(
                    "errmsg",
                    new BsonString(reply.getString("errmsg").getValue().replace(prefix, "")));
        }
        for (BsonValue e : reply.getArray("writeErrors", new BsonArray())) {
            BsonDocument error = e.asDocument();
            if (error.isString("errmsg")) {
                error.put(
                        "errmsg",
                        new BsonString(error.getString("errmsg").getValue().replace(prefix, "")));
            }
        }
        return reply;
    }

    /** The command as it defines a collection or its indexes, without the transaction's fields. */
    private static BsonDocument withoutSessionFields(BsonDocument command) {
        BsonDocument definition = command.clone();
        for (String field : List.of(
                "lsid", "txnNumber", "autocommit", "startTransaction", "stmtId", "readConcern", "$clusterTime")) {
            definition.remove(field);
        }
        return definition;
    }
}
