package io.shardlab.advisor;

import org.bson.BsonDocument;

/**
 * One of analyzeShardKey's {@code mostCommonValues}: a shard-key value and how many sampled
 * documents have it.
 *
 * @param value the shard-key document with the documents' own values, e.g. {@code {state: "CA"}};
 *     for a hashed key the original (unhashed) value, as analyzeShardKey looks it up
 * @param frequency the number of sampled documents with that value, at least 1
 */
public record ValueFrequency(BsonDocument value, long frequency) {

    public ValueFrequency {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(
                    "value: a shard-key document is required"); // untranslated: a developer's contract
        }
        if (frequency < 1) {
            throw new IllegalArgumentException(
                    "frequency: at least 1, got " + frequency); // untranslated: a developer's contract
        }
    }
}
