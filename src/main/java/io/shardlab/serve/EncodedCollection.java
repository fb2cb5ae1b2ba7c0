package io.shardlab.serve;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.AbstractSynchronizedMongoCollection;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.DocumentWithPosition;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.wire.bson.BsonDecoder;
import io.netty.buffer.Unpooled;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A collection of the wire library's document engine that keeps each document as its encoded BSON bytes,
 * one {@code byte[]} per document, and decodes it when a query reads it.
 *
 * <p>Why: the library's own memory collection keeps every document as a tree of maps and boxed values,
 * about twenty objects and 700 bytes of heap for a three-field document of 64 BSON bytes. A client writing at full
 * speed keeps all of them alive, and the garbage collector copies and scans every one: its pauses grew with
 * the documents kept and stalled the explorer's pulses. One array per document is one object to copy and
 * none to scan.
 *
 * <p>Invariants: a position is the index of its document in {@link #documents}; a removed document leaves
 * {@code null} there and its position in {@link #freePositions} for the next insert (as the library's
 * memory collection reuses positions). A query gets a fresh decoded copy, so the engine's in-place update
 * writes back through {@link #handleUpdate}. {@link #dataSize} is the sum of the stored arrays' lengths,
 * the documents' BSON size. A collection that keeps insertion order (a capped collection, whose natural order is
 * the order its documents came in and whose oldest documents the command layer removes first) reuses no
 * position: a new document always goes after the others.
 */
final class EncodedCollection extends AbstractSynchronizedMongoCollection<Integer>
        implements ObjectIdPositions.StoredIds {

    /** Where an {@code _id} stored first in a document starts: after the length (4), the type (1) and "_id\0" (4). */
    private static final int FIRST_ID_OFFSET = 9;

    private static final VarHandle BIG_ENDIAN_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle BIG_ENDIAN_INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    /**
     * Heap bytes a kept document takes beyond its BSON bytes, with 64-bit compressed references: the array's
     * header (16) and its padding to 8 bytes, its slot in the list (about 5 with the list's spare room), and its
     * ObjectId {@code _id}'s position in the index's table (4 bytes a slot, 7–13 at the table's load of 0.3–0.6; the
     * ObjectId itself is read from the document). {@code KeptDocumentsBenchmark} measured 43 (117 bytes of heap for a
     * 64-byte document, less the simulator's own 10; 93 when the table kept each ObjectId beside its position). An
     * {@code _id} of another type, or one not stored first, takes a map entry instead, about 70 bytes more.
     */
    static final int KEPT_BYTES_PER_DOCUMENT = 46;

    private final List<byte[]> documents = new ArrayList<>();
    private final Deque<Integer> freePositions = new ArrayDeque<>();
    private int dataSize;
    private final boolean keepsInsertionOrder;
    private int stored;

    /** @param keepsInsertionOrder whether a removed document's position stays unused (a capped collection) */
    EncodedCollection(
            MongoDatabase database,
            String collectionName,
            CollectionOptions options,
            CursorRegistry cursors,
            boolean keepsInsertionOrder) {
        super(database, collectionName, options, cursors);
        this.keepsInsertionOrder = keepsInsertionOrder;
    }

    /**
     * Copies every document into {@code target}, which has this collection's indexes and no document: the encoded
     * documents are shared (a document's array is never changed in place, an update stores a new one), positions
     * and sizes copied, and each index's keys copied from this collection's index of the same name, or built from
     * the documents where it is not a {@link CompactUniqueIndex}. A transaction's snapshot of a collection is made so
     * ({@link ShardLabBackend#copy}): in time and memory one reference per document, no decoding.
     */
    synchronized void copyDocumentsTo(EncodedCollection target) {
        synchronized (target) {
            target.documents.addAll(documents);
            target.freePositions.addAll(freePositions);
            target.dataSize = dataSize;
            for (Index<Integer> index : target.getIndexes()) {
                Index<Integer> own = getIndexes().stream()
                        .filter(i -> i.getName().equals(index.getName()))
                        .findFirst()
                        .orElse(null);
                if (index instanceof CompactUniqueIndex copy && own instanceof CompactUniqueIndex original) {
                    copy.copyFrom(original);
                } else {
                    target.streamAllDocumentsWithPosition()
                            .forEach(d -> index.add(d.getDocument(), d.getPosition(), target));
                }
            }
        }
    }

    /** An {@code _id} index keeps this collection's ObjectIds as positions in it ({@link CompactUniqueIndex}). */
    @Override
    public synchronized void addIndex(Index<Integer> index) {
        if (index instanceof CompactUniqueIndex compact) {
            compact.readIdsFrom(this);
        }
        super.addIndex(index);
    }

    /** Whether the document at {@code position} stores the ObjectId {@code high}, {@code low} as its first field. */
    synchronized boolean storesIdFirst(int position, long high, int low) {
        byte[] bytes = documents.get(position);
        return bytes.length >= FIRST_ID_OFFSET + 12
                && bytes[4] == 0x07
                && bytes[5] == '_'
                && bytes[6] == 'i'
                && bytes[7] == 'd'
                && bytes[8] == 0
                && high(position) == high
                && low(position) == low;
    }

    /** The first 8 bytes of the ObjectId that the document at {@code position} stores first. */
    @Override
    public long high(int position) {
        return (long) BIG_ENDIAN_LONG.get(documents.get(position), FIRST_ID_OFFSET);
    }

    /** The last 4 bytes of the ObjectId that the document at {@code position} stores first. */
    @Override
    public int low(int position) {
        return (int) BIG_ENDIAN_INT.get(documents.get(position), FIRST_ID_OFFSET + 8);
    }

    /** {@code document}, or a copy with its {@code _id} moved first when it has one elsewhere. */
    private static Document idFirst(Document document) {
        if (!document.containsKey("_id")
                || "_id".equals(document.keySet().iterator().next())) {
            return document;
        }
        Document moved = new Document("_id", document.get("_id"));
        document.forEach((field, value) -> moved.putIfAbsent(field, value));
        return moved;
    }

    private static Document decode(byte[] bytes) {
        return BsonDecoder.decodeBson(Unpooled.wrappedBuffer(bytes));
    }

    /** The size is kept here from the arrays, so the engine need not encode each document a second time. */
    @Override
    protected boolean tracksDataSize() {
        return false;
    }

    @Override
    protected void updateDataSize(int sizeDelta) {
        dataSize += sizeDelta;
    }

    /**
     * The stored documents' BSON bytes as they are now, in insertion order, with a {@code null} at each free position:
     * one array copy of the references (a document's array is never changed in place, an update stores a new one),
     * so a reader may take its time with them on another thread while writes go on.
     */
    synchronized byte[][] encodedDocuments() {
        return documents.toArray(new byte[0][]);
    }

    /** The heap the documents take as the memory budget counts it: their BSON bytes and {@link #KEPT_BYTES_PER_DOCUMENT} each. */
    synchronized long keptBytes() {
        return dataSize + (long) count() * KEPT_BYTES_PER_DOCUMENT;
    }

    @Override
    protected synchronized int getDataSize() {
        return dataSize;
    }

    @Override
    protected Integer addDocumentInternal(Document document) {
        byte[] bytes = WireDocuments.bytesOf(document);
        dataSize += bytes.length;
        stored++;
        Integer position = freePositions.poll();
        if (position == null) {
            documents.add(bytes);
            return documents.size() - 1;
        }
        documents.set(position, bytes);
        return position;
    }

    @Override
    protected QueryResult matchDocuments(
            Document query, Document orderBy, int numberToSkip, int limit, int batchSize, Document fieldSelector) {
        return matchDocumentsFromStream(
                storedPositions(isNaturalDescending(orderBy)).mapToObj(this::getDocument),
                query,
                orderBy,
                numberToSkip,
                limit,
                batchSize,
                fieldSelector);
    }

    /**
     * The library's match, with regular expressions inside a filter's values compared as MongoDB compares values
     * ({@link RegexValueEquality}); a filter without such a regex is matched as the library matches it.
     */
    @Override
    protected boolean documentMatchesQuery(Document document, Document query) {
        if (!RegexValueEquality.isNeededFor(query)) {
            return super.documentMatchesQuery(document, query);
        }
        return super.documentMatchesQuery(
                (Document) RegexValueEquality.comparable(document), (Document) RegexValueEquality.comparable(query));
    }

    /**
     * Every document, as an aggregation reads its collection: a document holding a regular expression comes as a copy
     * whose regexes compare by value ({@link RegexValueEquality#comparableDocument}), for the aggregation's every
     * {@code $match} and {@code $lookup}.
     */
    @Override
    public Stream<Document> queryAllAsStream() {
        return StreamSupport.stream(queryAll().spliterator(), false).map(RegexValueEquality::comparableDocument);
    }

    /** Positions holding a document, in insertion order or its reverse. */
    private IntStream storedPositions(boolean descending) {
        int size = documents.size();
        IntStream positions = descending ? IntStream.range(0, size).map(i -> size - 1 - i) : IntStream.range(0, size);
        return positions.filter(p -> documents.get(p) != null);
    }

    @Override
    public synchronized int count() {
        return stored;
    }

    @Override
    public synchronized boolean isEmpty() {
        return count() == 0;
    }

    @Override
    protected Integer findDocumentPosition(Document document) {
        return storedPositions(false)
                .filter(p -> getDocument(p).equals(document))
                .boxed()
                .findFirst()
                .orElse(null);
    }

    @Override
    protected Stream<DocumentWithPosition<Integer>> streamAllDocumentsWithPosition() {
        return storedPositions(false).mapToObj(p -> new DocumentWithPosition<>(getDocument(p), p));
    }

    @Override
    protected void removeDocument(Integer position) {
        dataSize -= documents.get(position).length;
        stored--;
        documents.set(position, null);
        if (!keepsInsertionOrder) {
            freePositions.add(position);
        }
    }

    @Override
    protected Document getDocument(Integer position) {
        return decode(documents.get(position));
    }

    @Override
    protected void handleUpdate(Integer position, Document oldDocument, Document newDocument) {
        // kept first, as mongod keeps it: the _id index reads an ObjectId there (CompactUniqueIndex)
        byte[] bytes = WireDocuments.bytesOf(idFirst(newDocument));
        dataSize += bytes.length - documents.get(position).length;
        documents.set(position, bytes);
    }
}
