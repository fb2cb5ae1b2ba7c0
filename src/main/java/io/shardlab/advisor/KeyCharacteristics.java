package io.shardlab.advisor;

import java.util.List;
import java.util.OptionalLong;

/**
 * analyzeShardKey's {@code keyCharacteristics} for one candidate key, computed on a sample
 * (docs {@code source/includes/analyzeShardKey-keyCharacteristics.rst}; how each number is worked
 * out is on {@link KeyCharacteristicsCalculator}).
 *
 * @param numDocsTotal documents in the collection the sample stands for
 * @param numOrphanDocs orphan documents, only for a sharded collection ({@code calculateCollStats}
 *     sets it only when the collection is sharded)
 * @param numDocsSampled documents in the sample
 * @param avgDocSizeBytes average BSON size of a sampled document, in whole bytes, at least 5
 * @param isUnique whether the supporting index is unique and has exactly the key's fields
 *     ({@link SupportingIndex#isUnique}); then every document counts as its own value
 * @param numDistinctValues distinct key values in the sample (distinct hashes for a hashed field)
 * @param mostCommonValues the most frequent values, most frequent first, at most
 *     {@link KeyCharacteristicsCalculator#NUM_MOST_COMMON_VALUES}
 * @param monotonicity whether the key changes with insertion order
 */
public record KeyCharacteristics(
        long numDocsTotal,
        OptionalLong numOrphanDocs,
        long numDocsSampled,
        long avgDocSizeBytes,
        boolean isUnique,
        long numDistinctValues,
        List<ValueFrequency> mostCommonValues,
        Monotonicity monotonicity) {

    public KeyCharacteristics {
        if (numDocsSampled < 1 || numDocsTotal < numDocsSampled) {
            throw new IllegalArgumentException(String.format(
                    "numDocsSampled/numDocsTotal: 1 <= sampled <= total, got %s of %s", // untranslated: a contract
                    numDocsSampled, numDocsTotal));
        }
        if (numDistinctValues < 1 || numDistinctValues > numDocsSampled) {
            throw new IllegalArgumentException(String.format(
                    "numDistinctValues: between 1 and %s, got %s", // untranslated: a developer's contract
                    numDocsSampled, numDistinctValues));
        }
        if (isUnique && numDistinctValues != numDocsSampled) {
            throw new IllegalArgumentException(String.format(
                    "isUnique: one value a document, got %s in %s documents", // untranslated: a developer's contract
                    numDistinctValues, numDocsSampled));
        }
        if (numOrphanDocs == null) {
            throw new IllegalArgumentException(
                    "numOrphanDocs: required (empty when not sharded)"); // untranslated: a developer's contract
        }
        if (avgDocSizeBytes < 5) {
            throw new IllegalArgumentException(String.format(
                    "avgDocSizeBytes: at least 5, got %s", // untranslated: a developer's contract
                    avgDocSizeBytes));
        }
        mostCommonValues = List.copyOf(mostCommonValues);
        if (mostCommonValues.isEmpty()) {
            throw new IllegalArgumentException(
                    "mostCommonValues: at least one"); // untranslated: a developer's contract (computed by the advisor)
        }
        if (monotonicity == null) {
            throw new IllegalArgumentException(
                    "monotonicity: required"); // untranslated: a developer's contract (computed by the advisor)
        }
    }

    /** The most common value's share of the sample, 0 to 1. */
    public double topValueShare() {
        return (double) mostCommonValues.get(0).frequency() / numDocsSampled;
    }
}
