package io.shardlab.live;

import io.shardlab.text.Message;
import java.time.Instant;

/**
 * A change to a collection's chunks that config.changelog recorded: a split, a migration or a
 * merge. History rewinds a layout by undoing these, newest first.
 */
public sealed interface ChunkChange permits ChunkSplit, ChunkMigration, ChunkMerge {

    /** When the change was logged ({@code time}). */
    Instant time();

    /** The collection ({@code ns}). */
    String namespace();

    /** A one-line description for a history list in the reader's words, e.g. "moved [{x: 0}, {x: 10}) from a to b". */
    Message describe();

    /** {@code change} said as happening on {@code shard}, when the changelog names it (null: as it is). */
    static Message onShard(Message change, String shard) {
        return shard == null ? change : Message.of("live.chunkChange.onShard", change, shard);
    }

    /**
     * How many config.changelog entries MongoDB writes for this change: one ({@code split},
     * {@code moveChunk.commit}, {@code merge}) unless a subclass says otherwise.
     */
    default int changelogEntries() {
        return 1;
    }
}
