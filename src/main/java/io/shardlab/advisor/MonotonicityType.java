package io.shardlab.advisor;

/**
 * analyzeShardKey's {@code monotonicity.type} (mongo enum {@code MonotonicityType}: {@code kMonotonic:
 * "monotonic"}, {@code kNotMonotonic: "not monotonic"}, {@code kUnknown: "unknown"}, in
 * {@code src/mongo/s/analyze_shard_key_cmd.idl}; docs {@code analyzeShardKey-keyCharacteristics.rst}).
 */
public enum MonotonicityType {
    /** The key changes with insertion order: |recordIdCorrelationCoefficient| at least the threshold. */
    MONOTONIC("monotonic"),
    /** It does not. */
    NOT_MONOTONIC("not monotonic"), // untranslated: analyzeShardKey's value (MongoDB's word)
    /** It cannot be told. */
    UNKNOWN("unknown");

    private final String value;

    MonotonicityType(String value) {
        this.value = value;
    }

    /** The string analyzeShardKey returns, e.g. {@code "not monotonic"}. */
    public String value() {
        return value;
    }

    @Override
    public String toString() {
        return value;
    }
}
