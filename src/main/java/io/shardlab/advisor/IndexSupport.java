package io.shardlab.advisor;

import io.shardlab.key.ShardKeyPattern;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Which of the collection's indexes analyzeShardKey would use for one candidate
 * ({@link SupportingIndex}).
 *
 * @param supporting the index the key characteristics are measured with; empty when the key has
 *     no supporting index, and analyzeShardKey then returns no {@code keyCharacteristics}
 * @param monotonicity the index the monotonicity check scans; empty gives {@code "unknown"}
 * @param clustered whether the collection is clustered (monotonicity {@code "unknown"})
 * @param declared whether the indexes were declared rather than assumed
 */
public record IndexSupport(
        Optional<IndexSpec> supporting, Optional<IndexSpec> monotonicity, boolean clustered, boolean declared) {

    public IndexSupport {
        if (supporting == null || monotonicity == null) {
            throw new IllegalArgumentException(
                    "supporting/monotonicity: required (empty when none)"); // untranslated: a developer's contract
        }
    }

    /** The indexes that serve {@code candidate} on {@code sample}'s collection. */
    static IndexSupport of(Sample sample, ShardKeyPattern candidate) {
        List<IndexSpec> indexes = sample.indexes().forCandidate(candidate);
        Map<String, Boolean> arrays = new HashMap<>();
        Predicate<IndexSpec> multikey = index -> index.paths().stream()
                .filter(p -> candidate.indexOf(p) < 0)
                .anyMatch(p -> arrays.computeIfAbsent(p, path -> anyArrayOn(sample, path)));
        return new IndexSupport(
                SupportingIndex.forKeyCharacteristics(indexes, candidate, multikey),
                SupportingIndex.forMonotonicity(indexes, candidate, multikey),
                sample.indexes().clustered(),
                sample.indexes().declared());
    }

    /** Whether the candidate is unique through its supporting index. */
    public boolean isUnique(ShardKeyPattern candidate) {
        return supporting.map(i -> SupportingIndex.isUnique(i, candidate)).orElse(false);
    }

    /**
     * Whether some sampled document holds an array on {@code path} (which makes an index on it
     * multikey). The candidate's own paths never do: the analysis refuses such a candidate.
     */
    private static boolean anyArrayOn(Sample sample, String path) {
        String[] parts = path.split("\\.");
        for (int i = 0; i < sample.numDocsSampled(); i++) {
            BsonValue v = sample.documents().document(i);
            for (String part : parts) {
                if (v.isArray()) {
                    return true;
                }
                if (!v.isDocument()) {
                    v = null;
                    break;
                }
                v = ((BsonDocument) v).get(part);
                if (v == null) {
                    break;
                }
            }
            if (v != null && v.isArray()) {
                return true;
            }
        }
        return false;
    }
}
