package io.shardlab.sim;

import io.shardlab.cluster.ChunkMap;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.bson.BsonInt64;
import org.bson.BsonType;
import org.bson.BsonValue;

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
        ShardKeyHasher hasher = state.key().isHashed() ? new ShardKeyHasher() : null;
        if (run.addAllAtOnce(batch, hasher)) {
            run.finish(batch);
            return;
        }
        if (batch.isInt64()) {
            if (!state.longLayout()) {
                for (int i = 0; i < batch.size(); i++) {
                    run.add(key(i, hasher), batch.sizeBytes(i));
                }
            } else {
                for (int i = 0; i < batch.size(); i++) {
                    run.addLong(int64Key(i, hasher), batch.sizeBytes(i));
                }
            }
        } else {
            for (int i = 0; i < batch.size(); i++) {
                run.add(batch.key(i), batch.sizeBytes(i));
            }
        }
        run.finish(batch);
    }

    /** The key of document {@code i} of an int64 batch: its value, or its {@code hash64} when {@code hasher} is given. */
    private long int64Key(int i, ShardKeyHasher hasher) {
        long v = batch.int64Value(i);
        return hasher == null ? v : hasher.hash64OfNumber(v);
    }

    private ShardKey key(int i, ShardKeyHasher hasher) {
        return ShardKey.of(new BsonInt64(int64Key(i, hasher)));
    }

    /** Undo: removes the batch's documents from the chunks they are in now. */
    void removeFrom(ClusterState state) {
        List<ShardKey> keys = new ArrayList<>(batch.size());
        int[] sizes = new int[batch.size()];
        ShardKeyHasher hasher = state.key().isHashed() ? new ShardKeyHasher() : null;
        for (int i = 0; i < batch.size(); i++) {
            keys.add(batch.isInt64() ? key(i, hasher) : batch.key(i));
            sizes[i] = batch.sizeBytes(i);
        }
        state.removeDocuments(keys, sizes, true);
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
        /** A batch of fewer documents than a quarter of the chunks is added document by document. */
        private static final int ONE_PASS_CHUNKS_PER_DOCUMENT = 4;
        /** Hashed int64 keys are hashed and added this many at a time (or four per chunk, if more). */
        private static final int HASHED_SLICE = 4096;

        private final ClusterState state;
        private final AutoSplitter splitter;
        /** Documents landed per shard so far (one counter each, so a flush boxes nothing). */
        private final Map<String, long[]> byShard = new HashMap<>();

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
            String shard = null;
            long[] landed = null;
            for (int i = 0; i < perChunk.length; i++) {
                if (perChunk[i] > 0) {
                    String chunkShard = countedFor.get(i).shard();
                    if (!chunkShard.equals(shard)) {
                        shard = chunkShard;
                        landed = byShard.computeIfAbsent(shard, s -> new long[1]);
                    }
                    landed[0] += perChunk[i];
                }
            }
        }

        /**
         * Adds the whole batch in one pass ({@link ClusterState#addLongs}) when nothing acts on a
         * single document: no auto-splitter (6.0+), every key one Int64, one size for all, and the batch
         * not much smaller than the chunk count. False, having added nothing, otherwise.
         */
        boolean addAllAtOnce(InsertBatch batch, ShardKeyHasher hasher) {
            int n = batch.size();
            int size = batch.uniformSize();
            if (splitter != AutoSplitter.NONE
                    || !state.longLayout()
                    || size < 0
                    || n < perChunk.length / ONE_PASS_CHUNKS_PER_DOCUMENT) {
                return false;
            }
            long[] keys = batch.isInt64() ? batch.int64Values() : int64Keys(batch);
            if (keys == null) {
                return false;
            }
            if (hasher == null || !batch.isInt64()) {
                state.addLongs(keys, n, size, perChunk);
                return true;
            }
            // hashed in slices, so a large batch needs no second batch-sized array
            long[] hashes =
                    new long[Math.min(n, Math.max(HASHED_SLICE, perChunk.length * ONE_PASS_CHUNKS_PER_DOCUMENT))];
            for (int from = 0; from < n; from += hashes.length) {
                int slice = Math.min(hashes.length, n - from);
                for (int i = 0; i < slice; i++) {
                    hashes[i] = hasher.hash64OfNumber(keys[from + i]);
                }
                state.addLongs(hashes, slice, size, perChunk);
            }
            return true;
        }

        /** The batch's keys as longs when each is one Int64, else null. */
        private static long[] int64Keys(InsertBatch batch) {
            long[] keys = new long[batch.size()];
            for (int i = 0; i < keys.length; i++) {
                BsonValue value = batch.key(i).get(0);
                if (value.getBsonType() != BsonType.INT64) {
                    return null;
                }
                keys[i] = value.asInt64().getValue();
            }
            return keys;
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
            Map<String, Long> documentsByShard = new TreeMap<>();
            byShard.forEach((shard, landed) -> documentsByShard.put(shard, landed[0]));
            state.emit(new ClusterEvent.InsertsLanded(
                    state.clock(), batch.size(), batch.totalBytes(), documentsByShard, batch));
        }
    }
}
