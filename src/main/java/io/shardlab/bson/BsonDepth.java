package io.shardlab.bson;

import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.DecoderContext;

/**
 * MongoDB's limit on how deeply documents and arrays nest, and a decoder that enforces it while it
 * reads, so that no input, however deep, can exhaust the stack of the reader or of any code that
 * later walks the value (printing, hashing, ordering, routing).
 *
 * <p>The limit is {@code BSONDepth::kDefaultMaxAllowableDepth} = {@value #MAX_DEPTH} (mongo
 * {@code src/mongo/bson/bson_depth.h}); the server's own JSON parser uses the same constant
 * ({@code JParse::kMaxDepth}, {@code src/mongo/bson/json.h}). Counting is {@code validateBSON}'s
 * ({@code src/mongo/bson/bson_validate.cpp}): the outermost value is at depth 0, each embedded
 * document, array or code-with-scope scope one deeper, and beginning one at a depth greater than
 * {@value #MAX_DEPTH} fails with {@value #TOO_DEEP} (error code 15, Overflow). So a value may hold
 * {@value #MAX_DEPTH} levels inside its outermost one. Extended JSON wrappers such as
 * {@code {"$numberLong": "5"}} are scalars, not levels.
 */
public final class BsonDepth {

    /** The deepest level an embedded document or array may begin at (the outermost is 0). */
    public static final int MAX_DEPTH = 200;

    /** MongoDB's text for a value nested deeper ({@code bson_validate.cpp}). */
    public static final String TOO_DEEP = "BSONObj exceeded maximum nested object depth: " + MAX_DEPTH;

    private static final BsonValueCodec SCALARS = new BsonValueCodec();
    private static final DecoderContext CONTEXT = DecoderContext.builder().build();

    private BsonDepth() {}

    /**
     * Reads the value whose type the reader has just read ({@link BsonReader#readBsonType()} or
     * {@link BsonReader#getCurrentBsonType()}), the outermost value at depth 0.
     *
     * @throws BsonTooDeepException when it nests deeper than {@value #MAX_DEPTH}
     */
    public static BsonValue readValue(BsonReader reader) {
        return readValue(reader, 0);
    }

    /**
     * Reads the value the reader is at, as a member of a value at depth {@code depth - 1}: a
     * document, array or scope read here begins at {@code depth}.
     *
     * @throws BsonTooDeepException when it nests deeper than {@value #MAX_DEPTH}
     */
    static BsonValue readValue(BsonReader reader, int depth) {
        BsonType type = reader.getCurrentBsonType();
        return switch (type) {
            case DOCUMENT -> readDocument(reader, depth);
            case ARRAY -> readArray(reader, depth);
            case JAVASCRIPT_WITH_SCOPE -> {
                String code = reader.readJavaScriptWithScope();
                yield new BsonJavaScriptWithScope(code, readDocument(reader, depth));
            }
            default -> SCALARS.decode(reader, CONTEXT);
        };
    }

    /**
     * Reads the document the reader is at (its type already read), beginning at {@code depth}. A
     * field name holding a NUL character, which text can spell but BSON cannot hold, is refused too.
     *
     * @throws BsonTooDeepException when it nests deeper than {@value #MAX_DEPTH}
     * @throws IllegalArgumentException for a field name with a NUL character
     */
    public static BsonDocument readDocument(BsonReader reader, int depth) {
        enter(depth);
        BsonDocument document = new BsonDocument();
        reader.readStartDocument();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String name = reader.readName();
            if (name.indexOf('\0') >= 0) {
                // text can spell one; BSON cannot hold it (field names are C strings, bsonspec.org)
                throw new IllegalArgumentException("the field name '" + name.replace("\0", "\\0")
                        + "' contains a NUL character, which a BSON field name cannot hold");
            }
            document.append(name, readValue(reader, depth + 1));
        }
        reader.readEndDocument();
        return document;
    }

    private static BsonArray readArray(BsonReader reader, int depth) {
        enter(depth);
        BsonArray array = new BsonArray();
        reader.readStartArray();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            array.add(readValue(reader, depth + 1));
        }
        reader.readEndArray();
        return array;
    }

    private static void enter(int depth) {
        if (depth > MAX_DEPTH) {
            throw new BsonTooDeepException();
        }
    }

    /**
     * Checks a value built elsewhere (e.g. raw BSON bytes from a file) without recursing deeper than
     * the limit itself.
     *
     * @throws BsonTooDeepException when it nests deeper than {@value #MAX_DEPTH}
     */
    public static void requireWithinLimit(BsonValue value) {
        check(value, 0);
    }

    /**
     * Walks the value the reader is at (its type already read; the outermost value at depth 0)
     * without building it, skipping scalars: a cheap check of raw BSON before it is kept.
     *
     * @throws BsonTooDeepException when it nests deeper than {@value #MAX_DEPTH}
     * @throws org.bson.BSONException when the bytes are not well-formed BSON
     */
    public static void requireWithinLimit(BsonReader reader) {
        walk(reader, 0);
    }

    private static void walk(BsonReader reader, int depth) {
        switch (reader.getCurrentBsonType()) {
            case DOCUMENT -> walkDocument(reader, depth);
            case ARRAY -> {
                enter(depth);
                reader.readStartArray();
                while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
                    walk(reader, depth + 1);
                }
                reader.readEndArray();
            }
            case JAVASCRIPT_WITH_SCOPE -> {
                reader.readJavaScriptWithScope();
                walkDocument(reader, depth);
            }
            default -> reader.skipValue();
        }
    }

    private static void walkDocument(BsonReader reader, int depth) {
        enter(depth);
        reader.readStartDocument();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            reader.skipName();
            walk(reader, depth + 1);
        }
        reader.readEndDocument();
    }

    private static void check(BsonValue value, int depth) {
        switch (value.getBsonType()) {
            case DOCUMENT -> {
                enter(depth);
                for (BsonValue member : value.asDocument().values()) {
                    check(member, depth + 1);
                }
            }
            case ARRAY -> {
                enter(depth);
                for (BsonValue member : value.asArray()) {
                    check(member, depth + 1);
                }
            }
            case JAVASCRIPT_WITH_SCOPE -> check(value.asJavaScriptWithScope().getScope(), depth);
            default -> {
                // a scalar adds no level
            }
        }
    }
}
