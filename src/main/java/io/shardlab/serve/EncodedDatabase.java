package io.shardlab.serve;

import de.bwaldvogel.mongo.backend.AbstractSynchronizedMongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import java.util.List;

/**
 * A database of the wire library's document engine whose collections are {@link EncodedCollection}s, with
 * {@link CompactUniqueIndex}es.
 */
final class EncodedDatabase extends AbstractSynchronizedMongoDatabase<Integer> {

    EncodedDatabase(String name, CursorRegistry cursors) {
        super(name, cursors);
        initializeNamespacesAndIndexes();
    }

    @Override
    protected EncodedCollection openOrCreateCollection(String collectionName, CollectionOptions options) {
        return new EncodedCollection(this, collectionName, options, cursorRegistry);
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
