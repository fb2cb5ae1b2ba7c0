package io.shardlab.mongos;

import io.shardlab.cluster.ClusterSnapshot;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.routing.Router;
import io.shardlab.sim.InsertBatch;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import org.bson.BsonDocument;

/**
 * What the command families share: the catalog they change, the release they answer as, the document
 * storage and its questions, the memory budget, the query sampler, the server's self-description and
 * statistics, and the wall clock; with the few checks and views several families need. No family holds
 * another's state: what two need lives here.
 *
 * @param catalog the databases and sharded collections over the simulated shards
 * @param release the mongos release answered as
 * @param configDatabase the {@code config} database rebuilt from the catalog
 * @param documents the stored documents
 * @param shardCatalog what the shards record of each collection beyond its documents (collation, index options)
 * @param budget the memory budget of kept documents
 * @param sampler the query analyzer's samples
 * @param serverInformation {@code serverStatus}, {@code hostInfo}, {@code currentOp}
 * @param storageStatistics per-shard sizes of the stored documents
 * @param wallClockMillis the wall clock, for {@code localTime} and the sessions' and transactions' time limits
 * @param writes what is told of each write a command stores
 * @param createOptions the validators and caps of collections, which the store does not keep
 * @param views the databases' views
 */
record CommandContext(
        ShardedCatalog catalog,
        MongosRelease release,
        ConfigDatabase configDatabase,
        StoredDocuments documents,
        ShardLocalCatalog shardCatalog,
        MemoryBudget budget,
        QuerySampler sampler,
        ServerInformation serverInformation,
        StorageStatistics storageStatistics,
        LongSupplier wallClockMillis,
        WrittenDocuments writes,
        CollectionCreateOptions createOptions,
        ViewCatalog views) {

    /**
     * This context as a transaction's statements see it: the documents through {@code transactionView} (the
     * transaction's snapshot and its own writes), the writes told to {@code transactionWrites} (its write set), and
     * no memory budget (the committed writes are budgeted at commit).
     */
    CommandContext within(DocumentStorage transactionView, WrittenDocuments transactionWrites) {
        return new CommandContext(
                catalog,
                release,
                configDatabase,
                new StoredDocuments(transactionView),
                shardCatalog,
                new MemoryBudget(Long.MAX_VALUE, line -> {}),
                sampler,
                serverInformation,
                storageStatistics,
                wallClockMillis,
                transactionWrites,
                createOptions,
                views);
    }

    /** The simulated release line. */
    MongoVersion version() {
        return release.version();
    }

    /** Collections' validators applied to the documents written. */
    DocumentValidation validation() {
        return new DocumentValidation(createOptions, storage(), version());
    }

    /** Update statements run as a shard runs them. */
    UpdateSemantics updates() {
        return new UpdateSemantics(this);
    }

    /** Inserts run as a shard runs them. */
    InsertSemantics inserts() {
        return new InsertSemantics(this);
    }

    /** Capped collections' oldest documents removed as they fill. */
    CappedCollections capped() {
        return new CappedCollections(this);
    }

    /** The storage port. */
    DocumentStorage storage() {
        return documents.storage();
    }

    /**
     * NamespaceNotSharded unless {@code ns} is sharded (mongo {@code src/mongo/s/commands/cluster_split_cmd.cpp}
     * and siblings, {@code getShardedCollectionRoutingInfoWithRefresh}).
     */
    ShardedCatalog.CollectionEntry requireSharded(String ns) {
        return catalog.collection(ns)
                .orElseThrow(() -> new MongoCommandException(ErrorCode.NAMESPACE_NOT_SHARDED, ns + " is not sharded."));
    }

    /**
     * Sharded collection {@code ns} as a router's catalog cache looks it up (mongo
     * {@code src/mongo/s/catalog_cache.cpp}, 4.4–8.x: {@code getShardedCollectionRoutingInfoWithRefresh}, later
     * {@code getShardedCollectionPlacementInfo}): its database first, NamespaceNotFound "database … not found" when
     * the database does not exist ({@code CatalogCache::getDatabase}), then NamespaceNotSharded as
     * {@link #requireSharded}. {@code split}, {@code mergeChunks} and {@code moveChunk} look their collection up so
     * before reading their other arguments ({@code cluster_split_cmd.cpp}, {@code cluster_merge_chunks_cmd.cpp},
     * {@code cluster_move_chunk_cmd.cpp}); {@code moveRange} asks the config server instead. A database exists once
     * {@code enableSharding} or a first write created it.
     */
    ShardedCatalog.CollectionEntry requireRoutedSharded(String ns) {
        requireRoutedDatabase(databaseOf(ns));
        return catalog.collection(ns).orElseThrow(() -> notShardedInCatalogCache(ns));
    }

    /**
     * NamespaceNotSharded as the router's catalog cache words it ({@code getShardedCollectionRoutingInfoWithRefresh},
     * mongo {@code src/mongo/s/catalog_cache.cpp}): "Collection db.c is not sharded." before 7.0; from 7.0, whose
     * cache answers a {@code CollectionRoutingInfo}, "Expected collection db.c to be sharded".
     */
    MongoCommandException notShardedInCatalogCache(String ns) {
        return new MongoCommandException(
                ErrorCode.NAMESPACE_NOT_SHARDED,
                version().atLeast(7, 0)
                        ? "Expected collection " + ns + " to be sharded"
                        : "Collection " + ns + " is not sharded.");
    }

    /**
     * Database {@code db} as a router's catalog cache looks it up ({@code CatalogCache::getDatabase}):
     * NamespaceNotFound "database … not found" unless {@code enableSharding} or a first write created it.
     */
    void requireRoutedDatabase(String db) {
        if (catalog.database(db).isEmpty() && documents.collectionNames(db).isEmpty()) {
            throw new MongoCommandException(ErrorCode.NAMESPACE_NOT_FOUND, "database " + db + " not found");
        }
    }

    /**
     * The router of a collection's current chunks. For 4.4 the single-write and upsert rules of 5.0 apply: the
     * rules are the same (an upsert or a single write needs the full shard key or, for a single update or
     * delete, an exact {@code _id}; mongodb-releases.md E3, E4), and {@link Router} words them as the 5.0
     * targeter does.
     */
    Router router(ShardedCatalog.CollectionEntry collection) {
        ClusterSnapshot s = collection.cluster().snapshot().cluster();
        MongoVersion v = version().atLeast(5, 0) ? version() : MongoVersion.V5_0;
        return new Router(s.key(), s.chunks(), v);
    }

    /**
     * Every document of sharded collection {@code ns} the command layer can read, keyed on {@code key}: the
     * document store's, then those only its simulated cluster holds ({@link DocumentsOutsideStore}).
     */
    InsertBatch everyDocument(String ns, ShardKeyPattern key) {
        InsertBatch stored = InsertBatch.ofDocuments(key, documents.all(databaseOf(ns), collectionOf(ns)));
        Optional<DocumentsOutsideStore> outside = catalog.documentsOutsideStore(ns);
        return outside.isEmpty()
                ? stored
                : InsertBatch.concat(stored, outside.get().keyedOn(key));
    }

    /**
     * Creates the index shard key {@code key} of {@code ns} needs (none for {@code {_id: 1}}, which every collection
     * has), in the document store and in the shards' records.
     */
    void createShardKeyIndex(String ns, ShardKeyPattern key, boolean unique) {
        BsonDocument keyDocument = key.toDocument();
        if (keyDocument.keySet().equals(Set.of("_id")) && keyDocument.get("_id").isNumber()) {
            return;
        }
        documents.createShardKeyIndex(databaseOf(ns), collectionOf(ns), key, unique);
        shardCatalog.indexCreated(ns, StoredDocuments.shardKeyIndexSpec(key, unique));
    }

    /** Writes the {@code config} database as the catalog now describes it into the storage, to be read there. */
    void refreshConfigDatabase() {
        for (Map.Entry<String, List<BsonDocument>> c :
                configDatabase.collections().entrySet()) {
            storage().replace("config", c.getKey(), c.getValue());
        }
    }

    /**
     * Writes one collection of the {@code config} database as the catalog now describes it into the storage, for a
     * read of that collection alone: the others stay as last written until a read of them refreshes them.
     */
    void refreshConfigCollection(String collection) {
        storage().replace("config", collection, configDatabase.collection(collection));
    }

    /** The database part of {@code db.collection}. */
    static String databaseOf(String ns) {
        return ns.substring(0, ns.indexOf('.'));
    }

    /** The collection part of {@code db.collection}. */
    static String collectionOf(String ns) {
        return ns.substring(ns.indexOf('.') + 1);
    }
}
