package io.shardlab.mongos;

import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The questions the commands ask the {@link DocumentStorage} about what it keeps, each as the storage
 * command that answers it: a collection's documents, one document, a count, whether a collection exists,
 * its indexes; and the scratch database where ShardLab runs the storage's matcher over documents of its own.
 */
final class StoredDocuments {

    /** The name prefix of the databases ShardLab keeps for itself in the storage, which clients never see. */
    static final String INTERNAL_PREFIX = "shardlab_";

    /** Where the stages after a first stage ShardLab answers itself, and its own listings' filters, run; dropped after each use. */
    static final String SCRATCH_DATABASE = INTERNAL_PREFIX + "pipeline";

    private final DocumentStorage storage;

    StoredDocuments(DocumentStorage storage) {
        this.storage = storage;
    }

    /** Whether {@code database} is one ShardLab keeps for itself (the scratch database, transactions' copies). */
    static boolean isInternal(String database) {
        return database.startsWith(INTERNAL_PREFIX);
    }

    /** The storage port itself, for the commands it answers unchanged. */
    DocumentStorage storage() {
        return storage;
    }

    /** Every stored document of the collection. */
    List<BsonDocument> all(String db, String collection) {
        return matching(db, collection, new BsonDocument());
    }

    /** The stored documents matching {@code filter}, through every batch of the cursor. */
    List<BsonDocument> matching(String db, String collection, BsonDocument filter) {
        List<BsonDocument> out = new ArrayList<>();
        BsonDocument reply = storage.run(
                db,
                new BsonDocument("find", new BsonString(collection))
                        .append("filter", filter)
                        .append("batchSize", new BsonInt32(Integer.MAX_VALUE)));
        BsonDocument cursor = reply.getDocument("cursor", new BsonDocument());
        for (BsonValue v : cursor.getArray("firstBatch", new BsonArray())) {
            out.add(v.asDocument());
        }
        long id = cursor.getNumber("id", new BsonInt64(0)).longValue();
        while (id != 0) {
            BsonDocument more = storage.run(
                    db,
                    new BsonDocument("getMore", new BsonInt64(id)).append("collection", new BsonString(collection)));
            BsonDocument c = more.getDocument("cursor", new BsonDocument());
            for (BsonValue v : c.getArray("nextBatch", new BsonArray())) {
                out.add(v.asDocument());
            }
            id = c.getNumber("id", new BsonInt64(0)).longValue();
        }
        return out;
    }

    /** The stored documents matching {@code filter}, at most {@code limit} (0: all). */
    List<BsonDocument> matching(String db, String collection, BsonDocument filter, int limit) {
        if (limit == 1) {
            return findOne(db, collection, filter).map(List::of).orElse(List.of());
        }
        return matching(db, collection, filter);
    }

    /** Up to {@code limit} stored documents of the collection, in the storage's order. */
    List<BsonDocument> first(String db, String collection, int limit) {
        BsonDocument reply = storage.run(
                db,
                new BsonDocument("find", new BsonString(collection))
                        .append("limit", new BsonInt32(limit))
                        .append("batchSize", new BsonInt32(limit))
                        .append("singleBatch", BsonBoolean.TRUE));
        return firstBatch(reply);
    }

    /** The first stored document matching {@code filter} in {@code sort} order (null or empty: natural order). */
    Optional<BsonDocument> findFirst(String db, String collection, BsonDocument filter, BsonDocument sort) {
        BsonDocument find = new BsonDocument("find", new BsonString(collection))
                .append("filter", filter)
                .append("limit", new BsonInt32(1));
        if (sort != null && !sort.isEmpty()) {
            find.append("sort", sort);
        }
        List<BsonDocument> batch = firstBatch(storage.run(db, find));
        return batch.isEmpty() ? Optional.empty() : Optional.of(batch.get(0));
    }

    /** One stored document matching {@code filter}. */
    Optional<BsonDocument> findOne(String db, String collection, BsonDocument filter) {
        return findFirst(db, collection, filter, null);
    }

    /** The stored document with {@code _id: id}. */
    Optional<BsonDocument> findById(String db, String collection, BsonValue id) {
        return findOne(db, collection, new BsonDocument("_id", id));
    }

    /** How many stored documents match {@code filter}. */
    long count(String db, String collection, BsonDocument filter) {
        BsonDocument reply =
                storage.run(db, new BsonDocument("count", new BsonString(collection)).append("query", filter));
        return reply.getNumber("n", new BsonInt32(0)).longValue();
    }

