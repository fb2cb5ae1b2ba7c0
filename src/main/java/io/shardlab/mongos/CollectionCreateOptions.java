package io.shardlab.mongos;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The options of {@code create} and {@code collMod} that the document store does not keep, per collection: its
 * validator with {@code validationLevel} and {@code validationAction}, and whether it is capped with its
 * {@code size} and {@code max}. They are shown where MongoDB shows them ({@code listCollections}' {@code options})
 * and applied by {@link DocumentValidation} and {@link CappedCollections}.
 *
 * <p>Threading: confined to the command layer's thread.
 */
final class CollectionCreateOptions {

    /**
     * One collection's options.
     *
     * @param validator the validator, or null
     * @param validationLevel {@code strict}, {@code moderate} or {@code off}
     * @param validationAction {@code error} or {@code warn}
     * @param cappedSize the capped collection's size in bytes, or 0 when not capped
     * @param cappedMax the capped collection's most documents, or 0 for no limit
     */
    record Options(
            BsonDocument validator, String validationLevel, String validationAction, long cappedSize, long cappedMax) {

        static final Options NONE = new Options(null, "strict", "error", 0, 0);

        boolean capped() {
            return cappedSize > 0;
        }

        /** The options as {@code listCollections} shows them, in MongoDB's order. */
        BsonDocument shown() {
            BsonDocument out = new BsonDocument();
            if (capped()) {
                out.append("capped", BsonBoolean.TRUE).append("size", number(cappedSize));
                if (cappedMax > 0) {
                    out.append("max", number(cappedMax));
                }
            }
            if (validator != null) {
                out.append("validator", validator)
                        .append("validationLevel", new BsonString(validationLevel))
                        .append("validationAction", new BsonString(validationAction));
            }
            return out;
        }

        /** {@code BSONObjBuilder::appendNumber}: an int when it fits. */
        private static BsonValue number(long n) {
            return n == (int) n ? new BsonInt32((int) n) : new BsonInt64(n);
        }

        Options withValidation(BsonDocument newValidator, String level, String action) {
            return new Options(newValidator, level, action, cappedSize, cappedMax);
        }

        Options withCap(long size, long max) {
            return new Options(validator, validationLevel, validationAction, size, max);
        }
    }

    private final Map<String, Options> byNamespace = new HashMap<>();

    /** The options of {@code db.coll}; {@link Options#NONE} for a collection created without any. */
    Options of(String db, String coll) {
        return byNamespace.getOrDefault(db + "." + coll, Options.NONE);
    }

    /** Whether {@code db.coll} was given options the store does not keep. */
    Optional<Options> kept(String db, String coll) {
        return Optional.ofNullable(byNamespace.get(db + "." + coll));
    }

    void set(String db, String coll, Options options) {
        byNamespace.put(db + "." + coll, options);
    }

    /** The collection was dropped (or renamed away). */
    void forget(String db, String coll) {
        byNamespace.remove(db + "." + coll);
    }

    /** The database was dropped. */
    void forgetDatabase(String db) {
        byNamespace.keySet().removeIf(ns -> ns.startsWith(db + "."));
    }
}
