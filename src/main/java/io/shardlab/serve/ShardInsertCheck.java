package io.shardlab.serve;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * What a shard refuses of a document it is to insert, before storing it (mongo {@code
 * src/mongo/db/ops/insert.cpp} {@code fixDocumentForInsert}), as a write error of the batch:
 *
 * <ul>
 *   <li>more than {@link #MAX_USER_SIZE} bytes: BadValue (2), "object to insert too large. size in
 *       bytes: N, max size: 16777216";
 *   <li>objects and arrays nested {@link #MAX_STORAGE_DEPTH} levels deep below the document: Overflow
 *       (15), "cannot insert document because it exceeds 180 levels of nesting" ({@code validateDepth};
 *       {@code BSONDepth::getMaxDepthForUserStorage()} is the 200 levels a message may carry less
 *       {@code kExtraSystemDepthLevels}, 20, mongo {@code src/mongo/bson/bson_depth.cpp}). MongoDB's
 *       manual speaks of 100 levels; the server stores up to 179.
 * </ul>
 *
 * <p>The walk is iterative: a document built in the process (the shell) may nest deeper than a
 * message can.
 */
final class ShardInsertCheck {

    /** {@code BSONObjMaxUserSize}: 16 MB. */
    static final int MAX_USER_SIZE = 16 * 1024 * 1024;
    /** {@code BSONDepth::getMaxDepthForUserStorage()}. */
    static final int MAX_STORAGE_DEPTH = MessageDocumentCheck.MAX_DEPTH - 20;

    private ShardInsertCheck() {}

    /**
     * The write error (without its {@code index}) the shard answers for {@code document}, if it refuses
     * it: {@code {code, errmsg}}. The size is checked first, as the shard does.
     */
    static Optional<BsonDocument> refusal(BsonDocument document) {
        Shape shape = shape(document);
        if (shape.bytes() > MAX_USER_SIZE) {
            return Optional.of(error(
                    WireError.BAD_VALUE,
                    "object to insert too large. size in bytes: " + shape.bytes() + ", max size: " + MAX_USER_SIZE));
        }
        if (shape.depth() >= MAX_STORAGE_DEPTH) {
            return Optional.of(error(
                    WireError.OVERFLOW,
                    "cannot insert document because it exceeds " + MAX_STORAGE_DEPTH + " levels of nesting"));
        }
        return Optional.empty();
    }

    /**
     * A document's BSON size and how deep objects and arrays nest in it.
     *
     * @param bytes the BSON size in bytes
     * @param depth the deepest object or array below the document (0 for a flat one)
     */
    record Shape(long bytes, int depth) {}

    /** The document's {@link Shape}, counted without encoding it. */
    static Shape shape(BsonDocument document) {
        long size = 5;
        int deepest = 0;
        // frames: a document's entries or an array's values (a NamedFrame); sizes add up as they are walked
        Deque<Object> frames = new ArrayDeque<>();
        frames.push(document.entrySet().iterator());
        while (!frames.isEmpty()) {
            Object frame = frames.peek();
            String name;
            BsonValue value;
            if (frame instanceof NamedFrame f) {
                if (!f.values.hasNext()) {
                    frames.pop();
                    continue;
                }
                name = String.valueOf(f.index++);
                value = f.values.next();
            } else {
                @SuppressWarnings("unchecked")
                Iterator<Map.Entry<String, BsonValue>> entries = (Iterator<Map.Entry<String, BsonValue>>) frame;
                if (!entries.hasNext()) {
                    frames.pop();
                    continue;
                }
                Map.Entry<String, BsonValue> entry = entries.next();
                name = entry.getKey();
                value = entry.getValue();
            }
            size += 1 + utf8Length(name) + 1;
            if (value instanceof BsonDocument d) {
                size += 5;
                frames.push(d.entrySet().iterator());
                deepest = Math.max(deepest, frames.size() - 1);
            } else if (value instanceof BsonArray a) {
                size += 5;
                frames.push(new NamedFrame(a.getValues().iterator()));
                deepest = Math.max(deepest, frames.size() - 1);
            } else {
                size += valueSize(value);
            }
        }
        return new Shape(size, deepest);
    }

    /** An array's values, named by their index. */
    private static final class NamedFrame {
        private final Iterator<BsonValue> values;
        private int index;

        NamedFrame(Iterator<BsonValue> values) {
            this.values = values;
        }
    }

    private static BsonDocument error(int code, String message) {
        return new BsonDocument("code", new BsonInt32(code)).append("errmsg", new BsonString(message));
    }

    /** Bytes of a value that is neither a document nor an array, as BSON writes it. */
    private static long valueSize(BsonValue value) {
        return switch (value.getBsonType()) {
            case DOUBLE, DATE_TIME, TIMESTAMP, INT64 -> 8;
            case STRING -> 4L + utf8Length(value.asString().getValue()) + 1;
            case SYMBOL -> 4L + utf8Length(value.asSymbol().getSymbol()) + 1;
            case JAVASCRIPT -> 4L + utf8Length(value.asJavaScript().getCode()) + 1;
            case JAVASCRIPT_WITH_SCOPE ->
                4L
                        + 4
                        + utf8Length(value.asJavaScriptWithScope().getCode())
                        + 1
                        + new RawBsonDocument(value.asJavaScriptWithScope().getScope(), new BsonDocumentCodec())
                                .getByteBuffer()
                                .remaining();
            case BINARY -> {
                var b = value.asBinary();
                yield 4L + 1 + b.getData().length + (b.getType() == 2 ? 4 : 0);
            }
            case OBJECT_ID -> 12;
            case BOOLEAN -> 1;
            case REGULAR_EXPRESSION ->
                utf8Length(value.asRegularExpression().getPattern())
                        + 1L
                        + utf8Length(value.asRegularExpression().getOptions())
                        + 1;
            case DB_POINTER -> 4L + utf8Length(value.asDBPointer().getNamespace()) + 1 + 12;
            case INT32 -> 4;
            case DECIMAL128 -> 16;
            default -> 0; // null, undefined, MinKey, MaxKey
        };
    }

    private static int utf8Length(String s) {
        int ascii = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return s.getBytes(StandardCharsets.UTF_8).length;
            }
            ascii++;
        }
        return ascii;
    }
}
