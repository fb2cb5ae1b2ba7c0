package io.shardlab.advisor;

/**
 * Whether a sample's document order is the collection's insertion order.
 *
 * <p>analyzeShardKey measures monotonicity against RecordIds, which a (non-clustered) collection
 * assigns in insertion order (mongo {@code src/mongo/db/s/analyze_shard_key_cmd_util.cpp},
 * {@code calculateMonotonicity}). ShardLab has no RecordIds; it uses the sample's order instead,
 * which is only meaningful when that order is the insertion order.
 */
public enum SampleOrder {

    /** The documents come in insertion order: a dataset file (file order = insertion order). */
    INSERTION,

    /**
     * The order says nothing about insertion: {@code $sample} returns documents in random order.
     * Monotonicity is then {@code "unknown"} and the replayed write concentration does not reflect
     * the real insert stream.
     */
    UNKNOWN
}
