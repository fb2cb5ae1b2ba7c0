package io.shardlab.workload;

import java.util.function.UnaryOperator;

/**
 * Another stream whose documents count as at least {@code bytes} each, as if every document carried
 * a filler field that brings it to that size ({@code simulate --doc-size}). The documents
 * themselves are not changed; a document already larger keeps its real size.
 */
public final class PaddedInsertStream extends MappedInsertStream {

    /**
     * @param bytes the size each document is padded to, between 5 and 16 MiB
     * @throws IllegalArgumentException when {@code bytes} is outside that range
     */
    public PaddedInsertStream(InsertStream stream, int bytes) {
        super(stream, paddedTo(bytes));
    }

    private static UnaryOperator<InsertDocument> paddedTo(int bytes) {
        if (bytes < InsertDocument.EMPTY_DOCUMENT_SIZE || bytes > InsertPreparation.MAX_BSON_OBJECT_SIZE) {
            throw new IllegalArgumentException(String.format(
                    "doc-size: a document has between %s and %s bytes (16 MiB, MongoDB's maximum), got %s", // untranslated: a contract (the CLI bounds --doc-size)
                    InsertDocument.EMPTY_DOCUMENT_SIZE, InsertPreparation.MAX_BSON_OBJECT_SIZE, bytes));
        }
        return d -> d.bsonSize() >= bytes ? d : new InsertDocument(d.document(), bytes, d.position());
    }
}
