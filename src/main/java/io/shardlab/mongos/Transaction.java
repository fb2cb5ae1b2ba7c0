package io.shardlab.mongos;

import io.shardlab.sim.InsertBatch;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * One multi-document transaction of a session: its number, its state, when it expires, its
 * {@link TransactionSnapshot} (what its statements read and write) and its write set (which documents it wrote,
 * and how each stood in its snapshot). Told each write of its statements ({@link WrittenDocuments}), it detects
 * conflicts as MongoDB's storage engine does: the first time the transaction writes a document, the write fails with
 * WriteConflict (112) when another open transaction has written that document, or when the committed document is
 * no longer the one the transaction's snapshot holds (someone committed a change to it since; mongo jstests
 * {@code core/txns/write_conflicts_with_non_txns.js}, last case).
 *
 * <p>At commit ({@link #commitTo}) the documents it wrote replace the committed ones (deleted, replaced, inserted)
 * and land in the simulated cluster through {@link ClusterRecording}; before that, nothing it wrote reaches the
 * number line. Invariant: an open transaction holds, in {@link WriteIntents}, every document of its write set.
 */
final class Transaction implements WrittenDocuments {

    /** transaction_participant.cpp's states, those a mongos client can observe. */
    enum State {
        IN_PROGRESS,
        COMMITTED,
        ABORTED
    }

    /**
     * The text of WriteConflictException (mongo {@code src/mongo/db/concurrency/write_conflict_exception.cpp}), as
     * 4.4 and 5.0 word it and drivers' retry loops quote it.
     */
    static final String WRITE_CONFLICT = "WriteConflict error: this operation conflicted with another operation. "
            + "Please retry your operation or multi-document transaction.";

    private final long number;
    private final long expiresAtMillis;
    private final TransactionSnapshot snapshot;
    private final StoredDocuments committed;
    private final WriteIntents intents;
    /** ns → document key → its {@code _id}, in the order first written. */
    private final Map<String, Map<Object, BsonValue>> written = new LinkedHashMap<>();

    private State state = State.IN_PROGRESS;

    /**
     * @param number the transaction's {@code txnNumber}
     * @param expiresAtMillis when the lifetime limit aborts it, on the command layer's wall clock
     */
    Transaction(
            long number,
            long expiresAtMillis,
            TransactionSnapshot snapshot,
            StoredDocuments committed,
            WriteIntents intents) {
        this.number = number;
        this.expiresAtMillis = expiresAtMillis;
        this.snapshot = snapshot;
        this.committed = committed;
        this.intents = intents;
    }

    long number() {
        return number;
    }

    State state() {
        return state;
    }

    /** What the transaction's statements read and write. */
    TransactionSnapshot snapshot() {
        return snapshot;
    }

    /** Whether the lifetime limit has passed at {@code nowMillis}. */
    boolean expired(long nowMillis) {
        return nowMillis >= expiresAtMillis;
    }

    // ---- the write set ----------------------------------------------------------------------------------

    @Override
    public void inserted(String ns, List<BsonDocument> documents) {
        Map<Object, Optional<BsonDocument>> claimed = new LinkedHashMap<>();
        for (BsonDocument d : documents) {
            claimed.put(WriteIntents.keyOf(d.get("_id")), Optional.empty());
        }
        claim(ns, ids(documents), claimed);
    }

    @Override
    public void updated(String ns, Collection<BsonDocument> before, InsertBatch keyedStatements) {
        List<BsonDocument> changed = new ArrayList<>();
        Map<Object, BsonDocument> now = byKey(snapshot.documents(ns, ids(before)));
        for (BsonDocument b : before) {
            if (!b.equals(now.get(WriteIntents.keyOf(b.get("_id"))))) {
                changed.add(b);
            }
        }
        claimAsBefore(ns, changed);
    }

    @Override
    public void deleted(String ns, List<BsonDocument> candidates) {
        Map<Object, BsonDocument> still = byKey(snapshot.documents(ns, ids(candidates)));
        List<BsonDocument> gone = new ArrayList<>();
        for (BsonDocument c : candidates) {
            if (c.containsKey("_id") && !still.containsKey(WriteIntents.keyOf(c.get("_id")))) {
                gone.add(c);
            }
        }
        claimAsBefore(ns, gone);
    }

    private void claimAsBefore(String ns, List<BsonDocument> before) {
        Map<Object, Optional<BsonDocument>> claimed = new LinkedHashMap<>();
        for (BsonDocument b : before) {
            claimed.put(WriteIntents.keyOf(b.get("_id")), Optional.of(b));
        }
        claim(ns, ids(before), claimed);
    }

    /**
     * Adds documents to the write set, each with how it stood in the snapshot before the transaction first wrote it
     * (empty: it did not exist), after checking none conflicts.
     *
     * @throws MongoCommandException WriteConflict
     */
    private void claim(String ns, List<BsonValue> ids, Map<Object, Optional<BsonDocument>> snapshotVersions) {
        Map<Object, BsonValue> mine = written.getOrDefault(ns, Map.of());
        List<BsonValue> fresh = new ArrayList<>();
        for (BsonValue id : ids) {
            Object key = WriteIntents.keyOf(id);
            if (mine.containsKey(key)) {
                continue;
            }
            Optional<Transaction> holder = intents.holder(ns, key);
            if (holder.isPresent() && holder.get() != this) {
                throw writeConflict();
            }
            fresh.add(id);
        }
        if (fresh.isEmpty()) {
            return;
        }
        Map<Object, BsonDocument> committedNow = byKey(committedDocuments(ns, fresh));
        for (BsonValue id : fresh) {
            Object key = WriteIntents.keyOf(id);
            if (!Objects.equals(committedNow.get(key), snapshotVersions.get(key).orElse(null))) {
                throw writeConflict();
            }
        }
        if (snapshot.copies().stream().anyMatch(c -> c.namespace().equals(ns) && !c.existed())) {
            Optional<Transaction> creator = intents.creator(ns);
            if (creator.isPresent() && creator.get() != this) {
                throw writeConflict();
            }
            intents.holdCollection(ns, this);
        }
        Map<Object, BsonValue> set = written.computeIfAbsent(ns, n -> new LinkedHashMap<>());
        for (BsonValue id : fresh) {
            Object key = WriteIntents.keyOf(id);
            set.put(key, id);
            intents.hold(ns, key, this);
        }
    }

    // ---- the end ------------------------------------------------------------------------------------------

    /**
     * Commits: the collections and indexes it created are created, then, per namespace in the order first written,
     * the documents it deleted are deleted, those it changed replaced and those it inserted inserted in the committed
     * storage (within the memory budget), each landing in the simulated cluster through {@code recording}; then its
     * snapshot is dropped. Nothing conflicts: every document of the write set is held, and a change made to it
     * outside would have aborted the transaction.
     */
    void commitTo(DocumentStorage storage, ClusterRecording recording, MemoryBudget budget) {
        intents.release(this);
        for (BsonDocument definition : snapshot.definitions()) {
            String db = definition.getString("db").getValue();
            BsonDocument command = definition.getDocument("command");
            boolean create = command.getFirstKey().equals("create");
            if (!create || !committed.exists(db, command.getString("create").getValue())) {
                storage.run(db, command);
            }
        }
        written.forEach((ns, ids) -> commitNamespace(storage, recording, budget, ns, List.copyOf(ids.values())));
        written.clear();
        snapshot.discard();
        state = State.COMMITTED;
    }

    private void commitNamespace(
            DocumentStorage storage, ClusterRecording recording, MemoryBudget budget, String ns, List<BsonValue> ids) {
        String db = CommandContext.databaseOf(ns);
        BsonString coll = new BsonString(CommandContext.collectionOf(ns));
        Map<Object, BsonDocument> was = byKey(committedDocuments(ns, ids));
        Map<Object, BsonDocument> now = byKey(snapshot.documents(ns, ids));
        List<BsonDocument> deleted = new ArrayList<>();
        List<BsonDocument> before = new ArrayList<>();
        BsonArray replacements = new BsonArray();
        List<BsonDocument> inserted = new ArrayList<>();
        for (BsonValue id : ids) {
            Object key = WriteIntents.keyOf(id);
            BsonDocument old = was.get(key);
            BsonDocument current = now.get(key);
            if (old != null && current == null) {
                deleted.add(old);
            } else if (old != null && !old.equals(current)) {
                before.add(old);
                replacements.add(new BsonDocument("q", new BsonDocument("_id", id)).append("u", current));
            } else if (old == null && current != null) {
                inserted.add(current);
            }
        }
        if (!deleted.isEmpty()) {
            BsonArray deletes = new BsonArray();
            deleted.forEach(d -> deletes.add(
                    new BsonDocument("q", new BsonDocument("_id", d.get("_id"))).append("limit", new BsonInt32(1))));
            storage.run(db, new BsonDocument("delete", coll).append("deletes", deletes));
            recording.deleted(ns, deleted);
        }
        if (!replacements.isEmpty()) {
            storage.run(db, new BsonDocument("update", coll).append("updates", replacements));
            recording.updated(ns, before, InsertBatch.ofKeys(List.of(), new int[0]));
        }
        if (!inserted.isEmpty()) {
            long bytes = 0;
            for (BsonDocument d : inserted) {
                bytes += InsertBatch.bsonSize(d) + storage.keptBytesPerDocument();
            }
            if (budget.fits(bytes)) {
                storage.run(db, new BsonDocument("insert", coll).append("documents", new BsonArray(inserted)));
                budget.stored(bytes);
            } else {
                budget.notKept(ns, inserted.size());
            }
            recording.inserted(ns, inserted);
        }
    }

    /**
     * Aborts: abortTransaction, a failed statement, the lifetime limit, a newer transaction number on the session, or
     * a command outside any transaction that changed what it holds ({@link WriteIntents}).
     */
    void abort() {
        if (state != State.IN_PROGRESS) {
            return;
        }
        intents.release(this);
        written.clear();
        snapshot.discard();
        state = State.ABORTED;
    }

    // ---- helpers ----------------------------------------------------------------------------------------

    private List<BsonDocument> committedDocuments(String ns, List<BsonValue> ids) {
        return committed.matching(
                CommandContext.databaseOf(ns),
                CommandContext.collectionOf(ns),
                new BsonDocument("_id", new BsonDocument("$in", new BsonArray(ids))));
    }

    private static List<BsonValue> ids(Collection<BsonDocument> documents) {
        List<BsonValue> ids = new ArrayList<>();
        for (BsonDocument d : documents) {
            if (d.containsKey("_id")) {
                ids.add(d.get("_id"));
            }
        }
        return ids;
    }

    private static Map<Object, BsonDocument> byKey(List<BsonDocument> documents) {
        Map<Object, BsonDocument> byKey = new HashMap<>();
        for (BsonDocument d : documents) {
            byKey.put(WriteIntents.keyOf(d.get("_id")), d);
        }
        return byKey;
    }

    private static MongoCommandException writeConflict() {
        return new MongoCommandException(ErrorCode.WRITE_CONFLICT, WRITE_CONFLICT);
    }
}
