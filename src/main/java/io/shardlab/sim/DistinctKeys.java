package io.shardlab.sim;

/**
 * The index scan ShardLab assumes for documents whose keys it does not hold (a loaded layout's
 * chunk contents): {@code count} documents with pairwise different shard keys. Split-point finders
 * run over it give the positions (document ranks) where MongoDB would cut a chunk of that many
 * documents whose keys do not repeat; {@link KeyInterpolation} then turns a rank into a key.
 *
 * @param count number of documents; not negative
 */
record DistinctKeys(int count) implements IndexScan {

    DistinctKeys {
        if (count < 0) {
            throw new IllegalArgumentException("count: must not be negative, got " + count);
        }
    }

    /**
     * The scan of {@code documents} documents, capped at {@link Integer#MAX_VALUE}. The finders stop
     * after a bounded number of keys (a split point comes every max-chunk-size worth of documents),
     * so the cap never changes a point they return for a limited search.
     */
    static DistinctKeys of(long documents) {
        return new DistinctKeys((int) Math.min(Integer.MAX_VALUE, Math.max(0, documents)));
    }

    @Override
    public boolean sameKey(int i, int j) {
        return i == j;
    }
}
