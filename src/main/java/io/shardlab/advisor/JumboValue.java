package io.shardlab.advisor;

import org.bson.BsonDocument;

/**
 * A shard-key value whose documents alone are more than the maximum chunk size.
 *
 * @param value the shard-key document with the documents' own values
 * @param documents the sampled documents with that value
 * @param estimatedBytes their BSON bytes scaled to the whole collection ({@link Sample#scale()})
 */
public record JumboValue(BsonDocument value, long documents, long estimatedBytes) {

    public JumboValue {
        if (value == null || documents < 1 || estimatedBytes < 0) {
            throw new IllegalArgumentException(
                    "value/documents/estimatedBytes: a value with documents is required"); // untranslated: a
            // developer's contract
        }
    }
}
