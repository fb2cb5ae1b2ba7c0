package io.shardlab.key;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.bson.BsonPrinter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A shard key pattern: ranged ({@code {a: 1}}), hashed ({@code {a: "hashed"}}) or compound
 * ({@code {a: 1, b: "hashed"}}), with at most one hashed field.
 *
 * <p>Validation follows mongo {@code src/mongo/s/shard_key_pattern.cpp} ({@code parseShardKeyPattern}):
 * the pattern is not empty; each field is {@code 1} or {@code "hashed"}; no empty path parts, no
 * extra dots; no part starting with {@code '$'} except DBRef parts ({@code $id}, {@code $ref},
 * {@code $db}); at most one hashed field.
 *
 * @param fields the fields in pattern order; not empty, at most one hashed
 */
public record ShardKeyPattern(List<KeyField> fields) {

    public ShardKeyPattern {
        if (fields == null || fields.isEmpty()) {
            throw new InvalidShardKeyException("Shard key is empty");
        }
        fields = List.copyOf(fields);
        long hashed = fields.stream().filter(KeyField::hashed).count();
        if (hashed > 1) {
            throw new InvalidShardKeyException("Shard key " + describe(fields)
                    + " can contain at most one 'hashed' field");
        }
        for (KeyField f : fields) {
            validatePath(f.path());
        }
        for (int i = 0; i < fields.size(); i++) {
            for (int j = i + 1; j < fields.size(); j++) {
                if (fields.get(i).path().equals(fields.get(j).path())) {
                    throw new InvalidShardKeyException("Shard key " + describe(fields)
                            + " repeats the field " + fields.get(i).path());
                }
            }
        }
    }

    /**
     * Parses a pattern written as a document, e.g. {@code {a: 1}}, {@code {"user.id": "hashed"}}.
     *
     * @throws io.shardlab.bson.BsonParseException if the text is not a document
     * @throws InvalidShardKeyException if the document is not a valid shard key pattern
     */
    public static ShardKeyPattern parse(String text) {
        return of(BsonLiterals.parseDocument(text));
    }

    /**
     * A pattern from its document form.
     *
     * @throws InvalidShardKeyException with MongoDB's message when the pattern is invalid
     */
    public static ShardKeyPattern of(BsonDocument pattern) {
        if (pattern.isEmpty()) {
            throw new InvalidShardKeyException("Shard key is empty");
        }
        List<KeyField> fields = new ArrayList<>();
        for (Map.Entry<String, BsonValue> e : pattern.entrySet()) {
            BsonValue v = e.getValue();
            boolean hashed = v.isString() && v.asString().getValue().equals("hashed");
            boolean ascending = v.isNumber() && v.asNumber().doubleValue() == 1.0;
            if (!hashed && !ascending) {
                throw new InvalidShardKeyException("Field " + e.getKey() + " can only be 1 or 'hashed'");
            }
            validatePath(e.getKey());
            fields.add(new KeyField(e.getKey(), hashed));
        }
        return new ShardKeyPattern(fields);
    }

    private static void validatePath(String path) {
        if (path.isEmpty()) {
            throw new InvalidShardKeyException("Field " + path + " is empty");
        }
        if (path.startsWith(".") || path.endsWith(".") || path.contains("..")) {
            throw new InvalidShardKeyException("Field " + path + " contains empty parts");
        }
        for (String part : path.split("\\.")) {
            if (part.startsWith("$") && !part.equals("$id") && !part.equals("$ref") && !part.equals("$db")) {
                throw new InvalidShardKeyException("Field " + path + " contains parts that start with '$'");
            }
        }
    }

    /**
     * The shard key of a document, as mongos routes an insert: each field read at its dotted path,
     * a missing field counted as null (4.4+), the hashed field replaced by its {@code hash64}.
     *
     * <p>Rules: mongo {@code src/mongo/s/shard_key_pattern.cpp} ({@code extractShardKeyFromDoc},
     * {@code isValidShardKeyElement}) and {@code src/mongo/db/index/expression_keys_private.cpp}
     * (hashed values: arrays are refused with code 16766).
     *
     * @throws InvalidShardKeyException if a value on a key path is an array
     */
    public ShardKey extractKey(BsonDocument document, ShardKeyHasher hasher) {
        BsonValue[] values = new BsonValue[fields.size()];
        for (int i = 0; i < values.length; i++) {
            KeyField field = fields.get(i);
            BsonValue v = valueAt(document, field.path());
            if (v.isArray()) {
                throw new InvalidShardKeyException(field.hashed()
                        ? "hashed indexes do not currently support array values. Found array at path: " + field.path()
                        : "Shard key cannot contain array values or array descendants. Found array at path: "
                                + field.path());
            }
            values[i] = field.hashed() ? new org.bson.BsonInt64(hasher.hash64(v)) : v;
        }
        return ShardKey.of(values);
    }

    /**
     * The value at a dotted path, null ({@link org.bson.BsonNull}) when missing. An array met on the
     * way is returned as is, so the caller can refuse it.
     */
    static BsonValue valueAt(BsonDocument document, String path) {
        BsonValue current = document;
        int start = 0;
        while (true) {
            int dot = path.indexOf('.', start);
            String part = dot < 0 ? path.substring(start) : path.substring(start, dot);
            if (current.isArray()) {
                return current;
            }
            if (!current.isDocument()) {
                return org.bson.BsonNull.VALUE;
            }
            BsonValue next = current.asDocument().get(part);
            if (next == null) {
                return org.bson.BsonNull.VALUE;
            }
            if (dot < 0) {
                return next;
            }
            current = next;
            start = dot + 1;
        }
    }

    /** Number of fields. */
    public int arity() {
        return fields.size();
    }

    /** Index of the hashed field, or -1 when the pattern has none. */
    public int hashedFieldIndex() {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).hashed()) {
                return i;
            }
        }
        return -1;
    }

    /** True when one field is hashed. */
    public boolean isHashed() {
        return hashedFieldIndex() >= 0;
    }

    /** True when the first field is hashed (a "hashed prefix"), e.g. {@code {a: "hashed", b: 1}}. */
    public boolean hasHashedPrefix() {
        return fields.get(0).hashed();
    }

    /** The index of the field with {@code path}, or -1. */
    public int indexOf(String path) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).path().equals(path)) {
                return i;
            }
        }
        return -1;
    }

    /** The lower bound of the first chunk: every field MinKey. */
    public ShardKey globalMin() {
        return ShardKey.globalMin(arity());
    }

    /** The upper bound of the last chunk: every field MaxKey. */
    public ShardKey globalMax() {
        return ShardKey.globalMax(arity());
    }

    /** The document form, e.g. {@code {a: 1, b: "hashed"}}. */
    public BsonDocument toDocument() {
        BsonDocument d = new BsonDocument();
        for (KeyField f : fields) {
            d.append(f.path(), f.hashed() ? new BsonString("hashed") : new BsonInt32(1));
        }
        return d;
    }

    /** mongosh text, e.g. {@code { a: 1, b: 'hashed' }}. */
    @Override
    public String toString() {
        return BsonPrinter.shell(toDocument());
    }

    private static String describe(List<KeyField> fields) {
        StringBuilder b = new StringBuilder("{ ");
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(fields.get(i).path()).append(": ").append(fields.get(i).hashed() ? "\"hashed\"" : "1");
        }
        return b.append(" }").toString();
    }
}
