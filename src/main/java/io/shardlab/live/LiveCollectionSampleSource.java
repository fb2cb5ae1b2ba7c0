package io.shardlab.live;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import io.shardlab.advisor.AnalysisCancelledException;
import io.shardlab.advisor.CollectionIndexes;
import io.shardlab.advisor.IndexSpec;
import io.shardlab.advisor.SampleInput;
import io.shardlab.advisor.SampleOrder;
import io.shardlab.advisor.SampleSource;
import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import io.shardlab.workload.InsertDocument;
import io.shardlab.workload.InsertStream;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.OptionalLong;
import java.util.function.Supplier;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.RawBsonDocument;

/**
 * A random sample of a live collection: {@code [{$sample: {size: n}}]} run read-only on
 * {@code db.collection} through a {@link LiveConnection} (never {@code $out} or {@code $merge}).
 *
 * <p>{@code $sample} randomly selects {@code n} documents; it returns them in random order, so
 * {@link #order()} is {@link SampleOrder#UNKNOWN} and monotonicity comes out {@code "unknown"}.
 * The server decides how to draw them: a pseudo-random cursor when {@code $sample} is the first stage,
 * {@code n} is under 5% of the collection and the collection holds more than 100 documents, otherwise
 * a collection scan and a random sort; on a sharded cluster each shard samples and mongos samples the
 * merged result (MongoDB manual, "$sample (aggregation)", reference/operator/aggregation/sample). The
 * pseudo-random cursor "may output the same document more than once" (same page, 3.2 to 3.4
 * editions), so a sample of a busy collection can hold a document twice; it is kept, as
 * analyzeShardKey would count it.
 *
 * <p>Reads, in order: {@code listCollections} filtered to the collection (to tell a missing collection
 * from an empty one), {@code count} ({@code estimatedDocumentCount}, reported as
 * {@link SampleInput#numDocsTotal()}), then {@code aggregate} and {@code getMore}. Documents arrive as
 * {@link RawBsonDocument}s, so each one's BSON size is the size the server sent. Progress is counted
 * in documents of {@code min(n, count)}.
 *
 * <p>Failures are {@link IllegalArgumentException}s with one line naming the namespace and the
 * server (password masked); a read that fails because the connection's cancellation was raised
 * (which closes the client and so unblocks a waiting read), or any read of the stream after it was
 * raised, is an {@link AnalysisCancelledException}.
 * The connection is the caller's: closing the input closes the cursor, not the connection.
 */
public final class LiveCollectionSampleSource implements SampleSource {

    /** Documents per reply batch: small enough for progress and cancellation to be checked often. */
    static final int BATCH_SIZE = 1000;

    private final LiveConnection connection;
    private final String database;
    private final String collection;
    private final int sampleSize;

    /**
     * @param connection an open connection; not closed by this source
     * @param namespace {@code db.collection}
     * @param sampleSize {@code $sample}'s size: at least 1 document
     * @throws IllegalArgumentException naming the argument when the namespace or size is invalid
     */
    public LiveCollectionSampleSource(LiveConnection connection, String namespace, int sampleSize) {
        if (connection == null) {
            throw new IllegalArgumentException("connection: required"); // untranslated: a developer's contract
        }
        String[] parts = splitNamespace(namespace);
        if (sampleSize < 1) {
            throw new RefusedInput(Message.of("live.sample.badSize", sampleSize));
        }
        this.connection = connection;
        this.database = parts[0];
        this.collection = parts[1];
        this.sampleSize = sampleSize;
    }

