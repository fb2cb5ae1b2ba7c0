package io.shardlab.advisor;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * One index of a collection, as {@code listIndexes} describes it ({@code {v, key, name, unique,
 * sparse, partialFilterExpression, collation, clustered, ...}}; mongo
 * {@code src/mongo/db/catalog/index_key_validate.cpp} lists the allowed fields). Only what decides
 * whether the index supports a shard key is kept.
 *
 * @param name the index name, e.g. {@code "customerId_1"}
 * @param key the key pattern, e.g. {@code {customerId: 1}} or {@code {_id: "hashed"}}
 * @param unique whether it enforces uniqueness; the {@code _id} index always does (mongo
 *     {@code IndexDescriptor}: {@code _unique = isIdIndex() || infoObj["unique"].trueValue()})
 * @param sparse whether it leaves out documents without the indexed fields
 * @param partial whether it has a {@code partialFilterExpression}
 * @param simpleCollation whether it has no {@code collation} (or the simple one)
 * @param clustered whether it is a clustered collection's clustered index ({@code clustered: true})
 */
public record IndexSpec(
        String name,
        BsonDocument key,
        boolean unique,
        boolean sparse,
        boolean partial,
        boolean simpleCollation,
        boolean clustered) {

    public IndexSpec {
        if (name == null || name.isBlank() || key == null || key.isEmpty()) {
            throw new IllegalArgumentException(
                    "name/key: an index needs a name and a key pattern"); // untranslated: a developer's contract
        }
    }

    /** The always-present {@code _id} index, {@code {v: 2, key: {_id: 1}, name: "_id_"}}. */
    public static IndexSpec idIndex() {
        return new IndexSpec("_id_", new BsonDocument("_id", new BsonInt32(1)), true, false, false, true, false);
    }

    /**
     * The index described by one {@code listIndexes} document.
     *
     * @throws RefusedInput when it has no {@code key} document or {@code name} string
     */
    public static IndexSpec of(BsonDocument listIndexesEntry) {
        BsonValue key = listIndexesEntry.get("key");
        BsonValue name = listIndexesEntry.get("name");
        if (key == null || !key.isDocument() || key.asDocument().isEmpty()) {
            throw new RefusedInput(Message.of("advisor.indexFile.noKey", "{\"customerId\": 1}"));
        }
        if (name == null || !name.isString()) {
            throw new RefusedInput(Message.of("advisor.indexFile.noName", "\"customerId_1\""));
        }
        String n = name.asString().getValue();
        boolean id = n.equals("_id_");
        BsonValue collation = listIndexesEntry.get("collation");
        boolean simple = collation == null
                || !collation.isDocument()
                || collation.asDocument().isEmpty()
                || "simple".equals(locale(collation.asDocument()));
        return new IndexSpec(
                n,
                key.asDocument(),
                id || truthy(listIndexesEntry.get("unique")),
                truthy(listIndexesEntry.get("sparse")),
                listIndexesEntry.containsKey("partialFilterExpression"),
                simple,
                truthy(listIndexesEntry.get("clustered")));
    }

    private static String locale(BsonDocument collation) {
        BsonValue l = collation.get("locale");
        return l != null && l.isString() ? l.asString().getValue() : null;
    }

    private static boolean truthy(BsonValue v) {
        if (v == null) {
            return false;
        }
        if (v.isBoolean()) {
            return v.asBoolean().getValue();
        }
        return v.isNumber() && v.asNumber().doubleValue() != 0;
    }

    /** The key's field paths, in order. */
    public List<String> paths() {
        return new ArrayList<>(key.keySet());
    }

    /**
     * Whether it is a B-tree or hashed index (every key value a number or {@code "hashed"}), the
     * only kinds that can support a shard key (mongo {@code IndexType::INDEX_BTREE},
     * {@code INDEX_HASHED}); text, 2d, 2dsphere and wildcard indexes cannot.
     */
    public boolean isBtreeOrHashed() {
        for (var e : key.entrySet()) {
            BsonValue v = e.getValue();
            if (e.getKey().contains("$**")) {
                return false;
            }
            if (!(v.isNumber() || v.isString() && v.asString().getValue().equals("hashed"))) {
                return false;
            }
        }
        return true;
    }

    /** The hashed field's path, if one is hashed. */
    public Optional<String> hashedPath() {
        for (var e : key.entrySet()) {
            if (e.getValue().isString() && e.getValue().asString().getValue().equals("hashed")) {
                return Optional.of(e.getKey());
            }
        }
        return Optional.empty();
    }
}
