package io.shardlab.serve;

import de.bwaldvogel.mongo.backend.AbstractSynchronizedMongoDatabase;
import de.bwaldvogel.mongo.backend.ArrayFilters;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.DatabaseResolver;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.NoopOplog;
import de.bwaldvogel.mongo.oplog.Oplog;
import io.netty.channel.Channel;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A database of the wire library's document engine whose collections are {@link EncodedCollection}s, with
 * {@link CompactUniqueIndex}es; a capped collection's keeps its documents in insertion order.
 */
final class EncodedDatabase extends AbstractSynchronizedMongoDatabase<Integer> {

    /** The collections created capped, whose documents stay in insertion order. */
    private final Set<String> insertionOrdered = new HashSet<>();

    EncodedDatabase(String name, CursorRegistry cursors) {
        super(name, cursors);
        initializeNamespacesAndIndexes();
    }

    @Override
    protected EncodedCollection openOrCreateCollection(String collectionName, CollectionOptions options) {
        return new EncodedCollection(
                this, collectionName, options, cursorRegistry, insertionOrdered.contains(collectionName));
    }

    /**
     * Creates a capped collection: the library has no capped collections (it refuses {@code capped}), so the
     * collection is created plain and keeps insertion order; its size and count limits are the command layer's.
     */
    synchronized void createCapped(String collectionName) {
        if (resolveCollection(collectionName, false) == null) {
            insertionOrdered.add(collectionName);
        }
        createCollectionOrThrowIfExists(collectionName, CollectionOptions.withDefaults());
    }

    /**
     * The library's command, an {@code aggregate}'s pipeline with its regular expressions comparing by value
     * ({@link RegexValueEquality#comparablePipeline}): with the documents its collections stream
     * ({@link EncodedCollection#queryAllAsStream}) every {@code $match} and {@code $lookup} of it compares a regex inside
     * a value as mongod does.
     */
    @Override
    public Document handleCommand(
            Channel channel, String command, Document query, DatabaseResolver databaseResolver, Oplog oplog) {
        if ("aggregate".equals(command) && query.containsKey("pipeline")) {
            query.put("pipeline", RegexValueEquality.comparablePipeline(query.get("pipeline")));
        }
        return super.handleCommand(channel, command, query, databaseResolver, oplog);
    }

    /**
     * Changes the kept description of the index {@code indexName} of {@code collectionName} (what {@code listIndexes}
     * answers): the fields {@code removed} taken out, then those of {@code appended} added at its end, in two updates
     * so that an appended field that was there moves to the end as mongod's catalog moves it. The library refuses
     * writes to its index descriptions through commands, so its collection of them is written here.
     */
    synchronized void changeIndexDescription(
            String collectionName, String indexName, Set<String> removed, Document appended) {
        Document selector = new Document("ns", getFullCollectionNamespace(collectionName)).append("name", indexName);
        Document unset = new Document();
        removed.forEach(field -> unset.put(field, ""));
        appended.keySet().forEach(field -> unset.put(field, ""));
        if (!unset.isEmpty()) {
            updateIndexDescription(selector, new Document("$unset", unset));
        }
        if (!appended.isEmpty()) {
            updateIndexDescription(selector, new Document("$set", appended));
        }
    }

    private void updateIndexDescription(Document selector, Document update) {
        indexes.get().updateDocuments(selector, update, ArrayFilters.empty(), false, false, NoopOplog.get());
    }

    @Override
    public void dropCollection(String collectionName, Oplog oplog) {
        super.dropCollection(collectionName, oplog);
        insertionOrdered.remove(collectionName);
    }

    @Override
    protected Index<Integer> openOrCreateUniqueIndex(
            String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
        return new CompactUniqueIndex(indexName, keys, sparse);
    }

    /** Nothing is on disk. */
    @Override
    protected long getStorageSize() {
        return 0;
    }

    /** Nothing is on disk. */
    @Override
    protected long getFileSize() {
        return 0;
    }
}
