package io.shardlab.sim;

import io.shardlab.cluster.Chunk;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.List;
import java.util.Map;

/**
 * Something that happened in the simulated cluster, stamped with the simulated time in ms.
 * Immutable; delivered synchronously to {@link ClusterEventListener}s in the order it happened.
 */
public sealed interface ClusterEvent {

    /** Simulated time of the event, in ms since the simulation started. */
    long atMillis();

    /** A collection was sharded with {@code chunks} initial chunks. */
    record CollectionSharded(long atMillis, String namespace, ShardKeyPattern key, int chunks)
            implements ClusterEvent {}

    /**
     * A layout read from elsewhere (a live cluster, a snapshot, a config dump) was loaded:
     * {@code shards} shards and the collection's {@code chunks} chunks, of which
     * {@code documents} documents ({@code bytes} bytes) are known only as totals.
     */
    record LayoutLoaded(
            long atMillis, String namespace, ShardKeyPattern key, int shards, int chunks, long documents, long bytes)
            implements ClusterEvent {}

    /**
     * A step needed the keys of documents ShardLab does not hold (a loaded layout's contents) and
     * could not place them inside {@code chunk}, so it was skipped rather than guessed: ShardLab's
     * own event, not MongoDB's.
     *
     * @param chunk the chunk the step would change
     * @param toShard where the balancer would have moved a range of it, or null for a split
     * @param step what MongoDB would do there, one line
     */
    record DocumentsUnknown(long atMillis, Chunk chunk, String toShard, String step) implements ClusterEvent {

        /** A split of {@code chunk} that {@code who} (e.g. "the auto-splitter") would make, skipped. */
        static DocumentsUnknown ofSplit(long atMillis, Chunk chunk, String who) {
            return new DocumentsUnknown(
                    atMillis,
                    chunk,
                    null,
                    who + " would split this chunk at its documents' keys, and the chunk's key range gives no place "
                            + "to put the split points");
        }
    }

    /**
     * A batch of inserts landed: how many documents and bytes, and on which shards.
     *
     * @param batch the documents that landed, as the command carried them (an {@link InsertBatch#ofInt64}
     *     batch's keys are the values before hashing)
     */
    record InsertsLanded(
            long atMillis, long documents, long bytes, Map<String, Long> documentsByShard, InsertBatch batch)
            implements ClusterEvent {
        public InsertsLanded {
            documentsByShard = Map.copyOf(documentsByShard);
        }
    }

    /** The chunk {@code [min, max)} on {@code shard} was split at {@code splitPoints}. */
    record ChunkSplit(
            long atMillis, ShardKey min, ShardKey max, String shard, List<ShardKey> splitPoints, SplitCause cause)
            implements ClusterEvent {
        public ChunkSplit {
            splitPoints = List.copyOf(splitPoints);
        }
    }

    /** A migration started; the range stays on the donor until {@link MigrationCommitted}. */
    record MigrationStarted(long atMillis, Migration migration) implements ClusterEvent {}

    /** A migration committed: the range now belongs to the recipient. */
    record MigrationCommitted(long atMillis, Migration migration) implements ClusterEvent {}

    /** A migration could not start or commit (for example ChunkTooBig); {@code error} is MongoDB's text. */
    record MigrationFailed(long atMillis, Migration migration, String error) implements ClusterEvent {}

    /** A chunk was flagged jumbo: too big to move and without a split point. */
    record JumboMarked(long atMillis, Chunk chunk) implements ClusterEvent {}

    /** {@code chunkCount} contiguous chunks on {@code shard} became the one chunk {@code [min, max)}. */
    record ChunksMerged(long atMillis, ShardKey min, ShardKey max, String shard, int chunkCount, MergeCause cause)
            implements ClusterEvent {}

    /** A balancer round found {@code chunk} on a shard outside its zone {@code zone}. */
    record ZoneViolation(long atMillis, Chunk chunk, String zone) implements ClusterEvent {}

    /**
     * A balancer round ran, chose {@code migrationsChosen} migrations and started {@code migrationsStarted} of them (a
     * chunk too big to move is split or marked jumbo instead); {@code shardsBusy} when, as it began, a migration was
     * in flight (of this collection or another), so shards it could have used were taken. Either way "nothing
     * started" does not mean "nothing to move".
     */
    record BalancerRound(long atMillis, int migrationsChosen, int migrationsStarted, boolean shardsBusy)
            implements ClusterEvent {

        /**
         * Whether the round found nothing to move with no migration in flight: the balancer has settled (until a
         * change gives it work).
         */
        public boolean foundNothingToMove() {
            return migrationsChosen == 0 && !shardsBusy;
        }
    }

    /** A shard joined the cluster. */
    record ShardAdded(long atMillis, String shard) implements ClusterEvent {}

    /** {@code removeShard} started draining a shard. */
    record ShardDraining(long atMillis, String shard) implements ClusterEvent {}

    /** A drained shard left the cluster. */
    record ShardRemoved(long atMillis, String shard) implements ClusterEvent {}

    /** Something else changed the layout or settings (a zone, a flag, a refined key): {@code description}. */
    record MetadataChanged(long atMillis, String description) implements ClusterEvent {}

    /** The last history entry was undone ({@code description} names it); listeners should re-read the cluster. */
    record Undone(long atMillis, String description) implements ClusterEvent {}

    /** What triggered a split. */
    enum SplitCause {
        /** The pre-6.0 auto-splitter after enough bytes were written to the chunk. */
        AUTO_SPLIT,
        /** A user's {@code split} command ({@code sh.splitAt} / {@code sh.splitFind}). */
        COMMAND,
        /** The balancer split a chunk that was too big to migrate ({@code splitOrMarkJumbo}). */
        TOO_BIG_TO_MOVE,
        /** The balancer cut a chunk at a zone boundary. */
        ZONE_BOUNDARY,
        /** A {@code moveRange} moved only part of a chunk; the commit split it first. */
        MOVE_RANGE,
        /** The split phase of a defragmentation (5.3 to 6.0.2). */
        DEFRAGMENTATION
    }

    /** What triggered a merge. */
    enum MergeCause {
        /** A user's {@code mergeChunks}. */
        COMMAND,
        /** The 7.0+ auto-merger. */
        AUTO_MERGER,
        /** The balancer's defragmentation ({@code configureCollectionBalancing}, 5.3+). */
        DEFRAGMENTATION
    }
}
