package io.shardlab.live;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.ClusterDescription;
import io.shardlab.text.Message;
import java.util.function.Supplier;

/**
 * An open, checked connection to one deployment. Only reads are ever sent through it. Closing it
 * closes the driver client. Safe to use from one background thread at a time.
 */
public final class LiveConnection implements AutoCloseable {

    private final MongoClient client;
    private final LiveConnectionRequest request;
    private final ServerInfo server;
    private final LiveErrors errors;
    private final Cancellation cancellation;

    LiveConnection(
            MongoClient client,
            LiveConnectionRequest request,
            ServerInfo server,
            LiveErrors errors,
            Cancellation cancellation) {
        this.client = client;
        this.request = request;
        this.server = server;
        this.errors = errors;
        this.cancellation = cancellation;
    }

    /** The server that answered: version and role. */
    public ServerInfo server() {
        return server;
    }

    /** The connection string with its secrets masked. */
    public String masked() {
        return request.masked();
    }

    /** Whether the cancellation this connection was opened with has been raised (its client is then closed). */
    boolean isCancelled() {
        return cancellation.isCancelled();
    }

    MongoDatabase database(String name) {
        return client.getDatabase(name);
    }

    /**
     * Runs a read, turning driver failures into {@link LiveClusterException}s.
     *
     * @param what what is being done, for the message, e.g. "reading config.chunks" ({@code live.doing.*})
     */
    <T> T read(Message what, Supplier<T> read) {
        try {
            return read.get();
        } catch (RuntimeException e) {
            throw errors.translate(e, what, description(), cancellation.isCancelled());
        }
    }

    private ClusterDescription description() {
        try {
            return client.getClusterDescription();
        } catch (RuntimeException e) {
            return null;
        }
    }

    @Override
    public void close() {
        client.close();
    }

    @Override
    public String toString() {
        return "LiveConnection[" + masked() + ", " + server + "]"; // untranslated: a debugging string
    }
}
