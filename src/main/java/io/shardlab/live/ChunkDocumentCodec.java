package io.shardlab.live;

import io.shardlab.bson.BsonPrinter;
import io.shardlab.cluster.Chunk;
import io.shardlab.cluster.ChunkVersion;
import io.shardlab.key.KeyField;
import io.shardlab.key.ShardKey;
import io.shardlab.key.ShardKeyPattern;
import io.shardlab.text.Message;
import java.time.Instant;
import java.util.List;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonReader;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.BsonWriter;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;

/**
 * Decodes a config.chunks document straight into a ShardLab {@link Chunk}, without building an
 * intermediate document: the reader walks the BSON once and keeps only {@code min}, {@code max},
 * {@code shard}, {@code lastmod} and {@code jumbo}.
 *
 * <p>The rules are MongoDB's {@code ChunkType::parseFromConfigBSON} (mongo
 * {@code src/mongo/s/catalog/type_chunk.cpp}): {@code shard} is a string; {@code lastmod} is a
 * Timestamp (or a Date read as the same 64 bits) whose seconds are the major and increment the
 * minor version; {@code min} and {@code max} are non-empty objects with the same fields and
 * {@code min < max}; {@code jumbo} is a boolean that defaults to false. Here the bound fields must
 * also be the shard key's fields in order. A document that breaks a rule decodes to a
 * {@link ChunkDocument} with a problem instead of a chunk, so one bad document never aborts a read.
 * {@code estimatedDataSizeBytes}, when present and a number, is kept with the chunk
 * ({@code parseFromConfigBSON} reads it with {@code safeNumberLong()}). So is the time the chunk came to its shard:
 * {@code onCurrentShardSince} when it is a Timestamp, else the {@code validAfter} Timestamp of the first
 * {@code history} entry ({@link ChunkDocument#onCurrentShardSince()}); neither is a reason to refuse the chunk.
 *
 * <p>Encoding is not supported: ShardLab never writes chunks.
 */
public final class ChunkDocumentCodec implements Codec<ChunkDocument> {

    private static final BsonValue MIN_KEY = new BsonMinKey();
    private static final BsonValue MAX_KEY = new BsonMaxKey();
    private static final BsonValueCodec VALUE_CODEC = new BsonValueCodec();
    private static final DecoderContext CONTEXT = DecoderContext.builder().build();

    private final String namespace;
    private final String[] fields;
    private final String keyText;

    /** A codec for the chunks of {@code namespace}, whose bounds follow {@code pattern}. */
    public ChunkDocumentCodec(String namespace, ShardKeyPattern pattern) {
        this.namespace = namespace;
        List<KeyField> keyFields = pattern.fields();
        this.fields = new String[keyFields.size()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = keyFields.get(i).path();
        }
        this.keyText = pattern.toString();
    }

