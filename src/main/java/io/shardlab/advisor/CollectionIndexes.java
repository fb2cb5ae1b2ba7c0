package io.shardlab.advisor;

import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * The indexes of the collection a sample stands for: declared ({@code listIndexes} of a live
 * collection, or an export beside a dataset file, see {@link IndexListFile}) or, when nothing is
 * declared, assumed.
 *
 * <p>When nothing is declared, ShardLab assumes the {@code _id} index plus, for each candidate, the
 * non-unique index {@code createIndex(<candidate>)} that analyzeShardKey needs before it can measure
 * a key (docs {@code analyzeShardKey}: "the shard key must have a supporting index"). So without
 * declared indexes only a key led by {@code _id} is {@code isUnique}.
 *
 * @param indexes the declared indexes, in {@code listIndexes} order (empty when not declared)
 * @param declared whether they were declared
 * @param source where they came from, for reports, e.g. {@code "orders.jsonl.indexes.json"}; empty
 *     when not declared
 */
public record CollectionIndexes(List<IndexSpec> indexes, boolean declared, String source) {

    public CollectionIndexes {
        indexes = List.copyOf(indexes);
        if (source == null) {
            throw new IllegalArgumentException(
                    "source: required (empty when not declared)"); // untranslated: a developer's contract
        }
        if (!declared && !indexes.isEmpty()) {
            throw new IllegalArgumentException(
                    "indexes: only declared indexes are listed"); // untranslated: a developer's contract
        }
    }

    /** No declaration: indexes are assumed per candidate. */
    public static CollectionIndexes undeclared() {
        return new CollectionIndexes(List.of(), false, "");
    }

    /** The indexes listed in {@code source}. */
    public static CollectionIndexes declared(List<IndexSpec> indexes, String source) {
        return new CollectionIndexes(indexes, true, source);
    }

    /** The indexes in force when {@code candidate} is analysed: the declared ones, or the assumed ones. */
    public List<IndexSpec> forCandidate(ShardKeyPattern candidate) {
        if (declared) {
            return indexes;
        }
        List<IndexSpec> assumed = new ArrayList<>(List.of(IndexSpec.idIndex()));
        BsonDocument key = new BsonDocument();
        StringBuilder name = new StringBuilder();
        for (KeyField f : candidate.fields()) {
            key.append(f.path(), f.hashed() ? new BsonString("hashed") : new BsonInt32(1));
            name.append(name.length() == 0 ? "" : "_")
                    .append(f.path())
                    .append('_')
                    .append(f.hashed() ? "hashed" : "1");
        }
        if (!key.equals(IndexSpec.idIndex().key())) {
            assumed.add(new IndexSpec(name.toString(), key, false, false, false, true, false));
        }
        return assumed;
    }

    /** Whether the collection is clustered (its {@code listIndexes} shows a {@code clustered: true} index). */
    public boolean clustered() {
        return indexes.stream().anyMatch(IndexSpec::clustered);
    }
}
