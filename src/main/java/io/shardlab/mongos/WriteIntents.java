package io.shardlab.mongos;

import io.shardlab.sim.InsertBatch;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonValue;

/**
 * Which open transaction has written which document (by namespace and {@code _id}), and which collection an open
 * transaction created: what MongoDB's storage engine keeps as a transaction's uncommitted writes and locks.
 *
 * <p>Conflicts, as MongoDB decides them (mongo jstests {@code core/txns/write_conflicts_with_non_txns.js},
 * {@code libs/write_conflicts.js}): a transaction writing a document another open transaction has written fails
 * with WriteConflict ({@link Transaction}); a write outside any transaction to such a document waits, in MongoDB,
 * until the transaction ends. ShardLab runs one command at a time and cannot make one client wait for another's
 * commit, so the write proceeds and the transaction holding the document is aborted, as the transaction lifetime
 * reaper would abort it after 60 seconds: its next statement, or its commit, answers NoSuchTransaction with the
 * TransientTransactionError label, and the client's driver runs it again. A write outside is never lost.
 */
final class WriteIntents {

    /** The key of a collection-wide hold: a transaction created the collection. */
    private static final Object COLLECTION = new Object();

    private final Map<String, Map<Object, Transaction>> holders = new HashMap<>();

    /**
     * The map key of a document's {@code _id}: numbers that MongoDB's index compares equal (1, 1L, 1.0) give one
     * key; other values are their own.
     */
    static Object keyOf(BsonValue id) {
        return id.isNumber() ? new BsonDouble(id.asNumber().doubleValue()) : id;
    }

    /** The open transaction that wrote document {@code key} of {@code ns}, if any. */
    Optional<Transaction> holder(String ns, Object key) {
        return Optional.ofNullable(holders.getOrDefault(ns, Map.of()).get(key));
    }

    /** The open transaction that created collection {@code ns}, if any. */
    Optional<Transaction> creator(String ns) {
        return holder(ns, COLLECTION);
    }

    /** {@code transaction} wrote document {@code key} of {@code ns}. */
    void hold(String ns, Object key, Transaction transaction) {
        holders.computeIfAbsent(ns, n -> new HashMap<>()).put(key, transaction);
    }

    /** {@code transaction} created collection {@code ns}. */
    void holdCollection(String ns, Transaction transaction) {
        hold(ns, COLLECTION, transaction);
    }

    /** Forgets what {@code transaction} held (it committed or aborted). */
    void release(Transaction transaction) {
        holders.values().forEach(byKey -> byKey.values().removeIf(t -> t == transaction));
        holders.values().removeIf(Map::isEmpty);
    }

    /**
     * A command outside any transaction changes collection {@code ns} as a whole (drops it, creates it or its
     * indexes, renames it) or, with {@code ns} a database name and no dot, a whole database: every open transaction
     * holding a document or a creation there is aborted.
     */
    void changedOutside(String ns) {
        Set<Transaction> aborted = new LinkedHashSet<>();
        holders.forEach((held, byKey) -> {
            if (held.equals(ns) || held.startsWith(ns + ".")) {
                aborted.addAll(byKey.values());
            }
        });
        aborted.forEach(Transaction::abort);
    }

    /** What a write outside any transaction tells: the open transactions holding what it wrote are aborted. */
    WrittenDocuments outsideWrites() {
        return new WrittenDocuments() {
            @Override
            public void inserted(String ns, List<BsonDocument> documents) {
                abortHolders(ns, documents, true);
            }

            @Override
            public void updated(String ns, Collection<BsonDocument> before, InsertBatch keyedStatements) {
                abortHolders(ns, before, false);
            }

            @Override
            public void deleted(String ns, List<BsonDocument> candidates) {
                abortHolders(ns, candidates, false);
            }
        };
    }

    private void abortHolders(String ns, Collection<BsonDocument> documents, boolean creates) {
        Map<Object, Transaction> byKey = holders.get(ns);
        if (byKey == null || documents.isEmpty()) {
            return;
        }
        Set<Transaction> aborted = new LinkedHashSet<>();
        if (creates && byKey.containsKey(COLLECTION)) {
            aborted.add(byKey.get(COLLECTION));
        }
        for (BsonDocument d : documents) {
            BsonValue id = d.get("_id");
            if (id != null && byKey.containsKey(keyOf(id))) {
                aborted.add(byKey.get(keyOf(id)));
            }
        }
        new ArrayList<>(aborted).forEach(Transaction::abort);
    }
}
