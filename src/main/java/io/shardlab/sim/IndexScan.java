package io.shardlab.sim;

/**
 * What a split-point finder sees of a chunk: its documents in shard-key order, as a scan of the
 * shard-key index returns them: how many there are and which neighbours share a key value
 * ({@code splitVector} and {@code autoSplitVector} count keys and skip repeats, nothing else).
 *
 * <p>Indexes run from 0 to {@code count() - 1} in key order.
 */
interface IndexScan {

    /** Number of documents (index entries) in the scanned range. */
    int count();

    /** Whether documents {@code i} and {@code j} have MongoDB-equal shard keys. */
    boolean sameKey(int i, int j);
}