    @Override
    public ChunkDocument decode(BsonReader reader, DecoderContext decoderContext) {
        reader.readStartDocument();
        BsonValue id = null;
        ShardKey min = null;
        ShardKey max = null;
        String shard = null;
        ChunkVersion version = null;
        boolean jumbo = false;
        Long estimatedDataSizeBytes = null;
        Instant onCurrentShardSince = null;
        Instant firstValidAfter = null;
        Message problem = null;
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String name = reader.readName();
            switch (name) {
                case "_id" -> id = readValue(reader);
                case "min", "max" -> {
                    if (reader.getCurrentBsonType() != BsonType.DOCUMENT) {
                        problem = first(
                                problem,
                                Message.of(
                                        "live.chunkDoc.notObject", name, String.valueOf(reader.getCurrentBsonType())));
                        reader.skipValue();
                        break;
                    }
                    Bound bound = readBound(reader, name);
                    if (bound.problem != null) {
                        problem = first(problem, bound.problem);
                    } else if (name.equals("min")) {
                        min = bound.key;
                    } else {
                        max = bound.key;
                    }
                }
                case "shard" -> {
                    if (reader.getCurrentBsonType() == BsonType.STRING) {
                        shard = reader.readString();
                    } else {
                        problem = first(problem, skippedAsWrongType(reader, "live.chunkDoc.shardNotString"));
                    }
                }
                case "lastmod" -> {
                    BsonType type = reader.getCurrentBsonType();
                    long bits;
                    if (type == BsonType.TIMESTAMP) {
                        bits = reader.readTimestamp().getValue();
                    } else if (type == BsonType.DATE_TIME) {
                        bits = reader.readDateTime();
                    } else {
                        problem = first(problem, skippedAsWrongType(reader, "live.chunkDoc.lastmodNotTimestamp"));
                        break;
                    }
                    long major = bits >>> 32;
                    long minor = bits & 0xFFFFFFFFL;
                    if (major > Integer.MAX_VALUE || minor > Integer.MAX_VALUE) {
                        problem = first(
                                problem,
                                Message.of("live.chunkDoc.lastmodOutOfRange", String.valueOf(new BsonTimestamp(bits))));
                    } else {
                        version = new ChunkVersion((int) major, (int) minor);
                    }
                }
                case "estimatedDataSizeBytes" -> {
                    BsonValue size = readValue(reader);
                    if (size.isNumber()) {
                        estimatedDataSizeBytes = size.asNumber().longValue();
                    }
                }
                case "onCurrentShardSince" -> {
                    BsonValue since = readValue(reader);
                    if (since.isTimestamp()) {
                        onCurrentShardSince =
                                Instant.ofEpochSecond(since.asTimestamp().getTime());
                    }
                }
                case "history" -> firstValidAfter = firstValidAfter(readValue(reader));
                case "jumbo" -> {
                    if (reader.getCurrentBsonType() == BsonType.BOOLEAN) {
                        jumbo = reader.readBoolean();
                    } else {
                        problem = first(problem, skippedAsWrongType(reader, "live.chunkDoc.jumboNotBoolean"));
                    }
                }
                default -> reader.skipValue();
            }
        }
        reader.readEndDocument();
        if (problem == null) {
            problem = missing(min, max, shard, version);
        }
        if (problem == null && min.compareTo(max) >= 0) {
            problem = Message.of("live.chunkDoc.minNotLess", min.toString(), max.toString());
        }
        if (problem == null && shard.isEmpty()) {
            problem = Message.of("live.chunkDoc.shardEmpty");
        }
        if (problem != null) {
            return ChunkDocument.broken(
                    namespace, Message.of("live.chunkDoc.problem", describe(id, min, max), problem));
        }
        return ChunkDocument.of(
                new Chunk(min, max, shard, jumbo, version),
                estimatedDataSizeBytes,
                onCurrentShardSince != null ? onCurrentShardSince : firstValidAfter);
    }

    /** {@code history[0].validAfter} when it is a Timestamp ({@code ChunkHistory}, newest entry first), else null. */
    private static Instant firstValidAfter(BsonValue history) {
        if (history.isArray()
                && !history.asArray().isEmpty()
                && history.asArray().get(0).isDocument()
                && history.asArray().get(0).asDocument().isTimestamp("validAfter")) {
            return Instant.ofEpochSecond(history.asArray()
                    .get(0)
                    .asDocument()
                    .getTimestamp("validAfter")
                    .getTime());
        }
        return null;
    }

    private static Message missing(ShardKey min, ShardKey max, String shard, ChunkVersion version) {
        String field = min == null
                ? "min"
                : max == null ? "max" : shard == null ? "shard" : version == null ? "lastmod" : null;
        return field == null ? null : Message.of("live.chunkDoc.missing", field);
    }

    private Bound readBound(BsonReader reader, String name) {
        reader.readStartDocument();
        BsonValue[] values = new BsonValue[fields.length];
        int i = 0;
        Message problem = null;
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String field = reader.readName();
            if (problem == null && (i >= fields.length || !field.equals(fields[i]))) {
                problem = i < fields.length
                        ? Message.of("live.chunkDoc.boundFieldWhere", name, field, keyText, fields[i])
                        : Message.of("live.chunkDoc.boundFieldExtra", name, field, keyText);
            }
            if (problem != null) {
                reader.skipValue();
            } else {
                values[i] = readValue(reader);
            }
            i++;
        }
        reader.readEndDocument();
        if (problem == null && i == 0) {
            problem = Message.of("live.chunkDoc.boundEmpty", name);
        } else if (problem == null && i < fields.length) {
            problem = Message.of("live.chunkDoc.boundShort", name, i, keyText, fields.length);
        }
        return problem != null ? new Bound(null, problem) : new Bound(ShardKey.of(values), null);
    }

    private static BsonValue readValue(BsonReader reader) {
        return switch (reader.getCurrentBsonType()) {
            case INT32 -> new BsonInt32(reader.readInt32());
            case INT64 -> new BsonInt64(reader.readInt64());
            case DOUBLE -> new BsonDouble(reader.readDouble());
            case STRING -> new BsonString(reader.readString());
            case MIN_KEY -> {
                reader.readMinKey();
                yield MIN_KEY;
            }
            case MAX_KEY -> {
                reader.readMaxKey();
                yield MAX_KEY;
            }
            case OBJECT_ID -> new BsonObjectId(reader.readObjectId());
            case BINARY -> reader.readBinaryData();
            case DATE_TIME -> new BsonDateTime(reader.readDateTime());
            case BOOLEAN -> BsonBoolean.valueOf(reader.readBoolean());
            case NULL -> {
                reader.readNull();
                yield BsonNull.VALUE;
            }
            case DECIMAL128 -> new BsonDecimal128(reader.readDecimal128());
            case TIMESTAMP -> reader.readTimestamp();
            default -> VALUE_CODEC.decode(reader, CONTEXT);
        };
    }

    /** The chunk a problem is about: its range, else its _id, else its min. */
    private static Message describe(BsonValue id, ShardKey min, ShardKey max) {
        if (min != null && max != null) {
            return Message.of("common.verbatim", "[" + min + ", " + max + ")");
        }
        if (id != null) {
            return Message.of("common.verbatim", BsonPrinter.shell(id));
        }
        return min != null
                ? Message.of("live.chunkDoc.withMin", min.toString())
                : Message.of("live.chunkDoc.withoutId");
    }

    /** The problem {@code key} says of the current value's type; the value is skipped. */
    private static Message skippedAsWrongType(BsonReader reader, String key) {
        Message problem = Message.of(key, String.valueOf(reader.getCurrentBsonType()));
        reader.skipValue();
        return problem;
    }

    private static Message first(Message existing, Message next) {
        return existing != null ? existing : next;
    }

    @Override
    public void encode(BsonWriter writer, ChunkDocument value, EncoderContext encoderContext) {
        throw new UnsupportedOperationException("ShardLab only reads config.chunks");
    }

    @Override
    public Class<ChunkDocument> getEncoderClass() {
        return ChunkDocument.class;
    }

    private record Bound(ShardKey key, Message problem) {}
}