    /**
     * A source that connects when it is opened and disconnects when its input is closed: what a
     * window uses, so that connecting runs on its background executor with the load. Raising
     * {@code cancellation} closes the client, which stops a connect or read under way; the load then
     * ends with an {@link AnalysisCancelledException}.
     *
     * @param connector opens the connection
     * @param request where to connect; its password never shows in a description or message
     * @param namespace {@code db.collection}
     * @param sampleSize {@code $sample}'s size: at least 1 document
     * @throws IllegalArgumentException naming the argument when the namespace or size is invalid
     */
    public static SampleSource connecting(
            LiveConnector connector,
            LiveConnectionRequest request,
            String namespace,
            int sampleSize,
            Cancellation cancellation) {
        splitNamespace(namespace);
        if (sampleSize < 1) {
            throw new RefusedInput(Message.of("live.sample.badSize", sampleSize));
        }
        return new SampleSource() {
            @Override
            public Message description() {
                return Message.of("live.sample.description", namespace, sampleSize, request.masked());
            }

            @Override
            public SampleOrder order() {
                return SampleOrder.UNKNOWN;
            }

            @Override
            public SampleInput open() {
                LiveConnection connection;
                try {
                    connection = connector.connect(request, cancellation);
                } catch (LiveClusterException e) {
                    if (e.kind() == LiveClusterException.Kind.CANCELLED) {
                        throw new AnalysisCancelledException();
                    }
                    throw new RefusedInput(e.said(), e);
                }
                try {
                    SampleInput input = new LiveCollectionSampleSource(connection, namespace, sampleSize).open();
                    InsertStream documents = input.documents();
                    InsertStream closing = new InsertStream() {
                        @Override
                        public String source() {
                            return documents.source();
                        }

                        @Override
                        public boolean hasNext() {
                            return documents.hasNext();
                        }

                        @Override
                        public InsertDocument next() {
                            return documents.next();
                        }

                        @Override
                        public void close() {
                            try {
                                documents.close();
                            } finally {
                                connection.close();
                            }
                        }
                    };
                    return new SampleInput(
                            closing,
                            input.progressDone(),
                            input.progressTotal(),
                            input.numDocsTotal(),
                            input.indexes(),
                            input.numOrphanDocs());
                } catch (RuntimeException e) {
                    connection.close();
                    throw e;
                }
            }
        };
    }

    /**
     * The database and collection of {@code db.collection}: the database is everything before the
     * first dot (MongoDB database names cannot contain a dot; collection names can).
     */
    static String[] splitNamespace(String namespace) {
        if (namespace == null || namespace.isBlank()) {
            throw new RefusedInput(Message.of("live.sample.namespaceRequired"));
        }
        int dot = namespace.indexOf('.');
        if (dot <= 0 || dot == namespace.length() - 1) {
            throw new RefusedInput(Message.of("live.sample.badNamespace", namespace));
        }
        return new String[] {namespace.substring(0, dot), namespace.substring(dot + 1)};
    }

    /** The namespace sampled, {@code db.collection}. */
    public String namespace() {
        return database + "." + collection;
    }

    /** {@code $sample}'s size. */
    public int sampleSize() {
        return sampleSize;
    }

    @Override
    public Message description() {
        return Message.of("live.sample.description", namespace(), sampleSize, connection.masked());
    }

    @Override
    public SampleOrder order() {
        return SampleOrder.UNKNOWN;
    }

    /**
     * Checks the collection, counts it and starts the sample.
     *
     * @throws IllegalArgumentException when the server cannot be read, the collection does not exist
     *     or is empty (one line naming the namespace and server)
     * @throws AnalysisCancelledException when the connection was cancelled
     */
    @Override
    public SampleInput open() {
        MongoDatabase db = connection.database(database);
        // the filter keeps the reply to one name on a real server; the names are compared here too
        boolean exists = read(
                Message.of("live.doing.checkingExists", namespace()),
                () -> db.listCollectionNames()
                        .filter(new BsonDocument("name", new BsonString(collection)))
                        .into(new ArrayList<>())
                        .contains(collection));
        if (!exists) {
            throw new RefusedInput(Message.of("live.sample.noSuchCollection", namespace(), connection.masked()));
        }
        MongoCollection<RawBsonDocument> coll = db.getCollection(collection, RawBsonDocument.class);
        long count = read(Message.of("live.doing.counting", namespace()), coll::estimatedDocumentCount);
        CollectionIndexes indexes = indexes(coll);
        OptionalLong orphans = numOrphanDocs(coll);
        List<BsonDocument> pipeline =
                List.of(new BsonDocument("$sample", new BsonDocument("size", new BsonInt32(sampleSize))));
        MongoCursor<RawBsonDocument> cursor = read(
                Message.of("live.doing.sampling", namespace()),
                () -> coll.aggregate(pipeline).batchSize(BATCH_SIZE).cursor());
        boolean any = read(Message.of("live.doing.sampling", namespace()), cursor::hasNext);
        if (!any) {
            cursor.close();
            throw new RefusedInput(Message.of("live.sample.empty", namespace(), connection.masked()));
        }
        Stream stream = new Stream(cursor);
        long expected = count > 0 ? Math.min(count, sampleSize) : sampleSize;
        return new SampleInput(stream, stream::read, expected, count, indexes, orphans);
    }

