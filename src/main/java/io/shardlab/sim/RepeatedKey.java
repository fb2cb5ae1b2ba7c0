package io.shardlab.sim;

/**
 * The index scan ShardLab assumes for documents whose keys it does not hold in a chunk that has
 * room for one key only ({@link KeyInterpolation#holdsOneKey}, for example {@code [10, 11)} on an
 * integer key): {@code count} documents that all share one shard key. No split-point finder cuts
 * it (mongo {@code auto_split_vector.cpp} and {@code split_vector.cpp} return no point when the
 * first and last keys of the range are equal), so a {@code moveRange} without max moves such a
 * chunk whole, and the balancer's split-or-mark-jumbo marks it jumbo.
 *
 * @param count number of documents; not negative
 */
record RepeatedKey(int count) implements IndexScan {

    RepeatedKey {
        if (count < 0) {
            throw new IllegalArgumentException("count: must not be negative, got " + count);
        }
    }

    /** The scan of {@code documents} documents, capped at {@link Integer#MAX_VALUE}. */
    static RepeatedKey of(long documents) {
        return new RepeatedKey((int) Math.min(Integer.MAX_VALUE, Math.max(0, documents)));
    }

    @Override
    public boolean sameKey(int i, int j) {
        return true;
    }
}
