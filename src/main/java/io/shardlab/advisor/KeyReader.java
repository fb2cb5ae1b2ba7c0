package io.shardlab.advisor;

import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyHasher;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
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
 * Reads candidate keys' values out of the stored documents without decoding whole documents: only the
 * top-level fields the keys' paths start with are decoded, the others skipped. Given several candidates,
 * each document's fields are decoded once for all of them (the last document read is kept).
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
    private final List<ShardKeyPattern> patterns;
    private final ShardKeyHasher hasher = new ShardKeyHasher();
    private final BsonValueCodec codec = new BsonValueCodec();
    private final DecoderContext context = DecoderContext.builder().build();
    /** Distinct first path parts of every candidate's fields. */
    private final String[] heads;
    /** Per candidate and key field, the index of its first part in {@link #heads} and the rest of its path. */
    private final int[][] headOf;

    private final String[][][] tails;
    private final BsonValue[] headValues;
    private final long[][] missing;
    /** The document whose fields {@link #headValues} hold, or -1. */
    private int documentRead = -1;

    /** A reader of one candidate's values. */
    KeyReader(Sample sample, ShardKeyPattern pattern) {
        this(sample, List.of(pattern));
    }

    /** A reader of several candidates' values, each document's fields decoded once for all of them. */
    KeyReader(Sample sample, List<ShardKeyPattern> patterns) {
        this.sample = sample;
        this.patterns = List.copyOf(patterns);
        List<String> distinctHeads = new ArrayList<>();
        headOf = new int[patterns.size()][];
        tails = new String[patterns.size()][][];
        missing = new long[patterns.size()][];
        for (int p = 0; p < patterns.size(); p++) {
            ShardKeyPattern pattern = patterns.get(p);
            int n = pattern.arity();
            headOf[p] = new int[n];
            tails[p] = new String[n][];
            missing[p] = new long[n];
            for (int i = 0; i < n; i++) {
                String[] parts = pattern.fields().get(i).path().split("\\.");
                int h = distinctHeads.indexOf(parts[0]);
                if (h < 0) {
                    h = distinctHeads.size();
                    distinctHeads.add(parts[0]);
                }
                headOf[p][i] = h;
                tails[p][i] = Arrays.copyOfRange(parts, 1, parts.length);
            }
        }
        heads = distinctHeads.toArray(new String[0]);
        headValues = new BsonValue[heads.length];
    }

    /** The (first) candidate's values of document {@code doc} as stored, field by field (missing fields as null). */
    BsonValue[] originalValues(int doc) {
        readHeads(doc);
        BsonValue[] values = new BsonValue[patterns.get(0).arity()];
        for (int i = 0; i < values.length; i++) {
            values[i] = resolve(doc, 0, i, false);
        }
        return values;
    }

    /** The key mongos routes document {@code doc} by, for the (first) candidate: hashed field hashed. Counts missing fields. */
    ShardKey routingKey(int doc) {
        return routingKey(doc, 0);
    }

    /** The key mongos routes document {@code doc} by for candidate {@code candidate}: hashed field hashed. Counts missing fields. */
    ShardKey routingKey(int doc, int candidate) {
        readHeads(doc);
        ShardKeyPattern pattern = patterns.get(candidate);
        BsonValue[] values = new BsonValue[pattern.arity()];
        for (int i = 0; i < values.length; i++) {
            BsonValue v = resolve(doc, candidate, i, true);
            values[i] = pattern.fields().get(i).hashed() ? new BsonInt64(hasher.hash64(v)) : v;
        }
        return ShardKey.of(values);
    }

    /** The shard-key document of document {@code doc} with the (first) candidate's original (unhashed) values. */
    BsonDocument originalKeyDocument(int doc) {
        return ShardKey.of(originalValues(doc)).toDocument(patterns.get(0));
    }

    /** Per key field of the (first) candidate, how many {@link #routingKey} calls met a missing field. */
    long[] missingCounts() {
        return missingCounts(0);
    }

    /** Per key field of candidate {@code candidate}, how many routing keys met a missing field. */
    long[] missingCounts(int candidate) {
        return missing[candidate].clone();
    }

    private void readHeads(int doc) {
        if (doc == documentRead) {
            return;
        }
        documentRead = -1;
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
        documentRead = doc;
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

    private BsonValue resolve(int doc, int candidate, int field, boolean countMissing) {
        ShardKeyPattern pattern = patterns.get(candidate);
        KeyField f = pattern.fields().get(field);
        BsonValue v = headValues[headOf[candidate][field]];
        if (v == null) {
            return missingValue(candidate, field, countMissing);
        }
        String[] tail = tails[candidate][field];
        int depth = 0;
        while (true) {
            if (v.isArray()) {
                String[] parts = f.path().split("\\.");
                String at = String.join(".", Arrays.copyOfRange(parts, 0, depth + 1));
                throw new RefusedInput(Message.of(
                        "advisor.sample.arrayInKey",
                        pattern.toString(),
                        doc + 1,
                        sample.documents().position(doc),
                        sample.source(),
                        at,
                        ShardKeyPattern.ARRAY_IN_SHARD_KEY));
            }
            if (depth == tail.length) {
                return v;
            }
            if (!v.isDocument()) {
                return missingValue(candidate, field, countMissing);
            }
            BsonValue next = v.asDocument().get(tail[depth]);
            if (next == null) {
                return missingValue(candidate, field, countMissing);
            }
            v = next;
            depth++;
        }
    }

    private BsonValue missingValue(int candidate, int field, boolean count) {
        if (count) {
            missing[candidate][field]++;
        }
        return BsonNull.VALUE;
    }
}
