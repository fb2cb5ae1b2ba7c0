package io.shardlab.serve;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.AbstractMongoBackend;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import de.bwaldvogel.mongo.exception.MongoServerException;
import de.bwaldvogel.mongo.oplog.NoopOplog;
import io.netty.channel.Channel;
import io.shardlab.mongos.DocumentStorage;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ServerCounters;
import io.shardlab.session.CommandLane;
import io.shardlab.sim.InsertBatch;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * The wire library's backend for ShardLab: every command a client sends goes to the command layer
 * ({@link MongosCommands}); the library's memory engine is the {@link DocumentStorage} behind it
 * (documents, query matching, update operators, aggregation, cursors).
 *
 * <p>It also keeps the list of clients: one line when a client's first command arrives (its
 * {@code appName} from the handshake) and one when it leaves, and refuses connections beyond
 * {@code maxClients}.
 */
final class ShardLabBackend extends AbstractMongoBackend implements DocumentStorage {

    private final ThreadLocal<Channel> current = new ThreadLocal<>();
    /** The channel of commands that come from inside the process (the shell), not from a connection. */
    private final Channel inProcess = new io.netty.channel.embedded.EmbeddedChannel();

    private final Map<Channel, String> clients = new ConcurrentHashMap<>();
    private final Consumer<String> clientLog;
    private final int maxClients;
    private final MongosCommands commands;
    private final CommandLane lane;
    private final ServerCounters counters;

    /** @param counters where the connections and the wire traffic are counted ({@code serverStatus}) */
    ShardLabBackend(
            Function<DocumentStorage, MongosCommands> commands,
            Consumer<String> clientLog,
            int maxClients,
            CommandLane lane,
            ServerCounters counters) {
        this.counters = counters;
        this.clientLog = clientLog;
        this.maxClients = maxClients;
        this.lane = lane;
        this.commands = commands.apply(this);
    }

    @Override
    protected MongoDatabase openOrCreateDatabase(String databaseName) {
        return new EncodedDatabase(databaseName, getCursorRegistry());
    }

    MongosCommands commands() {
        return commands;
    }

    /** Clients connected now. */
    int clientCount() {
        return clients.size();
    }

