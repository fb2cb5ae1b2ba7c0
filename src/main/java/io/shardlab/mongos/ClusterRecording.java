package io.shardlab.mongos;

import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.DeleteDocuments;
import io.shardlab.sim.InsertBatch;
import io.shardlab.sim.InsertDocuments;
import io.shardlab.sim.UpdateDocuments;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.bson.BsonDocument;

/**
 * Writes landing on the number line: what a write changed in the stored documents is recorded in the simulated
 * cluster of its collection ({@link InsertDocuments}, {@link UpdateDocuments}, {@link DeleteDocuments}: the chunks'
 * documents, sizes and the release's auto-splitter) or in its unsharded bytes, and the memory budget follows the
 * stored size. Every write outside a transaction lands here as it is stored; a transaction's writes land here at
 * commit ({@link Transactions}).
 */
final class ClusterRecording implements WrittenDocuments {

    private final ShardedCatalog catalog;
    private final StoredDocuments documents;
    private final MemoryBudget budget;

    /** @param documents the committed documents, read to learn what an update or a delete changed */
    ClusterRecording(ShardedCatalog catalog, StoredDocuments documents, MemoryBudget budget) {
        this.catalog = catalog;
        this.documents = documents;
        this.budget = budget;
    }

    @Override
    public void inserted(String ns, List<BsonDocument> inserted) {
        if (inserted.isEmpty()) {
            return;
        }
        var sharded = catalog.collection(ns);
        if (sharded.isPresent()) {
            ShardKeyPattern key = sharded.get().cluster().shardKey();
            catalog.execute(ns, new InsertDocuments(ns, InsertBatch.ofDocuments(key, inserted)));
        } else {
            long bytes = 0;
            for (BsonDocument d : inserted) {
                bytes += InsertBatch.bsonSize(d);
            }
            catalog.recordUnshardedWrite(ns, bytes);
        }
    }

    /**
     * The documents of {@code before} that an update changed are counted again as they are now
     * ({@link UpdateDocuments}: new sizes and keys, and the release's auto-splitter counts them), or the unsharded
     * collection's bytes change by the difference; the memory budget follows the stored size.
     */
    @Override
    public void updated(String ns, Collection<BsonDocument> before, InsertBatch keyedStatements) {
        String db = CommandContext.databaseOf(ns);
        String coll = CommandContext.collectionOf(ns);
        var sharded = catalog.collection(ns);
        ShardKeyPattern key = sharded.map(c -> c.cluster().shardKey()).orElse(null);
        List<BsonDocument> was = new ArrayList<>();
        List<BsonDocument> now = new ArrayList<>();
        long delta = 0;
        for (BsonDocument b : before) {
            var a = documents.findById(db, coll, b.get("_id"));
            if (a.isEmpty()) {
                continue;
            }
            if (!a.get().equals(b)) {
                was.add(b);
                now.add(a.get());
                delta += InsertBatch.bsonSize(a.get()) - InsertBatch.bsonSize(b);
            }
        }
        if (was.isEmpty() && keyedStatements.size() == 0) {
            return;
        }
        budget.stored(delta);
        if (key != null) {
            catalog.execute(
                    ns,
                    new UpdateDocuments(
                            ns, InsertBatch.ofDocuments(key, was), InsertBatch.ofDocuments(key, now), keyedStatements));
        } else {
            catalog.recordUnshardedWrite(ns, delta);
        }
    }

    /**
     * The documents of {@code candidates} that are gone from the storage leave the simulated chunks
     * ({@link DeleteDocuments}) or the unsharded collection's bytes, and the memory budget.
     */
    @Override
    public void deleted(String ns, List<BsonDocument> candidates) {
        String db = CommandContext.databaseOf(ns);
        String coll = CommandContext.collectionOf(ns);
        List<BsonDocument> gone = new ArrayList<>();
        for (BsonDocument d : candidates) {
            if (!d.containsKey("_id")
                    || documents.findById(db, coll, d.get("_id")).isEmpty()) {
                gone.add(d);
            }
        }
        if (gone.isEmpty()) {
            return;
        }
        long bytes = 0;
        for (BsonDocument d : gone) {
            bytes += InsertBatch.bsonSize(d) + documents.storage().keptBytesPerDocument();
        }
        budget.stored(-bytes);
        var sharded = catalog.collection(ns);
        if (sharded.isPresent()) {
            ShardKeyPattern key = sharded.get().cluster().shardKey();
            catalog.execute(ns, new DeleteDocuments(ns, InsertBatch.ofDocuments(key, gone)));
        } else {
            catalog.recordUnshardedWrite(ns, -bytes);
        }
    }
}
