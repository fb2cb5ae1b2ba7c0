package io.shardlab.live;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import io.shardlab.text.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;

/**
 * Every document of one collection of a live deployment and its indexes, read through an open connection ({@code
 * find} with no filter and {@code getMore}, {@code listIndexes}): what {@code snapshot --with-documents} keeps beside
 * the collection's layout. Documents arrive as the server sent their bytes ({@link RawBsonDocument}).
 */
public final class CollectionDocuments {

    /** Documents per reply batch, and per batch handed on. */
    public static final int BATCH_SIZE = 1_000;

    private CollectionDocuments() {}

    /**
     * The collection's index specifications as {@code listIndexes} gives them.
     *
     * @throws LiveClusterException when the server cannot be read
     */
    public static List<BsonDocument> indexes(LiveConnection connection, String namespace) {
        MongoCollection<BsonDocument> collection = collection(connection, namespace);
        return connection.read(
                Message.of("live.doing.listingIndexes", namespace),
                () -> collection.listIndexes(BsonDocument.class).into(new ArrayList<>()));
    }

    /**
     * Hands every document of {@code namespace} to {@code batches}, at most {@value #BATCH_SIZE} at a time, in the
     * server's order.
     *
     * @return how many documents were read
     * @throws LiveClusterException when the server cannot be read
     */
    public static long read(LiveConnection connection, String namespace, Consumer<List<BsonDocument>> batches) {
        MongoCollection<RawBsonDocument> collection =
                connection.database(database(namespace)).getCollection(name(namespace), RawBsonDocument.class);
        Message what = Message.of("live.doing.readingDocuments", namespace);
        long read = 0;
        try (MongoCursor<RawBsonDocument> cursor = connection.read(
                what, () -> collection.find().batchSize(BATCH_SIZE).cursor())) {
            List<BsonDocument> batch = new ArrayList<>(BATCH_SIZE);
            while (connection.read(what, cursor::hasNext)) {
                batch.add(connection.read(what, cursor::next));
                if (batch.size() == BATCH_SIZE) {
                    batches.accept(batch);
                    read += batch.size();
                    batch = new ArrayList<>(BATCH_SIZE);
                }
            }
            if (!batch.isEmpty()) {
                batches.accept(batch);
                read += batch.size();
            }
        }
        return read;
    }

    private static MongoCollection<BsonDocument> collection(LiveConnection connection, String namespace) {
        return connection.database(database(namespace)).getCollection(name(namespace), BsonDocument.class);
    }

    private static String database(String namespace) {
        return namespace.substring(0, namespace.indexOf('.'));
    }

    private static String name(String namespace) {
        return namespace.substring(namespace.indexOf('.') + 1);
    }
}
