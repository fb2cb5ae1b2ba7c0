package io.shardlab.mongos;

import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Dotted paths ({@code a.b.c}) in a stored document, read and written as mongod's update code does: reading stops
 * at a missing field or at a value that is not a document; writing creates the missing documents on the way
 * (mongo {@code src/mongo/db/update/path_support.cpp}, {@code setElementAtPath}).
 */
final class DocumentPaths {

    private DocumentPaths() {}

    /** The value at {@code path}, or empty when a part is missing or crosses a value that is not a document. */
    static Optional<BsonValue> valueAt(BsonDocument document, String path) {
        BsonValue current = document;
        for (String part : path.split("\\.", -1)) {
            if (!current.isDocument() || !current.asDocument().containsKey(part)) {
                return Optional.empty();
            }
            current = current.asDocument().get(part);
        }
        return Optional.of(current);
    }

    /** Whether a part of {@code path} in {@code document} is an array (mongod's {@code assertPathsNotArray}). */
    static boolean crossesArray(BsonDocument document, String path) {
        BsonValue current = document;
        for (String part : path.split("\\.", -1)) {
            if (!current.isDocument() || !current.asDocument().containsKey(part)) {
                return false;
            }
            current = current.asDocument().get(part);
            if (current.isArray()) {
                return true;
            }
        }
        return false;
    }

    /** Sets {@code value} at {@code path}, creating the documents on the way; a part that is not a document is replaced. */
    static void set(BsonDocument document, String path, BsonValue value) {
        String[] parts = path.split("\\.", -1);
        BsonDocument current = document;
        for (int i = 0; i < parts.length - 1; i++) {
            BsonValue next = current.get(parts[i]);
            if (next == null || !next.isDocument()) {
                BsonDocument created = new BsonDocument();
                current.put(parts[i], created);
                current = created;
            } else {
                current = next.asDocument();
            }
        }
        current.put(parts[parts.length - 1], value);
    }

    /** {@code document} with {@code _id} moved to the front (mongo {@code update_util.cpp ensureIdFieldIsFirst}). */
    static BsonDocument idFirst(BsonDocument document) {
        if (!document.containsKey(UpsertSeed.ID) || UpsertSeed.ID.equals(document.getFirstKey())) {
            return document;
        }
        BsonDocument out = new BsonDocument(UpsertSeed.ID, document.get(UpsertSeed.ID));
        document.forEach((k, v) -> {
            if (!UpsertSeed.ID.equals(k)) {
                out.append(k, v);
            }
        });
        return out;
    }
}
