package io.shardlab.advisor;

import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bson.BsonBinaryReader;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.DecoderContext;

/**
 * Reads one candidate key's values out of the stored documents without decoding whole documents:
 * only the top-level fields the key's paths start with are decoded, the others skipped.
 *
 * <p>The values follow how MongoDB indexes a document for its shard key (4.4+): a missing field,
 * or a path through a value that is not a document, counts as null (mongo {@code
 * ShardKeyPattern::extractShardKeyFromDoc}: {@code if (matchEl.eoo()) matchEl = kNullObj...};
 * docs {@code core/sharding-set-missing-shard-key-fields}); an array anywhere on a path is refused,
 * since a shard key cannot hold one. {@link #routingKey} hashes the hashed field as mongos does
 * ({@code NumberLong(hash64(value))}).
 *
 * <p>Not thread-safe (the hasher holds an MD5 digest); one reader per thread.
 */
final class KeyReader {

    private final Sample sample;
    private final ShardKeyPattern pattern;
    private final ShardKeyHasher hasher = new ShardKeyHasher();
    private final BsonValueCodec codec = new BsonValueCodec();
    private final DecoderContext context = DecoderContext.builder().build();
    /** Distinct first path parts, and per key field the index of its first part and the rest of its path. */
    private final String[] heads;

    private final int[] headOf;
    private final String[][] tails;
    private final BsonValue[] headValues;
    private final long[] missing;

    KeyReader(Sample sample, ShardKeyPattern pattern) {
        this.sample = sample;
        this.pattern = pattern;
        List<String> distinctHeads = new ArrayList<>();
        int n = pattern.arity();
        headOf = new int[n];
        tails = new String[n][];
        for (int i = 0; i < n; i++) {
            String[] parts = pattern.fields().get(i).path().split("\\.");
            int h = distinctHeads.indexOf(parts[0]);
            if (h < 0) {
                h = distinctHeads.size();
                distinctHeads.add(parts[0]);
            }
            headOf[i] = h;
            tails[i] = Arrays.copyOfRange(parts, 1, parts.length);
        }
        heads = distinctHeads.toArray(new String[0]);
        headValues = new BsonValue[heads.length];
        missing = new long[n];
    }

    /** The key's values of document {@code doc} as stored, field by field (missing fields as null). */
    BsonValue[] originalValues(int doc) {
        readHeads(doc);
        BsonValue[] values = new BsonValue[pattern.arity()];
        for (int i = 0; i < values.length; i++) {
            values[i] = resolve(doc, i, false);
        }
        return values;
    }

    /** The key mongos routes document {@code doc} by: hashed field hashed. Counts missing fields. */
    ShardKey routingKey(int doc) {
        readHeads(doc);
        BsonValue[] values = new BsonValue[pattern.arity()];
        for (int i = 0; i < values.length; i++) {
            BsonValue v = resolve(doc, i, true);
            values[i] = pattern.fields().get(i).hashed() ? new BsonInt64(hasher.hash64(v)) : v;
        }
        return ShardKey.of(values);
    }

    /** The shard-key document of document {@code doc} with its original (unhashed) values. */
    BsonDocument originalKeyDocument(int doc) {
        return ShardKey.of(originalValues(doc)).toDocument(pattern);
    }

    /** Per key field, how many {@link #routingKey} calls met a missing field. */
    long[] missingCounts() {
        return missing.clone();
    }

    private void readHeads(int doc) {
        Arrays.fill(headValues, null);
        int found = 0;
        try (BsonBinaryReader reader = sample.documents().reader(doc)) {
            reader.readStartDocument();
            while (found < heads.length && reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
                String name = reader.readName();
                int h = indexOfHead(name);
                if (h >= 0 && headValues[h] == null) {
                    headValues[h] = readValue(reader);
                    found++;
                } else {
                    reader.skipValue();
                }
            }
        }
    }

    /** The current value; the common scalar types without the codec registry's lookups. */
    private BsonValue readValue(BsonBinaryReader reader) {
        return switch (reader.getCurrentBsonType()) {
            case INT32 -> new BsonInt32(reader.readInt32());
            case INT64 -> new BsonInt64(reader.readInt64());
            case DOUBLE -> new BsonDouble(reader.readDouble());
            case STRING -> new BsonString(reader.readString());
            case BOOLEAN -> BsonBoolean.valueOf(reader.readBoolean());
            case DATE_TIME -> new BsonDateTime(reader.readDateTime());
            case OBJECT_ID -> new BsonObjectId(reader.readObjectId());
            case NULL -> {
                reader.readNull();
                yield BsonNull.VALUE;
            }
            default -> codec.decode(reader, context);
        };
    }

    private int indexOfHead(String name) {
        for (int h = 0; h < heads.length; h++) {
            if (heads[h].equals(name)) {
                return h;
            }
        }
        return -1;
    }

    private BsonValue resolve(int doc, int field, boolean countMissing) {
        KeyField f = pattern.fields().get(field);
        BsonValue v = headValues[headOf[field]];
        if (v == null) {
            return missingValue(field, countMissing);
        }
        String[] tail = tails[field];
        int depth = 0;
        while (true) {
            if (v.isArray()) {
                String[] parts = f.path().split("\\.");
                String at = String.join(".", Arrays.copyOfRange(parts, 0, depth + 1));
                throw new IllegalArgumentException("candidate " + pattern + ": document " + (doc + 1) + " (line "
                        + sample.documents().position(doc) + " of " + sample.source() + ") has an array at '" + at
                        + "'; " + ShardKeyPattern.ARRAY_IN_SHARD_KEY);
            }
            if (depth == tail.length) {
                return v;
            }
            if (!v.isDocument()) {
                return missingValue(field, countMissing);
            }
            BsonValue next = v.asDocument().get(tail[depth]);
            if (next == null) {
                return missingValue(field, countMissing);
            }
            v = next;
            depth++;
        }
    }

    private BsonValue missingValue(int field, boolean count) {
        if (count) {
            missing[field]++;
        }
        return BsonNull.VALUE;
    }
}
