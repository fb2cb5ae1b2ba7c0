package io.shardlab.advisor;

import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKeyPattern;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.bson.BsonValue;

/**
 * Which index analyzeShardKey measures a candidate with (mongo
 * {@code src/mongo/db/s/analyze_shard_key_cmd_util.cpp}, 7.0 to current).
 *
 * <p>{@link #forKeyCharacteristics} is {@code findCompatiblePrefixedIndex}: on a clustered
 * collection the clustered index when the candidate's field names are its prefix; otherwise, among
 * the B-tree and hashed indexes that are not multikey, not sparse, not partial and have the simple
 * collation, one whose leading field names are the candidate's ({@code isFieldNamePrefixOf}: the
 * index type of each field does not matter), preferring fewer fields, and any unique index over a
 * non-unique one. None means the key has no supporting index: analyzeShardKey then leaves
 * {@code keyCharacteristics} out of its answer (or fails with IllegalOperation "Cannot analyze the
 * characteristics of a shard key that does not have a supporting index" when only the
 * characteristics were asked for, {@code analyze_shard_key_cmd.cpp}).
 *
 * <p>{@code isUnique} is the index's uniqueness when it has exactly the candidate's fields, else
 * false ({@code calculateKeyCharacteristicsMetrics}).
 *
 * <p>{@link #forMonotonicity} is {@code findShardKeyPrefixedIndex(..., requireSingleKey=true)}
 * ({@code src/mongo/db/s/shard_key_index_util.cpp}): the same filters, but the candidate must be a
 * prefix of the index key with the same values (a hashed field hashed), as {@code shardCollection}
 * requires; none means monotonicity {@code "unknown"}.
 */
final class SupportingIndex {

    private SupportingIndex() {}

    /**
     * @param multikey whether an index is multikey (some document holds an array on one of its paths);
     *     asked only of indexes whose fields could support the candidate, since it may scan the sample
     */
    static Optional<IndexSpec> forKeyCharacteristics(
            List<IndexSpec> indexes, ShardKeyPattern candidate, Predicate<IndexSpec> multikey) {
        for (IndexSpec clustered : indexes) {
            if (clustered.clustered() && fieldNamePrefix(candidate, clustered)) {
                return Optional.of(clustered);
            }
        }
        IndexSpec best = null;
        for (IndexSpec index : indexes) {
            if (index.clustered() || !fieldNamePrefix(candidate, index) || !usable(index, multikey)) {
                continue;
            }
            if (best == null || best.key().size() > index.key().size() || (!best.unique() && index.unique())) {
                best = index;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Whether the candidate is unique through {@code index}: {@code isUnique} in analyzeShardKey's answer. */
    static boolean isUnique(IndexSpec index, ShardKeyPattern candidate) {
        return index.key().size() == candidate.arity() && index.unique();
    }

    static Optional<IndexSpec> forMonotonicity(
            List<IndexSpec> indexes, ShardKeyPattern candidate, Predicate<IndexSpec> multikey) {
        for (IndexSpec index : indexes) {
            if (!index.clustered() && valuePrefix(candidate, index) && usable(index, multikey)) {
                return Optional.of(index);
            }
        }
        return Optional.empty();
    }

    private static boolean usable(IndexSpec index, Predicate<IndexSpec> multikey) {
        return index.isBtreeOrHashed()
                && !index.sparse()
                && !index.partial()
                && index.simpleCollation()
                && !multikey.test(index);
    }

    private static boolean fieldNamePrefix(ShardKeyPattern candidate, IndexSpec index) {
        List<String> paths = index.paths();
        if (paths.size() < candidate.arity()) {
            return false;
        }
        for (int i = 0; i < candidate.arity(); i++) {
            if (!paths.get(i).equals(candidate.fields().get(i).path())) {
                return false;
            }
        }
        return true;
    }

    private static boolean valuePrefix(ShardKeyPattern candidate, IndexSpec index) {
        if (!fieldNamePrefix(candidate, index)) {
            return false;
        }
        for (KeyField f : candidate.fields()) {
            BsonValue v = index.key().get(f.path());
            boolean hashed = v.isString() && v.asString().getValue().equals("hashed");
            if (hashed != f.hashed()
                    || !hashed && !(v.isNumber() && v.asNumber().doubleValue() == 1)) {
                return false;
            }
        }
        return true;
    }
}
