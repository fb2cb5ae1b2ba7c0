package io.shardlab.advisor;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * The documents of a sample, in insertion order, kept compactly as their BSON bytes: one byte
 * array page after another, plus per document its page, offset, size and source position. A
 * million documents of 120 bytes take about 140 MB here, against about a gigabyte as
 * {@link BsonDocument} objects.
 *
 * <p>Written by one thread while a sample loads, then read-only: {@link #reader(int)} and
 * {@link #document(int)} may be called from several threads once {@link #freeze()} was called.
 */
public final class DocumentStore {

    /** Bytes per page; a larger document gets a page of its own. */
    static final int PAGE_BYTES = 8 << 20;

    private final List<byte[]> pages = new ArrayList<>();
    private byte[] page;
    private int pageUsed;
    private int[] pageOf = new int[1024];
    private int[] offsetOf = new int[1024];
    private int[] sizeOf = new int[1024];
    private long[] positionOf = new long[1024];
    private int count;
    private long totalBytes;
    private boolean frozen;
    private final BasicOutputBuffer buffer = new BasicOutputBuffer(1024);
    private final BsonDocumentCodec codec = new BsonDocumentCodec();

    /**
     * Appends a document.
     *
     * @param position where it came from (1-based line or ordinal), for messages
     * @return its index
     * @throws IllegalStateException after {@link #freeze()}
     */
    public int add(BsonDocument document, long position) {
        checkWritable();
        buffer.truncateToPosition(0);
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            codec.encode(writer, document, EncoderContext.builder().build());
        }
        return append(ByteBuffer.wrap(buffer.getInternalBuffer(), 0, buffer.getPosition()), position);
    }

    /**
     * Appends a document already encoded: {@code bson}'s remaining bytes, a whole BSON document (as its encoding
     * by the driver's codec, so that the store holds what {@link #add(BsonDocument, long)} would). The buffer's
     * position does not move.
     *
     * @param position where it came from (1-based line or ordinal), for messages
     * @return its index
     * @throws IllegalStateException after {@link #freeze()}
     */
    public int add(ByteBuffer bson, long position) {
        checkWritable();
        return append(bson, position);
    }

    private void checkWritable() {
        if (frozen) {
            throw new IllegalStateException("the sample is complete; no document can be added");
        }
    }

    private int append(ByteBuffer bson, long position) {
        int size = bson.remaining();
        if (page == null || pageUsed + size > page.length) {
            page = new byte[Math.max(PAGE_BYTES, size)];
            pages.add(page);
            pageUsed = 0;
        }
        bson.duplicate().get(page, pageUsed, size);
        if (count == pageOf.length) {
            int grown = count + (count >> 1);
            pageOf = Arrays.copyOf(pageOf, grown);
            offsetOf = Arrays.copyOf(offsetOf, grown);
            sizeOf = Arrays.copyOf(sizeOf, grown);
            positionOf = Arrays.copyOf(positionOf, grown);
        }
        pageOf[count] = pages.size() - 1;
        offsetOf[count] = pageUsed;
        sizeOf[count] = size;
        positionOf[count] = position;
        pageUsed += size;
        totalBytes += size;
        return count++;
    }

    /** Ends writing; trims the index arrays. */
    public void freeze() {
        frozen = true;
        pageOf = Arrays.copyOf(pageOf, count);
        offsetOf = Arrays.copyOf(offsetOf, count);
        sizeOf = Arrays.copyOf(sizeOf, count);
        positionOf = Arrays.copyOf(positionOf, count);
    }

    /** The heap this store holds, in bytes: its pages and its index arrays. */
    public long memoryBytes() {
        return (long) pages.size() * PAGE_BYTES + 20L * pageOf.length;
    }

    /** Number of documents. */
    public int size() {
        return count;
    }

    /** The BSON size of document {@code i}, in bytes. */
    public int bsonSize(int i) {
        check(i);
        return sizeOf[i];
    }

    /** The sum of the BSON sizes, in bytes. */
    public long totalBytes() {
        return totalBytes;
    }

    /** Where document {@code i} came from: its 1-based line or ordinal in the source. */
    public long position(int i) {
        check(i);
        return positionOf[i];
    }

    /** A reader positioned before document {@code i}'s start; each call returns a new one. */
    public BsonBinaryReader reader(int i) {
        check(i);
        ByteBuffer bytes =
                ByteBuffer.wrap(pages.get(pageOf[i]), offsetOf[i], sizeOf[i]).slice();
        return new BsonBinaryReader(bytes);
    }

    /** Document {@code i}, decoded (for the few documents a report shows). */
    public BsonDocument document(int i) {
        try (BsonBinaryReader reader = reader(i)) {
            return codec.decode(reader, DecoderContext.builder().build());
        }
    }

    private void check(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("document " + i + " of " + count);
        }
    }
}
