package io.shardlab.sim;

/**
 * What happens to a chunk after each insert into it: before 6.0 the shard's auto-splitter may
 * split it ({@link ShardAutoSplitter}); from 6.0 nothing ({@link #NONE}).
 */
interface AutoSplitter {

    /**
     * 6.0+: no auto-split. "Following the removal of the auto-splitter in versions >= v6.0.3"
     * (SERVER-76405 / DOCS-16446); in the source the split trigger is gated off by the
     * {@code gNoMoreAutoSplitter} feature flag (mongo
     * {@code src/mongo/db/s/shard_server_op_observer.cpp}, {@code incrementChunkOnInsertOrUpdate}).
     */
    AutoSplitter NONE = (state, index, size) -> false;

    /**
     * Called after a document of {@code size} bytes was added to chunk {@code index}.
     *
     * @return true when the chunk map changed (a split happened)
     */
    boolean onInsert(ClusterState state, int index, int size);
}