    /** The clients connected now, as their log lines name them ({@code ADDRESS:PORT (appName)}), sorted. */
    List<String> clientNames() {
        return clients.values().stream().sorted().toList();
    }

    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
        if (!clients.containsKey(channel)) {
            if (clients.size() >= maxClients) {
                channel.close();
                throw new MongoServerError(
                        ErrorCodes.TOO_MANY_CLIENTS,
                        "TooManyConnections",
                        "ShardLab serves at most " + maxClients + " connections at once");
            }
            String name = clientName(channel, query);
            clients.put(channel, name);
            counters.connected();
            clientLog.accept("client connected: " + name);
        }
        int[] requestBytes = {0};
        BsonDocument request = WireDocuments.toBson(query, n -> requestBytes[0] = n);
        int[] replyBytes = {0};
        try {
            return answer(channel, database, command, request, n -> replyBytes[0] = n);
        } catch (MongoServerError e) {
            replyBytes[0] = InsertBatch.bsonSize(new BsonDocument("ok", new BsonInt32(0))
                    .append("errmsg", new BsonString(e.getMessageWithoutErrorCode()))
                    .append("code", new BsonInt32(e.getCode()))
                    .append("codeName", new BsonString(String.valueOf(e.getCodeName()))));
            throw e;
        } finally {
            counters.countTraffic(OP_MSG_FRAMING + requestBytes[0], OP_MSG_FRAMING + replyBytes[0]);
        }
    }

    /**
     * Bytes of an {@code OP_MSG} around its one body document: the 16-byte message header, the 4-byte
     * flag bits and the section's kind byte (mongo {@code src/mongo/rpc/op_msg.cpp}).
     */
    private static final int OP_MSG_FRAMING = 16 + 4 + 1;

    private Document answer(
            Channel channel, String database, String command, BsonDocument request, IntConsumer replySize) {
        try {
            BsonDocument reply = lane.run(() -> {
                // the storage calls back into this backend on the lane's thread, for this channel
                current.set(channel);
                try {
                    return commands.run(database, request);
                } finally {
                    current.remove();
                }
            });
            return WireDocuments.fromBson(reply, replySize);
        } catch (MongoCommandException e) {
            if (e.code() == io.shardlab.mongos.ErrorCode.NO_CODE) {
                // an errmsg-only failure: MongoDB's reply has no code (mongo commands.cpp appendSimpleCommandStatus)
                Document reply = new Document("ok", 0.0).append("errmsg", e.getMessage());
                WireDocuments.toBson(reply, replySize);
                return reply;
            }
            throw new MongoServerError(e.code().number(), e.code().codeName(), e.getMessage());
        } catch (RuntimeException e) {
            if (e instanceof MongoServerException) {
                throw e;
            }
            // ShardLab itself failed: the client gets InternalError, the log one line with the cause
            clientLog.accept("ShardLab failed on " + command + " (" + database + "): " + e);
            throw new MongoServerError(
                    ErrorCodes.INTERNAL_ERROR,
                    "InternalError",
                    "ShardLab could not run " + command + ": " + e.getMessage());
        }
    }

    private static String clientName(Channel channel, Document handshake) {
        String address = channel.remoteAddress() instanceof InetSocketAddress a
                ? a.getAddress().getHostAddress() + ":" + a.getPort()
                : String.valueOf(channel.remoteAddress());
        Object client = handshake.get("client");
        if (client instanceof Document c && c.get("application") instanceof Document app && app.get("name") != null) {
            return address + " (" + app.get("name") + ")";
        }
        return address;
    }

    @Override
    public void handleClose(Channel channel) {
        super.handleClose(channel);
        String name = clients.remove(channel);
        if (name != null) {
            counters.disconnected();
            clientLog.accept("client disconnected: " + name);
        }
    }

    /**
     * The wire library closes its backend when the server stops listening; the documents outlive the
     * listening (the process keeps using them through {@link MongosServer.InProcess}), so they stay.
     */
    @Override
    public void close() {
        clients.clear();
    }

    // ---- DocumentStorage --------------------------------------------------------------------------------

    @Override
    public BsonDocument run(String database, BsonDocument command) {
        try {
            Channel channel = current.get() == null ? inProcess : current.get();
            return WireDocuments.toBson(
                    super.handleCommand(channel, database, command.getFirstKey(), WireDocuments.fromBson(command)));
        } catch (MongoServerError e) {
            return new BsonDocument("ok", new BsonInt32(0))
                    .append("errmsg", new BsonString(e.getMessageWithoutErrorCode()))
                    .append("code", new BsonInt32(e.getCode()))
                    .append("codeName", new BsonString(e.getCodeName() == null ? "" : e.getCodeName()));
        } catch (MongoServerException e) {
            return new BsonDocument("ok", new BsonInt32(0))
                    .append("errmsg", new BsonString(e.getMessageWithoutErrorCode()));
        }
    }

    @Override
    public int keptBytesPerDocument() {
        return EncodedCollection.KEPT_BYTES_PER_DOCUMENT;
    }

    @Override
    public void replace(String database, String collection, List<BsonDocument> documents) {
        MongoDatabase db = resolveDatabase(database);
        if (db.resolveCollection(collection, false) != null) {
            db.dropCollection(collection, NoopOplog.get());
        }
        MongoCollection<?> c = db.createCollectionOrThrowIfExists(collection);
        List<Document> converted = new ArrayList<>(documents.size());
        for (BsonDocument d : documents) {
            converted.add(WireDocuments.fromBson(d));
        }
        if (!converted.isEmpty()) {
            c.insertDocuments(converted);
        }
    }

    /** Codes of the replies this adapter makes itself (mongo src/mongo/base/error_codes.yml). */
    private static final class ErrorCodes {
        static final int INTERNAL_ERROR = 1;
        static final int TOO_MANY_CLIENTS = 6;

        private ErrorCodes() {}
    }
}
