package io.shardlab.bson;

import org.bson.BsonDocument;
import org.bson.BsonValue;

/** A dotted path into a document, e.g. {@code "keyCharacteristics.numDistinctValues"}, read field by field. */
public final class DottedPath {

    private DottedPath() {}

    /**
     * The value at {@code path} in {@code document}; null when a field on the way is missing or is not a document
     * (an array is not looked into).
     */
    public static BsonValue valueAt(BsonDocument document, String path) {
        BsonValue v = document;
        for (String part : path.split("\\.")) {
            if (v == null || !v.isDocument()) {
                return null;
            }
            v = v.asDocument().get(part);
        }
        return v;
    }
}
