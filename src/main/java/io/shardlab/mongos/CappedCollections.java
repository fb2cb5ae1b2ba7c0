package io.shardlab.mongos;

import io.shardlab.sim.InsertBatch;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * Capped collections: a fixed-size collection that keeps its documents in insertion order and, when an insert
 * takes it past its {@code size} in bytes or its {@code max} documents, removes its oldest documents first. The
 * document store keeps the order (a capped collection's slots are not reused); this class removes the oldest.
 *
 * <p>Rules: docs {@code core/capped-collections}; mongo {@code src/mongo/db/catalog/collection_impl.cpp}
 * ({@code _cappedDeleteAsNeeded}: "the oldest documents are deleted until the collection is within both
 * limits"); {@code src/mongo/db/catalog/collection_options.cpp} (a capped collection needs {@code size}; the size
 * is rounded up to a multiple of 256 bytes). Tests: mongo {@code jstests/core/capped/capped_max1.js},
 * {@code capped_large_docs.js}, {@code capped_resize.js}.
 */
final class CappedCollections {

    private final CommandContext context;

    CappedCollections(CommandContext context) {
        this.context = context;
    }

    /**
     * The size a capped collection gets for the {@code size} asked: rounded up to a multiple of 256 bytes
     * (mongo {@code collection_options.cpp}, {@code CollectionOptions::parse}, "cappedSize").
     */
    static long roundedSize(long size) {
        return size % 256 == 0 ? size : size + (256 - size % 256);
    }

    /** After an insert into {@code db.coll}: its oldest documents removed while it is past either limit. */
    void afterInsert(String db, String coll) {
        CollectionCreateOptions.Options options = context.createOptions().of(db, coll);
        if (!options.capped()) {
            return;
        }
        List<BsonDocument> documents = context.documents().all(db, coll); // natural order: the oldest first
        long bytes = 0;
        for (BsonDocument d : documents) {
            bytes += InsertBatch.bsonSize(d);
        }
        long count = documents.size();
        long freedBson = 0;
        long freedHeap = 0;
        int oldest = 0;
        while (oldest < documents.size()
                && (bytes > options.cappedSize() || (options.cappedMax() > 0 && count > options.cappedMax()))) {
            BsonDocument d = documents.get(oldest++);
            int size = InsertBatch.bsonSize(d);
            bytes -= size;
            count--;
            freedBson += size;
            freedHeap += size + context.storage().keptBytesPerDocument();
            context.storage()
                    .run(
                            db,
                            new BsonDocument("delete", new BsonString(coll))
                                    .append(
                                            "deletes",
                                            new BsonArray(List.of(new BsonDocument(
                                                            "q", new BsonDocument(UpsertSeed.ID, d.get(UpsertSeed.ID)))
                                                    .append("limit", new BsonInt32(1))))));
        }
        if (freedBson > 0) {
            context.budget().stored(-freedHeap);
            context.catalog().recordUnshardedWrite(db + "." + coll, -freedBson);
        }
    }
}
