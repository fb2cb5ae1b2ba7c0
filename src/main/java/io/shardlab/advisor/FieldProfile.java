package io.shardlab.advisor;

/**
 * What a sample holds under one top-level field, gathered while the sample loads; the raw material
 * for {@link CandidateSuggester}.
 *
 * @param path the field name
 * @param present documents that have the field
 * @param arrays documents whose value is an array (such a field cannot be in a shard key)
 * @param embedded documents whose value is an embedded document
 * @param distinctValues distinct values seen (MongoDB's order-equivalence: {@code 1} equals
 *     {@code 1.0}), counted up to {@link #DISTINCT_CAP}
 * @param ascendingSteps successive occurrences (in insertion order) where the value went up
 * @param descendingSteps successive occurrences where the value went down
 */
public record FieldProfile(
        String path,
        long present,
        long arrays,
        long embedded,
        int distinctValues,
        long ascendingSteps,
        long descendingSteps) {

    /** Distinct values are counted up to this many; beyond it the field counts as "at least this many". */
    public static final int DISTINCT_CAP = 10_000;

    public FieldProfile {
        if (path == null || path.isEmpty()) {
            throw new IllegalArgumentException("path: required"); // untranslated: a developer's contract
        }
        if (present < 0
                || arrays < 0
                || embedded < 0
                || distinctValues < 0
                || ascendingSteps < 0
                || descendingSteps < 0) {
            throw new IllegalArgumentException(
                    "counts: not negative, for field " + path); // untranslated: a developer's contract
        }
    }

    /** Whether the distinct count reached {@link #DISTINCT_CAP} and stopped. */
    public boolean distinctCapped() {
        return distinctValues >= DISTINCT_CAP;
    }

    /**
     * Whether successive values mostly move one way: at least 90% of the changes between
     * successive occurrences go up, or at least 90% go down (ShardLab's quick test; the
     * analysis measures monotonicity properly).
     */
    public boolean trendsOneWay() {
        long changes = ascendingSteps + descendingSteps;
        return changes > 0 && (ascendingSteps >= 0.9 * changes || descendingSteps >= 0.9 * changes);
    }
}
