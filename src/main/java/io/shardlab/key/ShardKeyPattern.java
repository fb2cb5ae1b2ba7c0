package io.shardlab.key;

import io.shardlab.bson.BsonLiterals;
import io.shardlab.bson.BsonPrinter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A shard key pattern: ranged ({@code {a: 1}}), hashed ({@code {a: "hashed"}}) or compound
 * ({@code {a: 1, b: "hashed"}}), with at most one hashed field.
 *
 * <p>Validation is mongo's {@code parseShardKeyPattern} (current {@code shard_key_pattern.cpp},
 * under {@code src/mongo/db/global_catalog/}, formerly {@code src/mongo/s/}), field by field in
 * pattern order, and the first failure wins, with MongoDB's messages (error code BadValue):
 * <ol>
 *   <li>{@code Shard key is empty} for {@code {}};</li>
 *   <li>{@code Field <f> is empty} for the field name {@code ""};</li>
 *   <li>then part by part of the dotted path: {@code Field <f> contains empty parts}
 *       ({@code "a..b"}, {@code ".a"}, {@code "a."}) and {@code Field <f> contains parts that start
 *       with '$'}, except {@code $id}, {@code $ref} and {@code $db} after the first part (DBRef
 *       fields);</li>
 *   <li>then the value: {@code "hashed"} counts as the hashed field, and a second one gives
 *       {@code Shard key <pattern> can contain at most one 'hashed' field. Failed to parse field
 *       <f>}; any other value must be a number whose {@code safeNumberInt()} is 1 (so {@code 1},
 *       {@code 1.0}, {@code NumberLong(1)}, and also {@code 1.5}, which truncates to 1), else
 *       {@code Shard key <pattern> is invalid. Non-hashed fields must be set to a value of 1
 *       (ascending). Failed to parse field <f>}.</li>
 * </ol>
 * Two limits come from outside {@code parseShardKeyPattern}, checked before it, as the server meets
 * them first:
 * <ul>
 *   <li>a field name with a NUL character cannot be a BSON field name at all (BSON field names are
 *       C strings; the driver refuses to encode one, and mongo's {@code FieldRef} refuses it, error
 *       9867600, {@code src/mongo/db/field_ref_test.cpp} {@code ConstructorRejectsEmbeddedNullChars});
 *       the message is ShardLab's: {@code Field <f> contains a NUL character, which a BSON field
 *       name cannot hold};</li>
 *   <li>more than {@value #MAX_FIELDS} fields: the shard key's index cannot be built, {@code too many
 *       compound keys} (error 13103, {@code Ordering::make}, {@code kMaxCompoundIndexKeys} = 32, mongo
 *       {@code src/mongo/bson/ordering.h}), with the count prepended.</li>
 * </ul>
 * {@code <pattern>} is the pattern as the server prints it ({@link BsonPrinter#serverString}).
 * These are the rules and messages of the newest source read (the file under
 * {@code db/global_catalog/}, SPDX-headed). The release before said {@code Shard key
 * <pattern>numerical fields must be set to a value of 1 (ascending)} (no space, no "is invalid").
 * An earlier 4.4+ source had no '$' check and joined the last two
 * messages into one ("can contain at most one 'hashed' field, and/or multiple numerical fields set
 * to a value of 1. Failed to parse field <f>"); 4.2 and older, which allowed only a single-field
 * hashed key, said {@code Field <f> can only be 1 or 'hashed'}. Exactly which release changed each
 * text was not checked; ShardLab uses the newest.
 *
 * @param fields the fields in pattern order; not empty, at most one hashed, no path twice
 */
public record ShardKeyPattern(List<KeyField> fields) {

    /** MongoDB's text when a document's shard-key path meets an array (insert routing, ShardKeyNotFound). */
    public static final String ARRAY_IN_SHARD_KEY = "Shard key cannot contain array values or array descendants.";

    /** The most fields an index, and so a shard key, can have ({@code kMaxCompoundIndexKeys}, ordering.h). */
    public static final int MAX_FIELDS = 32;

    public ShardKeyPattern {
        if (fields == null || fields.isEmpty()) {
            throw new InvalidShardKeyException("Shard key is empty");
        }
        fields = List.copyOf(fields);
        for (KeyField f : fields) {
            requireNoNul(f.path());
        }
        requireAtMostMaxFields(fields.size());
        BsonDocument asDocument = documentOf(fields);
        int hashed = 0;
        Set<String> seen = new HashSet<>();
        for (KeyField f : fields) {
            validatePath(f.path());
            if (f.hashed() && ++hashed > 1) {
                throw tooManyHashed(asDocument, f.path());
            }
            // A BSON document cannot repeat a name here, so MongoDB never meets this case; the record
            // can, and would then lose a field in toDocument(). ShardLab's own rule and message.
            if (!seen.add(f.path())) {
                throw new InvalidShardKeyException("Shard key names the field " + f.path() + " twice");
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
     * A pattern from its document form, validated as {@code parseShardKeyPattern} does.
     *
     * @throws InvalidShardKeyException with MongoDB's message when the pattern is invalid
     */
    public static ShardKeyPattern of(BsonDocument pattern) {
        if (pattern.isEmpty()) {
            throw new InvalidShardKeyException("Shard key is empty");
        }
        for (String path : pattern.keySet()) {
            requireNoNul(path);
        }
        requireAtMostMaxFields(pattern.size());
        List<KeyField> fields = new ArrayList<>();
        int hashedCount = 0;
        for (Map.Entry<String, BsonValue> e : pattern.entrySet()) {
            String path = e.getKey();
            validatePath(path);
            BsonValue v = e.getValue();
            boolean hashed = v.isString() && v.asString().getValue().equals("hashed");
            if (hashed) {
                if (++hashedCount != 1) {
                    throw tooManyHashed(pattern, path);
                }
            } else if (!(v.isNumber() && ShardKeyHasher.safeNumberLongForHash(v) == 1)) {
                // safeNumberInt() == 1: safeNumberInt clamps safeNumberLong() to int, and
                // safeNumberLongForHash differs from safeNumberLong only for the double 2^63
                throw new InvalidShardKeyException("Shard key " + BsonPrinter.serverString(pattern)
                        + " is invalid. Non-hashed fields must be set to a value of 1 (ascending). Failed to parse field "
                        + path);
            }
            fields.add(new KeyField(path, hashed));
        }
        return new ShardKeyPattern(fields);
    }

    private static InvalidShardKeyException tooManyHashed(BsonDocument pattern, String path) {
        return new InvalidShardKeyException("Shard key " + BsonPrinter.serverString(pattern)
                + " can contain at most one 'hashed' field. Failed to parse field " + path);
    }

    private static void requireAtMostMaxFields(int count) {
        if (count > MAX_FIELDS) {
            throw new InvalidShardKeyException("Shard key has " + count + " fields, at most " + MAX_FIELDS
                    + " are allowed: too many compound keys");
        }
    }

    private static void requireNoNul(String path) {
        if (path.indexOf('\0') >= 0) {
            throw new InvalidShardKeyException("Field " + path.replace("\0", "\\0")
                    + " contains a NUL character, which a BSON field name cannot hold");
        }
    }

    /** The path checks of {@code parseShardKeyPattern} ({@code FieldRef} parts, in order). */
    private static void validatePath(String path) {
        requireNoNul(path);
        if (path.isEmpty()) {
            throw new InvalidShardKeyException("Field " + path + " is empty");
        }
        String[] parts = path.split("\\.", -1);
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            if (part.isEmpty()) {
                throw new InvalidShardKeyException("Field " + path + " contains empty parts");
            }
            boolean dbRefPart = i != 0 && (part.equals("$db") || part.equals("$id") || part.equals("$ref"));
            if (part.startsWith("$") && !dbRefPart) {
                throw new InvalidShardKeyException("Field " + path + " contains parts that start with '$'");
            }
        }
    }

    /**
     * The shard key of a document, as mongos routes an insert ({@code extractShardKeyFromDoc}):
     * each field read at its dotted path without traversing arrays ({@code getFieldDottedOrArray}),
     * a missing field (or a path through a non-document) counted as null (4.4+), the hashed field
     * replaced by {@code NumberLong(hash64(value))}.
     *
     * @throws InvalidShardKeyException if the path meets an array, at the end or on the way; the
     *     message is mongos's {@value #ARRAY_IN_SHARD_KEY} followed by {@code Found array at path:
     *     <prefix>}, the wording the shard's hashed-index error 16766 uses for the same condition
     *     ({@code src/mongo/db/index/expression_keys_private.cpp}), to name the path
     */
    public ShardKey extractKey(BsonDocument document, ShardKeyHasher hasher) {
        BsonValue[] values = new BsonValue[fields.size()];
        for (int i = 0; i < values.length; i++) {
            KeyField field = fields.get(i);
            BsonValue v = valueAt(document, field.path());
            values[i] = field.hashed() ? new BsonInt64(hasher.hash64(v)) : v;
        }
        return ShardKey.of(values);
    }

    /**
     * The value at a dotted path, {@link BsonNull} when missing or when the path runs through a
     * value that is not a document.
     *
     * @throws InvalidShardKeyException when the path meets an array
     */
    static BsonValue valueAt(BsonDocument document, String path) {
        BsonValue current = document;
        int start = 0;
        while (true) {
            int dot = path.indexOf('.', start);
            String part = dot < 0 ? path.substring(start) : path.substring(start, dot);
            if (!current.isDocument()) {
                return BsonNull.VALUE;
            }
            BsonValue next = current.asDocument().get(part);
            if (next == null) {
                return BsonNull.VALUE;
            }
            if (next.isArray()) {
                String prefix = dot < 0 ? path : path.substring(0, dot);
                throw new InvalidShardKeyException(ARRAY_IN_SHARD_KEY + " Found array at path: " + prefix);
            }
            if (dot < 0) {
                return next;
            }
            current = next;
            start = dot + 1;
        }
    }

    // ---- values MongoDB accepts as stored bounds -------------------------------------------------

    /**
     * {@code ShardKeyPattern::isValidShardKeyElementForStorage}: a value that may be stored in a
     * chunk or zone bound (split points, {@code updateZoneKeyRange}, {@code refineCollectionShardKey}
     * bounds). Arrays and regular expressions are refused, and so is a document that fails
     * {@code BSONObj::storageValidEmbedded} (a '$'-prefixed field name, except a leading DBRef
     * {@code $ref} (string), {@code $id}, optional {@code $db} (string)). Undefined, MinKey, MaxKey
     * and every other type are accepted. Source: mongo {@code shard_key_pattern.cpp} and
     * {@code src/mongo/bson/bsonobj.cpp}.
     */
    public static boolean isValidShardKeyElementForStorage(BsonValue value) {
        return switch (value.getBsonType()) {
            case ARRAY, REGULAR_EXPRESSION, END_OF_DOCUMENT -> false;
            case DOCUMENT -> storageValidEmbedded(named(value.asDocument()));
            default -> true;
        };
    }

    /**
     * {@code ShardKeyPattern::checkShardKeyIsValidForMetadataStorage}: every field of a bound
     * document must pass {@link #isValidShardKeyElementForStorage}.
     *
     * @throws InvalidShardKeyException {@code Shard key element <name: value> is not valid for
     *     storage}, MongoDB's message (BadValue)
     */
    public static void checkShardKeyIsValidForMetadataStorage(BsonDocument shardKey) {
        for (Map.Entry<String, BsonValue> e : shardKey.entrySet()) {
            if (!isValidShardKeyElementForStorage(e.getValue())) {
                throw new InvalidShardKeyException("Shard key element "
                        + BsonPrinter.serverString(e.getKey(), e.getValue()) + " is not valid for storage");
            }
        }
    }

    /** {@link #checkShardKeyIsValidForMetadataStorage} of a key with this pattern's field names. */
    public void checkValidForMetadataStorage(ShardKey key) {
        checkShardKeyIsValidForMetadataStorage(key.toDocument(this));
    }

    private record Named(String name, BsonValue value) {}

    private static List<Named> named(BsonDocument document) {
        List<Named> out = new ArrayList<>(document.size());
        document.forEach((k, v) -> out.add(new Named(k, v)));
        return out;
    }

    private static List<Named> named(BsonArray array) {
        List<Named> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            out.add(new Named(Integer.toString(i), array.get(i)));
        }
        return out;
    }

    /** {@code BSONObj::storageValidEmbedded}, step for step (its lookahead consumes elements). */
    private static boolean storageValidEmbedded(List<Named> elements) {
        int i = 0;
        boolean first = true;
        while (i < elements.size()) {
            Named e = elements.get(i++);
            if (e.name().startsWith("$")) {
                boolean dbRef = first
                        && e.name().equals("$ref")
                        && e.value().isString()
                        && nameAt(elements, i++).equals("$id");
                if (!dbRef) {
                    return false;
                }
                first = false;
                Named third = i < elements.size() ? elements.get(i) : null;
                i++;
                String thirdName = third == null ? "" : third.name();
                if (thirdName.equals("$db") && third.value().isString()) {
                    continue;
                }
                if (thirdName.startsWith("$")) {
                    return false;
                }
                e = third;
            }
            if (e != null && !embeddedValid(e.value())) {
                return false;
            }
            first = false;
        }
        return true;
    }

    private static String nameAt(List<Named> elements, int index) {
        return index < elements.size() ? elements.get(index).name() : "";
    }

    private static boolean embeddedValid(BsonValue value) {
        return switch (value.getBsonType()) {
            case DOCUMENT -> storageValidEmbedded(named(value.asDocument()));
            case ARRAY -> storageValidEmbedded(named(value.asArray()));
            case JAVASCRIPT_WITH_SCOPE ->
                storageValidEmbedded(named(value.asJavaScriptWithScope().getScope()));
            default -> true;
        };
    }

    // ---- accessors --------------------------------------------------------------------------------

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
        return documentOf(fields);
    }

    private static BsonDocument documentOf(List<KeyField> fields) {
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
}
