package io.shardlab.sim;

/**
 * What happens to a chunk after each write into it: before 6.0 the shard's auto-splitter may
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

    /**
     * Called after a document an update changed was counted again in chunk {@code index} at its new
     * {@code size} in bytes. The shard's op observer treats it as an insert: {@code onUpdate} calls
     * {@code incrementChunkOnInsertOrUpdate} with {@code updatedDoc.objsize()}, the whole document as it
     * is now (mongo {@code src/mongo/db/s/shard_server_op_observer.cpp}, 4.2 to 6.0.2; an update that
     * changes nothing writes no oplog entry and is not observed).
     *
     * @return true when the chunk map changed (a split happened)
     */
    default boolean onUpdate(ClusterState state, int index, int size) {
        return onInsert(state, index, size);
    }

    /**
     * Called for an update statement mongos targeted by its exact shard key, which falls in chunk
     * {@code index}, with the statement's {@code q} and {@code u} sizes in bytes. Only 4.0's mongos counts
     * statements ({@link MongosAutoSplitter}); a shard counts the documents it changed.
     *
     * @return true when the chunk map changed (a split happened)
     */
    default boolean onUpdateStatement(ClusterState state, int index, int size) {
        return false;
    }
}
