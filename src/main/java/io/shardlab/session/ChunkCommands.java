package io.shardlab.session;

import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.MongoVersion;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.sim.ClusterCommand;
import io.shardlab.sim.MergeChunks;
import io.shardlab.sim.MoveChunk;
import io.shardlab.sim.MoveRange;
import io.shardlab.sim.SplitAt;
import io.shardlab.sim.SplitFind;
import io.shardlab.text.Message;
import java.util.Objects;
import java.util.Optional;

/**
 * The commands a DBA types for what the explorer's gestures ask: split a chunk at a point or at its
 * median, move a chunk to a shard, merge two neighbours, in the form the simulated MongoDB version
 * offers.
 *
 * <ul>
 *   <li>Split at a point: {@code sh.splitAt(ns, middle)}, the middle a bound document (a hashed
 *       field holds the hash, as in config.chunks).</li>
 *   <li>Split at the median: {@code sh.splitFind(ns, query)} with the chunk's min as the query. Its
 *       query is a document value that mongos hashes, so a hashed key cannot name a chunk this way;
 *       the explorer splits hashed chunks at a point instead.</li>
 *   <li>Move: from 6.0, {@code moveRange} with the chunk's bounds (MongoDB 6.0 added it and
 *       {@code sh.moveChunk} remained); before 6.0, {@code sh.moveChunk(ns, query, to)} with the
 *       chunk's min as the query, which again cannot name a chunk of a hashed key (MongoDB's other
 *       form, {@code moveChunk} with {@code bounds}, is not modelled by the simulator).</li>
 *   <li>Merge: {@code sh.mergeChunks(ns, [min, max])} over the two chunks' outer bounds.</li>
 * </ul>
 * Whether a command can run (same shard for a merge, no migration in flight, …) is the simulated
 * cluster's to say, with MongoDB's messages.
 */
public final class ChunkCommands {

    private final String namespace;
    private final ShardKeyPattern key;
    private final MongoVersion version;

    public ChunkCommands(String namespace, ShardKeyPattern key, MongoVersion version) {
        this.namespace = Objects.requireNonNull(namespace, "namespace");
        this.key = Objects.requireNonNull(key, "key");
        this.version = Objects.requireNonNull(version, "version");
    }

    /** {@code sh.splitAt(ns, middle)}. */
    public ClusterCommand splitAt(ShardKey middle) {
        return new SplitAt(namespace, middle.toDocument(key));
    }

    /** Whether {@link #splitAtMedian} can name a chunk of this key. */
    public boolean canSplitAtMedian() {
        return !key.isHashed();
    }

    /**
     * {@code sh.splitFind(ns, {<chunk min>})}: the shard picks the median key of the chunk.
     *
     * @throws IllegalStateException for a hashed key ({@link #canSplitAtMedian()})
     */
    public ClusterCommand splitAtMedian(Chunk chunk) {
        if (!canSplitAtMedian()) {
            throw new IllegalStateException("splitFind: a hashed key's chunk cannot be named by a document value");
        }
        return new SplitFind(namespace, chunk.min().toDocument(key));
    }

    /** Why a chunk of this key cannot be moved on this version, or empty when it can. */
    public Optional<Message> moveUnsupportedReason() {
        if (version.atLeast(MongoVersion.V6_0) || !key.isHashed()) {
            return Optional.empty();
        }
        return Optional.of(Message.of("session.chunk.hashedMoveBefore60"));
    }

    /**
     * Moves {@code chunk} to {@code toShard}: {@code moveRange} from 6.0, {@code sh.moveChunk} before.
     *
     * @throws IllegalStateException when {@link #moveUnsupportedReason()} is present
     */
    public ClusterCommand move(Chunk chunk, String toShard) {
        if (moveUnsupportedReason().isPresent()) {
            throw new IllegalStateException("move: a hashed key's chunk before 6.0"); // untranslated: a contract
        }
        if (version.atLeast(MongoVersion.V6_0)) {
            return new MoveRange(
                    namespace, chunk.min().toDocument(key), chunk.max().toDocument(key), toShard);
        }
        return new MoveChunk(namespace, chunk.min().toDocument(key), toShard, false);
    }

    /** {@code sh.mergeChunks(ns, [left.min, right.max])}. */
    public ClusterCommand merge(Chunk left, Chunk right) {
        return new MergeChunks(
                namespace, left.min().toDocument(key), right.max().toDocument(key));
    }
}
