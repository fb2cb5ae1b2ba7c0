package io.shardlab.live;

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

    /** A one-line description for a history list, e.g. "split [{x: 0}, {x: 10}) at {x: 5}". */
    String describe();

    /**
     * How many config.changelog entries MongoDB writes for this change: one ({@code split},
     * {@code moveChunk.commit}, {@code merge}) unless a subclass says otherwise.
     */
    default int changelogEntries() {
        return 1;
    }
}
