package io.shardlab.sim;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.ShardKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.bson.BsonInt64;

/**
 * {@code db.coll.insertMany([...])}: a batch of documents lands in the chunks their shard keys
 * route to ({@code min <= key < max}), at the current simulated time. Before 6.0 every insert also
 * feeds the chunk's write tracker and may trigger an auto-split ({@link AutoSplitter}).
 *
 * <p>The hot path: one command per batch, not per document; an {@link InsertBatch#ofInt64} batch
 * routes without allocating. Undo removes exactly the batch's documents again.
 *
 * @param namespace the sharded collection
 * @param batch the documents
 */
public record InsertDocuments(String namespace, InsertBatch batch) implements ClusterCommand {

    public InsertDocuments {
        Namespaces.check(namespace);
        if (batch == null) {
            throw new IllegalArgumentException("batch: required");
        }
    }

    @Override
    public Optional<String> canApply(ClusterState state) {
        if (state.collection() == null || !state.collection().namespace().equals(namespace)) {
            // ShardLab's text: inserting into an unsharded collection is legal in MongoDB, but the
            // simulator only models the sharded collection
            return Optional.of("collection " + namespace + " is not sharded in the simulated cluster; "
                    + "shard it before inserting");
        }
        if (batch.isInt64() && state.key().arity() != 1) {
            // ShardLab's text: an API misuse, not a MongoDB error
            return Optional.of("int64 key values need a one-field shard key, but the key is " + state.key());
        }
        if (!batch.isInt64()) {
            for (int i = 0; i < batch.size(); i++) {
                if (batch.key(i).arity() != state.key().arity()) {
                    return Optional.of("document " + i + " has a key of "
                            + batch.key(i).arity() + " fields for the shard key " + state.key());
                }
            }
        }
        return Optional.empty();
    }

    @Override
    public void apply(ClusterState state) {
        InsertRun run = new InsertRun(state);
        boolean hashed = state.key().isHashed();
        if (batch.isInt64()) {
            if (!state.longLayout()) {
                for (int i = 0; i < batch.size(); i++) {
                    run.add(key(i, hashed), batch.sizeBytes(i));
                }
            } else {
                for (int i = 0; i < batch.size(); i++) {
                    long v = batch.int64Value(i);
                    run.addLong(hashed ? Int64KeyHasher.hash(v) : v, batch.sizeBytes(i));
                }
            }
        } else {
            for (int i = 0; i < batch.size(); i++) {
                run.add(batch.key(i), batch.sizeBytes(i));
            }
        }
        run.finish(batch);
    }

    private ShardKey key(int i, boolean hashed) {
        long v = batch.int64Value(i);
        return ShardKey.of(new BsonInt64(hashed ? Int64KeyHasher.hash(v) : v));
    }

    /** Undo: removes the batch's documents from the chunks they are in now. */
    void removeFrom(ClusterState state) {
        List<ShardKey> keys = new ArrayList<>(batch.size());
        int[] sizes = new int[batch.size()];
        boolean hashed = state.key().isHashed();
        for (int i = 0; i < batch.size(); i++) {
            keys.add(batch.isInt64() ? key(i, hashed) : batch.key(i));
            sizes[i] = batch.sizeBytes(i);
        }
        state.removeDocuments(keys, sizes);
    }

    @Override
    public String describe() {
        return "insert " + batch.size() + " documents into " + namespace;
    }

    @Override
    public String mongoshCommand() {
        return "db.getSiblingDB(\"" + Namespaces.database(namespace) + "\")." + Namespaces.collection(namespace)
                + ".insertMany([ /* " + batch.size() + " documents, " + batch.totalBytes() + " bytes */ ])";
    }

    /** One batch's pass over the documents: counts per chunk, auto-split checks, the landed event. */
    private static final class InsertRun {
        private final ClusterState state;
        private final AutoSplitter splitter;
        private final Map<String, Long> byShard = new TreeMap<>();
        private ChunkMap countedFor;
        private long[] perChunk;

        InsertRun(ClusterState state) {
            this.state = state;
            this.splitter = state.policies().autoSplitter();
            reset();
        }

        private void reset() {
            flush();
            countedFor = state.chunks();
            perChunk = new long[countedFor.size()];
        }

        private void flush() {
            if (countedFor == null) {
                return;
            }
            for (int i = 0; i < perChunk.length; i++) {
                if (perChunk[i] > 0) {
                    byShard.merge(countedFor.get(i).shard(), perChunk[i], Long::sum);
                }
            }
        }

        void addLong(long key, int size) {
            if (!state.longLayout()) {
                add(ShardKey.of(new BsonInt64(key)), size);
                return;
            }
            int i = state.addLong(key, size);
            perChunk[i]++;
            afterInsert(i, size);
        }

        void add(ShardKey key, int size) {
            int i = state.addKey(key, size);
            perChunk[i]++;
            afterInsert(i, size);
        }

        private void afterInsert(int index, int size) {
            if (splitter.onInsert(state, index, size)) {
                // the chunk map changed: count the rest against the new chunks
                reset();
            }
        }

        void finish(InsertBatch batch) {
            flush();
            countedFor = null;
            state.countInserted(batch.size());
            state.emit(new ClusterEvent.InsertsLanded(state.clock(), batch.size(), batch.totalBytes(), byShard, batch));
        }
    }
}
