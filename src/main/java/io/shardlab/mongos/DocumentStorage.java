package io.shardlab.mongos;

import io.shardlab.sim.InsertBatch;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * Where the command layer keeps documents and runs the commands that only read or change stored
 * documents (find, getMore, the update operators, aggregation stages): a port the wire adapter
 * implements with a document engine. Routing and refusals happen before a command gets here.
 */
public interface DocumentStorage {

    /**
     * Runs {@code command} on database {@code database} over the stored documents. A {@code create} with
     * {@code capped: true} makes a collection that keeps its documents in insertion order (its natural order); the
     * command layer applies its size and count limits.
     *
     * @return the reply, {@code ok: 1} or {@code ok: 0} with {@code errmsg} and {@code code}
     */
    BsonDocument run(String database, BsonDocument command);

    /**
     * Heap bytes a kept document takes beyond its BSON bytes (its slot, its index entry), so that the memory
     * budget counts what the documents cost the process, not only their size on the wire.
     */
    int keptBytesPerDocument();

    /**
     * The heap {@code database.collection}'s documents take as the memory budget counts it: their BSON bytes and
     * {@link #keptBytesPerDocument()} each; 0 when it does not exist. This default reads every document.
     */
    default long keptBytes(String database, String collection) {
        long bytes = 0;
        for (BsonDocument d : new StoredDocuments(this).matching(database, collection, new BsonDocument(), 0)) {
            bytes += InsertBatch.bsonSize(d) + keptBytesPerDocument();
        }
        return bytes;
    }

    /** Replaces every document of {@code database.collection} (the config database is rebuilt this way). */
    void replace(String database, String collection, List<BsonDocument> documents);

    /**
     * Changes the description of the index {@code indexName} of {@code database.collection} (what {@code listIndexes}
     * gives) as {@code collMod} does: each field of {@code removed} taken out, then each field of {@code appended} put
     * at its end (mongo {@code bson_collection_catalog_entry.cpp}, {@code updateTTLSetting} and
     * {@code updateHiddenSetting} rebuild the description so). The index's keys are not touched; nothing when the
     * collection or the index does not exist.
     */
    void changeIndexDescription(
            String database, String collection, String indexName, Set<String> removed, BsonDocument appended);

    /**
     * Copies {@code database.collection}, its indexes and documents, to {@code toDatabase.toCollection}, which does
     * not exist yet; nothing when the collection does not exist. A transaction's snapshot of a collection is made
     * so ({@code TransactionSnapshot}). This default does it with commands, one batch of documents at a time; an
     * engine that can share its stored documents does it without decoding them.
     */
    default void copy(String database, String collection, String toDatabase, String toCollection) {
        StoredDocuments from = new StoredDocuments(this);
        if (!from.exists(database, collection)) {
            return;
        }
        run(toDatabase, new BsonDocument("create", new BsonString(toCollection)));
        BsonArray indexes = new BsonArray();
        for (BsonDocument index : from.indexes(database, collection)) {
            if (!"_id_".equals(index.getString("name", new BsonString("")).getValue())) {
                BsonDocument spec = index.clone();
                spec.remove("ns");
                indexes.add(spec);
            }
        }
        if (!indexes.isEmpty()) {
            run(toDatabase, new BsonDocument("createIndexes", new BsonString(toCollection)).append("indexes", indexes));
        }
        List<BsonDocument> documents = from.all(database, collection);
        for (int start = 0; start < documents.size(); start += 1000) {
            List<BsonDocument> batch = documents.subList(start, Math.min(documents.size(), start + 1000));
            run(
                    toDatabase,
                    new BsonDocument("insert", new BsonString(toCollection)).append("documents", new BsonArray(batch)));
        }
    }
}
