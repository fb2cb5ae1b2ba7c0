package io.shardlab.live;

import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A chunk or zone bound as config documents store it: an object with the shard key's fields in
 * pattern order, e.g. {@code {a: 1, b: MinKey}} for key {@code {a: 1, b: 1}} (mongo
 * {@code ChunkType::validate}: "min and max don't have matching keys").
 */
final class BoundDocument {

    private BoundDocument() {}

    /** The bound as a key, or null when it is not an object with exactly the pattern's fields in order. */
    static ShardKey toKey(BsonValue value, ShardKeyPattern pattern) {
        if (value == null || !value.isDocument()) {
            return null;
        }
        BsonDocument doc = value.asDocument();
        if (doc.size() != pattern.arity()) {
            return null;
        }
        BsonValue[] values = new BsonValue[pattern.arity()];
        int i = 0;
        for (Map.Entry<String, BsonValue> e : doc.entrySet()) {
            if (!e.getKey().equals(pattern.fields().get(i).path())) {
                return null;
            }
            values[i++] = e.getValue();
        }
        return ShardKey.of(values);
    }
}
