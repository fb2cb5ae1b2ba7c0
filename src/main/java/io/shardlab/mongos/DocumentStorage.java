package io.shardlab.mongos;

import java.util.List;
import org.bson.BsonDocument;

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

    /** Replaces every document of {@code database.collection} (the config database is rebuilt this way). */
    void replace(String database, String collection, List<BsonDocument> documents);
}