    /** The collection's own indexes ({@code listIndexes}), which decide the supporting index. */
    private CollectionIndexes indexes(MongoCollection<RawBsonDocument> coll) {
        List<BsonDocument> specs = read(
                Message.of("live.doing.listingIndexes", namespace()),
                () -> coll.listIndexes(BsonDocument.class).into(new ArrayList<>()));
        List<IndexSpec> out = new ArrayList<>();
        for (BsonDocument spec : specs) {
            try {
                out.add(IndexSpec.of(spec));
            } catch (IllegalArgumentException e) {
                throw new RefusedInput(
                        Message.of("live.sample.badIndex", namespace(), connection.masked(), RefusedInput.said(e)), e);
            }
        }
        return CollectionIndexes.declared(out, "listIndexes of " + namespace()); // untranslated: --json's value
    }

    /**
     * The orphan documents of a sharded collection, as analyzeShardKey counts them ({@code
     * calculateCollStats}: {@code $collStats {storageStats: {}}} summed over shards, only when the
     * collection is sharded, i.e. has a {@code config.collections} entry that is not
     * {@code unsplittable}); empty for an unsharded collection, or when the server cannot tell.
     */
    private OptionalLong numOrphanDocs(MongoCollection<RawBsonDocument> coll) {
        try {
            BsonDocument entry = connection.read(
                    Message.of("live.doing.readingConfig", "collections"),
                    () -> connection
                            .database("config")
                            .getCollection("collections", BsonDocument.class)
                            .find(new BsonDocument("_id", new BsonString(namespace())))
                            .first());
            if (entry == null
                    || entry.getBoolean("unsplittable", BsonBoolean.FALSE).getValue()) {
                return OptionalLong.empty();
            }
            List<BsonDocument> stats = connection.read(
                    Message.of("live.doing.readingCollStats", namespace()),
                    () -> coll.aggregate(
                                    List.of(new BsonDocument(
                                            "$collStats", new BsonDocument("storageStats", new BsonDocument()))),
                                    BsonDocument.class)
                            .into(new ArrayList<>()));
            long orphans = 0;
            for (BsonDocument shard : stats) {
                BsonDocument storage = shard.getDocument("storageStats", new BsonDocument());
                if (storage.isNumber("numOrphanDocs")) {
                    orphans += storage.getNumber("numOrphanDocs").longValue();
                }
            }
            return OptionalLong.of(orphans);
        } catch (LiveClusterException e) {
            if (e.kind() == LiveClusterException.Kind.CANCELLED) {
                throw new AnalysisCancelledException();
            }
            // no config database or no $collStats (not a mongos): nothing to report
            return OptionalLong.empty();
        }
    }

    private <T> T read(Message what, Supplier<T> read) {
        try {
            return connection.read(what, read);
        } catch (LiveClusterException e) {
            if (e.kind() == LiveClusterException.Kind.CANCELLED) {
                throw new AnalysisCancelledException();
            }
            throw new RefusedInput(e.said(), e);
        }
    }

    /** The sampled documents as an insert stream; positions are 1-based ordinals in sample order. */
    private final class Stream implements InsertStream {
        private final MongoCursor<RawBsonDocument> cursor;
        private long read;
        private boolean closed;

        Stream(MongoCursor<RawBsonDocument> cursor) {
            this.cursor = cursor;
        }

        long read() {
            return read;
        }

        @Override
        public String source() {
            return namespace();
        }

        @Override
        public boolean hasNext() {
            if (connection.isCancelled()) {
                throw new AnalysisCancelledException();
            }
            return !closed
                    && LiveCollectionSampleSource.this.read(
                            Message.of("live.doing.sampling", namespace()), cursor::hasNext);
        }

        @Override
        public InsertDocument next() {
            if (!hasNext()) {
                throw new NoSuchElementException(
                        namespace() + ": no more sampled documents"); // untranslated: Iterator's contract (hasNext)
            }
            RawBsonDocument d =
                    LiveCollectionSampleSource.this.read(Message.of("live.doing.sampling", namespace()), cursor::next);
            read++;
            return new InsertDocument(d, d.getByteBuffer().remaining(), read);
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                try {
                    cursor.close();
                } catch (RuntimeException e) {
                    // the client may already be closed (a cancelled load); the cursor is then gone too
                }
            }
        }
    }
}
