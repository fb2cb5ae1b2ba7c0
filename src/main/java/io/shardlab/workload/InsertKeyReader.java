package io.shardlab.workload;

import io.shardlab.key.InvalidShardKeyException;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The shard key of each document of an insert stream, refusing a document that cannot be routed
 * as intended instead of dropping it or guessing:
 * <ul>
 *   <li>a document without a field of the key is refused. (MongoDB 4.4+ would store it under a
 *       null key value, docs {@code core/sharding-set-missing-shard-key-fields}; in a workload or
 *       dataset it is almost always a misspelt key, so ShardLab asks for the field instead.)</li>
 *   <li>an array on a key path is refused with MongoDB's own message (see
 *       {@link ShardKeyPattern#extractKey}: a shard key cannot hold an array).</li>
 * </ul>
 * Errors name the stream's source and the document's line or ordinal. Not thread-safe (the hasher
 * holds an MD5 digest).
 */
public final class InsertKeyReader {

    private final ShardKeyPattern pattern;
    private final ShardKeyHasher hasher;
    private final String[][] paths;

    /** Reads keys of {@code pattern}, hashing with {@code hasher}. */
    public InsertKeyReader(ShardKeyPattern pattern, ShardKeyHasher hasher) {
        this.pattern = pattern;
        this.hasher = hasher;
        this.paths = new String[pattern.arity()][];
        for (int i = 0; i < paths.length; i++) {
            paths[i] = pattern.fields().get(i).path().split("\\.");
        }
    }

    /** The pattern keys are read for. */
    public ShardKeyPattern pattern() {
        return pattern;
    }

    /**
     * The shard key of {@code document}, read from {@code source}.
     *
     * @throws DatasetException if a key field is missing or holds an array
     */
    public ShardKey keyOf(InsertDocument document, String source) {
        BsonDocument doc = document.document();
        for (int i = 0; i < paths.length; i++) {
            if (!present(doc, paths[i])) {
                KeyField field = pattern.fields().get(i);
                throw new DatasetException(
                        source,
                        document.position(),
                        Message.of(
                                "workload.dataset.noKeyField",
                                field.path(),
                                pattern.toString(),
                                String.join(", ", doc.keySet())));
            }
        }
        try {
            return pattern.extractKey(doc, hasher);
        } catch (InvalidShardKeyException e) {
            throw new DatasetException(source, document.position(), RefusedInput.said(e));
        }
    }

    /** Whether the path leads to a value; an array on the way counts as present (extractKey refuses it). */
    private static boolean present(BsonDocument document, String[] path) {
        BsonValue current = document;
        for (String part : path) {
            if (current.isArray()) {
                return true;
            }
            if (!current.isDocument()) {
                return false;
            }
            current = current.asDocument().get(part);
            if (current == null) {
                return false;
            }
        }
        return true;
    }
}
