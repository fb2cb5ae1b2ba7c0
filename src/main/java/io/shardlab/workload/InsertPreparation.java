package io.shardlab.workload;

import io.shardlab.text.Message;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.BsonValue;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * What a document read from a dataset becomes when a driver inserts it: an {@code _id} ObjectId is
 * put first when the document has none (as drivers and mongoimport do), and its size is the
 * length of its real BSON encoding, which must not exceed MongoDB's maximum document size. The encoding
 * is kept with the document ({@link InsertDocument#encoded()}), for a reader that stores the bytes.
 *
 * <p>The generated {@code _id}s come from one seeded {@link ObjectIdSequence} stamped as if
 * {@value #INSERTS_PER_SECOND} documents were inserted per second from the start time, so they
 * ascend in file order like those of a real import. Not thread-safe.
 */
public final class InsertPreparation {

    /** MongoDB's maximum BSON document size: 16 MiB (mongodb/docs {@code fact-document-max-size.rst}; {@code maxBsonObjectSize} = 16777216). */
    public static final int MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;

    /** The import rate the generated ObjectIds are stamped with. */
    public static final int INSERTS_PER_SECOND = 1000;

    private final String source;
    private final ObjectIdSequence ids;
    private final long startSecond;
    private final BsonDocumentCodec codec = new BsonDocumentCodec();
    private final BasicOutputBuffer buffer = new BasicOutputBuffer(1024);
    private long inserted;

    /** Prepares the documents of {@code source} with ObjectIds from {@code settings}' seed and start. */
    public InsertPreparation(String source, WorkloadSettings settings) {
        this(source, settings, 0);
    }

    /**
     * Prepares the documents of {@code source} that follow its first {@code documentsBefore}: the same
     * documents, {@code _id}s included, as one preparation given all of them in order (so parts of a file
     * can be prepared apart).
     */
    public InsertPreparation(String source, WorkloadSettings settings, long documentsBefore) {
        this.source = source;
        this.ids = new ObjectIdSequence(settings.seed());
        this.startSecond = settings.start().getEpochSecond();
        this.inserted = documentsBefore;
    }

    /**
     * The document as stored, with its size and its encoding.
     *
     * @param line where it was read, for messages
     * @throws DatasetException if it is larger than {@link #MAX_BSON_OBJECT_SIZE}
     */
    public InsertDocument prepare(BsonDocument document, long line) {
        long ordinal = ++inserted;
        BsonDocument stored = document;
        if (!document.containsKey("_id")) {
            stored = new BsonDocument(
                    "_id", new BsonObjectId(ids.at(ordinal, startSecond + (ordinal - 1) / INSERTS_PER_SECOND)));
            for (Map.Entry<String, BsonValue> e : document.entrySet()) {
                stored.append(e.getKey(), e.getValue());
            }
        }
        int size = encodedSize(stored);
        if (size > MAX_BSON_OBJECT_SIZE) {
            throw new DatasetException(
                    source, line, Message.of("workload.dataset.tooLarge", size, MAX_BSON_OBJECT_SIZE));
        }
        ByteBuffer encoded =
                ByteBuffer.wrap(Arrays.copyOf(buffer.getInternalBuffer(), size)).asReadOnlyBuffer();
        return new InsertDocument(stored, size, line, encoded);
    }

    /** Encodes {@code document} into the buffer; returns its size. */
    private int encodedSize(BsonDocument document) {
        buffer.truncateToPosition(0);
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            codec.encode(writer, document, EncoderContext.builder().build());
        }
        return buffer.getPosition();
    }
}
