package io.shardlab.mongos;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.MongoVersion;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonNumber;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Whether a collection's indexes can support a shard key, as {@code shardCollection} and
 * {@code refineCollectionShardKey} check it: mongo {@code src/mongo/db/s/shard_key_util.cpp}
 * ({@code validShardKeyIndexExists}, {@code validateShardKeyIndexExistsOrCreateIfPossible}) and, for the last step,
 * {@code checkShardingIndex} / {@code findShardKeyPrefixedIndex} ({@code shard_key_index_util.cpp}); tests
 * {@code shard_key_util_test.cpp}, {@code jstests/sharding/refine_collection_shard_key_basic.js},
 * {@code jstests/core_sharding/ddl/shard_collection_basic.js}.
 *
 * <p>In order: (1) every unique index must have the shard key's fields as its prefix ({@code _id} indexes excepted);
 * (2) a useful index is one whose key starts with the shard key, that is not sparse and has the simple collation (the
 * check reads {@code filter}, a field {@code listIndexes} does not give, so a partial index passes it); (3) with
 * {@code unique}, the useful index must be the shard key exactly and unique (or on {@code _id}); then (2.iii) among
 * the indexes one that starts with the key must be neither partial, sparse, multikey nor of another collation
 * ({@code checkShardingIndex}, "couldn't find valid index for shard key"). Without a useful index,
 * {@code shardCollection} creates one on an empty collection and refuses a non-empty one;
 * {@code refineCollectionShardKey} always refuses. From 7.0 the refusals list the reasons each index failed ("Index
 * key is sparse.", "Index key is partial.", "Index key is multikey.", "Index has a non-simple collation.", "Shard key
 * is not a prefix of index key."); before, they name no reason.
 */
final class ShardKeyIndexRules {

    /** Which command asks. */
    enum Purpose {
        SHARD_COLLECTION,
        REFINE
    }

    private final MongoVersion version;

    ShardKeyIndexRules(MongoVersion version) {
        this.version = version;
    }

    /**
     * Checks the indexes for shard key {@code key} of {@code ns}.
     *
     * @param indexes the collection's index specs ({@link ShardLocalCatalog#indexes})
     * @param documents the collection's documents (for multikey and emptiness)
     * @param unique whether the key is to be unique
     * @return true when the collection has no useful index and {@code shardCollection} must create one (the
     *     collection is then empty)
     * @throws MongoCommandException InvalidOptions with MongoDB's text when the indexes cannot support the key
     */
    boolean mustCreateIndex(
            String ns,
            BsonDocument key,
            List<BsonDocument> indexes,
            List<BsonDocument> documents,
            boolean unique,
            Purpose purpose) {
        boolean reasons = version.atLeast(7, 0);
        // 1. unique indexes
        for (BsonDocument idx : indexes) {
            BsonDocument indexKey = idx.getDocument("key");
            if (idx.getBoolean("unique", BsonBoolean.FALSE).getValue() && !uniquenessCompatible(key, indexKey)) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS,
                        "can't shard collection '" + ns + "' with unique index on " + BsonPrinter.serverString(indexKey)
                                + " and proposed shard key " + BsonPrinter.serverString(key)
                                + ". Uniqueness can't be maintained unless shard key is a prefix");
            }
        }
        // 2. a useful index
        boolean useful = false;
        String allReasons = "";
        for (BsonDocument idx : indexes) {
            boolean sparse = isTrue(idx, "sparse");
            boolean collation = idx.containsKey("collation");
            if (!sparse && !collation && isPrefixOf(key, idx.getDocument("key"))) {
                useful = true;
            }
            String r =
                    (sparse ? " Index key is sparse." : "") + (collation ? " Index has a non-simple collation." : "");
            if (!r.isEmpty()) {
                allReasons = " Index " + idx.getString("name").getValue() + " cannot be used for sharding because [" + r
                        + " ]";
            }
        }
        // 3. a unique key needs its exact index, unique
        if (useful && unique) {
            BsonDocument exact = null;
            for (BsonDocument idx : indexes) {
                if (sameKey(idx.getDocument("key"), key)) {
                    exact = idx;
                    break;
                }
            }
            if (exact == null) {
                useful = false;
            } else if (!isTrue(exact, "unique")
                    && !exact.getDocument("key").getFirstKey().equals("_id")) {
                throw new MongoCommandException(
                        ErrorCode.INVALID_OPTIONS,
                        "can't shard collection " + ns + ", " + BsonPrinter.serverString(key)
                                + " index not unique, and unique index explicitly specified");
            }
        }
        if (useful) {
            checkShardingIndex(key, indexes, documents, reasons);
            return false;
        }
        String suffix = reasons ? ". " + allReasons : "";
        if (purpose == Purpose.REFINE) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_OPTIONS,
                    reasons
                            ? "Please create an index that starts with the proposed shard key before refining the "
                                    + "collection's shard key" + suffix
                            : "Please create an index that starts with the proposed shard key before refining the "
                                    + "shard key of the collection");
        }
        if (!documents.isEmpty()) {
            throw new MongoCommandException(
                    ErrorCode.INVALID_OPTIONS,
                    "Please create an index that starts with the proposed shard key before sharding the collection"
                            + suffix);
        }
        return true;
    }

    /**
     * {@code checkShardingIndex}: an index starting with the key that is not partial, sparse, multikey or of another
     * collation ({@code findShardKeyPrefixedIndex} with {@code requireSingleKey}); the refusal lists each index
     * passed over (7.0+).
     */
    private static void checkShardingIndex(
            BsonDocument key, List<BsonDocument> indexes, List<BsonDocument> documents, boolean reasons) {
        StringBuilder message = new StringBuilder("couldn't find valid index for shard key");
        for (BsonDocument idx : indexes) {
            List<String> why = new ArrayList<>();
            boolean partial = idx.containsKey("partialFilterExpression");
            boolean sparse = isTrue(idx, "sparse");
            boolean prefix = isPrefixOf(key, idx.getDocument("key"));
            boolean simple = !idx.containsKey("collation");
            if (partial) {
                why.add("Index key is partial.");
            }
            if (sparse) {
                why.add("Index key is sparse.");
            }
            if (!prefix) {
                why.add("Shard key is not a prefix of index key.");
            }
            if (why.isEmpty()) {
                if (!isMultikey(idx.getDocument("key"), documents)) {
                    if (simple) {
                        return;
                    }
                } else {
                    why.add("Index key is multikey.");
                }
            }
            if (!simple) {
                why.add("Index has a non-simple collation.");
            }
            message.append('\n')
                    .append("Index ")
                    .append(idx.getString("name").getValue())
                    .append(" cannot be used for sharding because: ")
                    .append(String.join(" ", why));
        }
        throw new MongoCommandException(
                ErrorCode.INVALID_OPTIONS, reasons ? message.toString() : "couldn't find valid index for shard key");
    }

    /**
     * {@code ShardKeyPattern::isUniqueIndexCompatible}: an index on {@code _id} first, or one whose field names start
     * with the shard key's.
     */
    static boolean uniquenessCompatible(BsonDocument shardKey, BsonDocument indexKey) {
        if (!indexKey.isEmpty() && indexKey.getFirstKey().equals("_id")) {
            return true;
        }
        List<String> names = new ArrayList<>(indexKey.keySet());
        List<String> keyNames = new ArrayList<>(shardKey.keySet());
        return names.size() >= keyNames.size()
                && names.subList(0, keyNames.size()).equals(keyNames);
    }

    /** {@code BSONObj::isPrefixOf}: the shard key's fields and values begin the index key. */
    static boolean isPrefixOf(BsonDocument shardKey, BsonDocument indexKey) {
        Iterator<Map.Entry<String, BsonValue>> index = indexKey.entrySet().iterator();
        for (Map.Entry<String, BsonValue> k : shardKey.entrySet()) {
            if (!index.hasNext()) {
                return false;
            }
            Map.Entry<String, BsonValue> i = index.next();
            if (!i.getKey().equals(k.getKey()) || !sameValue(i.getValue(), k.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameKey(BsonDocument a, BsonDocument b) {
        return a.size() == b.size() && isPrefixOf(a, b);
    }

    private static boolean sameValue(BsonValue a, BsonValue b) {
        if (a instanceof BsonNumber x && b instanceof BsonNumber y) {
            return x.doubleValue() == y.doubleValue();
        }
        return a.equals(b);
    }

    private static boolean isTrue(BsonDocument idx, String field) {
        BsonValue v = idx.get(field);
        return v != null
                && (v.isBoolean()
                        ? v.asBoolean().getValue()
                        : v.isNumber() && v.asNumber().doubleValue() != 0);
    }

    /** Whether a document holds an array on the path of one of the index's fields (mongo {@code multikey_paths}). */
    static boolean isMultikey(BsonDocument indexKey, List<BsonDocument> documents) {
        for (String path : indexKey.keySet()) {
            for (BsonDocument d : documents) {
                if (arrayOnPath(d, path.split("\\."), 0)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean arrayOnPath(BsonValue value, String[] path, int at) {
        if (value instanceof BsonArray) {
            return true;
        }
        if (at == path.length || !(value instanceof BsonDocument d)) {
            return false;
        }
        BsonValue next = d.get(path[at]);
        return next != null && arrayOnPath(next, path, at + 1);
    }

    /** A shard key field's value in an index spec is a number or {@code "hashed"}. */
    static boolean isHashed(BsonValue v) {
        return v instanceof BsonString s && s.getValue().equals("hashed");
    }
}
