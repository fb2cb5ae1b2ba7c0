package io.shardlab.workload;

import java.nio.ByteBuffer;
import org.bson.BsonDocument;

/**
 * One document of an insert stream, with the size it occupies once stored.
 *
 * @param document the document as inserted (with its {@code _id})
 * @param bsonSize its size in bytes: the length of its BSON encoding, or the padded size when the
 *        stream pads documents; at least 5 (the empty document)
 * @param position where it came from, for messages: the 1-based line of a dataset file (the first
 *        line of a CSV record), or the 1-based ordinal in a generated stream
 * @param encoded the document's BSON encoding, {@code bsonSize} bytes read-only, when the stream made it anyway (a
 *        dataset file's documents are encoded to be measured), so that a reader keeping the bytes need not encode
 *        the document again; null when the stream did not keep it
 */
public record InsertDocument(BsonDocument document, int bsonSize, long position, ByteBuffer encoded) {

    /** The smallest BSON document, {@code {}}: an int32 length and the terminating NUL. */
    public static final int EMPTY_DOCUMENT_SIZE = 5;

    public InsertDocument {
        if (document == null) {
            throw new IllegalArgumentException("document: required"); // untranslated: a developer's contract
        }
        if (bsonSize < EMPTY_DOCUMENT_SIZE) {
            throw new IllegalArgumentException(String.format(
                    "bsonSize: a BSON document has at least 5 bytes, got %s", // untranslated: a developer's contract
                    bsonSize));
        }
        if (position < 1) {
            throw new IllegalArgumentException(
                    "position: 1-based, got " + position); // untranslated: a developer's contract
        }
        if (encoded != null && encoded.remaining() != bsonSize) {
            throw new IllegalArgumentException(String.format(
                    "encoded: %s bytes for a document of %s bytes", // untranslated: a developer's contract
                    encoded.remaining(), bsonSize));
        }
    }

    /** A document whose encoding the stream did not keep. */
    public InsertDocument(BsonDocument document, int bsonSize, long position) {
        this(document, bsonSize, position, null);
    }
}