    /** Whether the database holds the collection. */
    boolean exists(String db, String collection) {
        return collectionNames(db).contains(collection);
    }

    /**
     * The names of the database's collections; none for a database the storage does not have (asked without
     * opening it: the storage creates a database it is asked about).
     */
    List<String> collectionNames(String db) {
        List<String> names = new ArrayList<>();
        if (!databaseExists(db)) {
            return names;
        }
        for (BsonDocument c : firstBatch(storage.run(db, new BsonDocument("listCollections", new BsonInt32(1))))) {
            names.add(c.getString("name").getValue());
        }
        return names;
    }

    /** Whether the storage has the database (its {@code listDatabases}, which opens none). */
    boolean databaseExists(String db) {
        BsonDocument reply = storage.run(
                "admin", new BsonDocument("listDatabases", new BsonInt32(1)).append("nameOnly", BsonBoolean.TRUE));
        for (var v : reply.getArray("databases", new BsonArray())) {
            if (v.isDocument()
                    && db.equals(
                            v.asDocument().getString("name", new BsonString("")).getValue())) {
                return true;
            }
        }
        return false;
    }

    /** The collection's index documents ({@code listIndexes}). */
    List<BsonDocument> indexes(String db, String collection) {
        return firstBatch(storage.run(db, new BsonDocument("listIndexes", new BsonString(collection))));
    }

    /** Whether an index's key starts with the shard key's fields. */
    boolean hasIndexStartingWith(String db, String collection, ShardKeyPattern key) {
        List<String> fields = key.fields().stream().map(f -> f.path()).toList();
        for (BsonDocument index : indexes(db, collection)) {
            List<String> indexFields = new ArrayList<>(index.getDocument("key").keySet());
            if (indexFields.size() >= fields.size()
                    && indexFields.subList(0, fields.size()).equals(fields)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Creates the index a sharded collection's key needs, named as MongoDB names it ({@code a_1_b_hashed});
     * none for {@code {_id: 1}}, which every collection has.
     */
    void createShardKeyIndex(String db, String collection, ShardKeyPattern key, boolean unique) {
        BsonDocument keyDocument = key.toDocument();
        if (keyDocument.keySet().equals(Set.of("_id")) && keyDocument.get("_id").isNumber()) {
            return;
        }
        storage.run(
                db,
                new BsonDocument("createIndexes", new BsonString(collection))
                        .append("indexes", new BsonArray(List.of(shardKeyIndexSpec(key, unique)))));
    }

    /**
     * The spec of the index a shard key needs, named as MongoDB names it ({@code a_1_b_hashed}, mongo
     * {@code shard_key_util.cpp makeCreateIndexesCmd}).
     */
    static BsonDocument shardKeyIndexSpec(ShardKeyPattern key, boolean unique) {
        BsonDocument keyDocument = key.toDocument();
        StringBuilder indexName = new StringBuilder();
        keyDocument.forEach((f, v) -> indexName
                .append(indexName.length() == 0 ? "" : "_")
                .append(f)
                .append('_')
                .append(
                        v.isString()
                                ? v.asString().getValue()
                                : String.valueOf(v.asNumber().intValue())));
        BsonDocument index = new BsonDocument("key", keyDocument).append("name", new BsonString(indexName.toString()));
        if (unique) {
            index.append("unique", BsonBoolean.TRUE);
        }
        return index;
    }

    /** The documents of {@code documents} that {@code filter} matches, by the storage's own query matching. */
    List<BsonDocument> filter(List<BsonDocument> documents, BsonDocument filter) {
        storage.replace(SCRATCH_DATABASE, "listing", documents);
        try {
            List<BsonDocument> matched = matching(SCRATCH_DATABASE, "listing", filter);
            matched.forEach(d -> d.remove("_id")); // the storage's, not the listing's
            return matched;
        } finally {
            dropScratch();
        }
    }

    /** Drops the scratch database. */
    void dropScratch() {
        storage.run(SCRATCH_DATABASE, new BsonDocument("dropDatabase", new BsonInt32(1)));
    }

    private static List<BsonDocument> firstBatch(BsonDocument reply) {
        List<BsonDocument> out = new ArrayList<>();
        for (BsonValue v : Replies.firstBatch(reply)) {
            out.add(v.asDocument());
        }
        return out;
    }
}
