package io.shardlab.serve;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.AbstractMongoBackend;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import de.bwaldvogel.mongo.exception.MongoServerException;
import de.bwaldvogel.mongo.oplog.NoopOplog;
import io.netty.channel.Channel;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.mongos.DocumentStorage;
import io.shardlab.mongos.ErrorCode;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.ServerCounters;
import io.shardlab.session.ClientConnection;
import io.shardlab.session.CommandLane;
import io.shardlab.sim.InsertBatch;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

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

    private final Map<Channel, ConnectedClient> clients = new ConcurrentHashMap<>();
    private final AtomicLong nextClientId = new AtomicLong();
    /** The clients sent away ({@link #disconnect}): their host and appName, refused from then on. */
    private final Set<String> sentAway = ConcurrentHashMap.newKeySet();
    /** Whether the clients' commands that change documents or the cluster are refused ({@link #readOnly}). */
    private volatile boolean readOnly;

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
        return clients.values().stream().map(ConnectedClient::label).sorted().toList();
    }

    /** The connections now, by number. */
    List<ClientConnection> connections() {
        return clients.values().stream()
                .map(ConnectedClient::sample)
                .sorted(Comparator.comparingLong(ClientConnection::id))
                .toList();
    }

    /**
     * Closes connection {@code id}, if it is still open, and refuses the new connections of the same client (its
     * host and appName) while this backend serves: a driver connects again at once, and a student sent away
     * should stay away.
     */
    void disconnect(long id) {
        clients.forEach((channel, client) -> {
            if (client.id() == id) {
                sentAway.add(client.who());
                channel.close();
            }
        });
    }

    /** Refuses (true) or serves again the clients' commands that change documents or the cluster. */
    void readOnly(boolean refuseWrites) {
        readOnly = refuseWrites;
    }

    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
        ConnectedClient client = clients.get(channel);
        if (client == null) {
            if (clients.size() >= maxClients) {
                channel.close();
                throw new MongoServerError(
                        ErrorCodes.TOO_MANY_CLIENTS,
                        "TooManyConnections",
                        "ShardLab serves at most " + maxClients + " connections at once");
            }
            client = new ConnectedClient(nextClientId.incrementAndGet(), address(channel), appName(query));
            if (sentAway.contains(client.who())) {
                channel.close();
                throw new MongoServerError(
                        ErrorCode.UNAUTHORIZED.number(),
                        ErrorCode.UNAUTHORIZED.codeName(),
                        "the teacher disconnected " + client.label() + " from this ShardLab");
            }
            clients.put(channel, client);
            counters.connected();
            clientLog.accept("client connected: " + client.label());
        }
        client.commandArrived();
        int[] requestBytes = {0};
        BsonDocument request = WireDocuments.toBson(query, n -> requestBytes[0] = n);
        int[] replyBytes = {0};
        try {
            boolean writes = MongosCommands.changesDataOrCluster(request);
            if (writes && readOnly) {
                throw refusedToReadOnly(database, request);
            }
            Document reply = answer(channel, database, command, request, n -> replyBytes[0] = n, client);
            if (writes) {
                client.wrote(writtenDatabase(database, request));
            }
            return reply;
        } catch (MongoServerError e) {
            client.failed(e.getMessageWithoutErrorCode());
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
            Channel channel,
            String database,
            String command,
            BsonDocument request,
            IntConsumer replySize,
            ConnectedClient client) {
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
            firstWriteError(reply).ifPresent(client::failed);
            return WireDocuments.fromBson(reply, replySize);
        } catch (MongoCommandException e) {
            if (e.code() == ErrorCode.NO_CODE) {
                client.failed(e.getMessage());
                // an errmsg-only failure: MongoDB's reply has no code (mongo commands.cpp appendSimpleCommandStatus)
                Document reply = new Document("ok", 0.0).append("errmsg", e.getMessage());
                WireDocuments.toBson(reply, replySize);
                return reply;
            }
            if (!e.errorLabels().isEmpty()) {
                // the library's error reply has no errorLabels; drivers retry a transaction on them
                Document reply = new Document("ok", 0.0)
                        .append("errmsg", e.getMessage())
                        .append("code", e.code().number())
                        .append("codeName", e.code().codeName())
                        .append("errorLabels", e.errorLabels());
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

    /** The client's {@code HOST:PORT}, an IPv6 host in brackets. */
    private static String address(Channel channel) {
        if (channel.remoteAddress() instanceof InetSocketAddress a) {
            String host = a.getAddress().getHostAddress();
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort();
        }
        return String.valueOf(channel.remoteAddress());
    }

    /** The {@code client.application.name} of a handshake, if it has one. */
    private static Optional<String> appName(Document handshake) {
        if (handshake.get("client") instanceof Document c
                && c.get("application") instanceof Document app
                && app.get("name") != null) {
            return Optional.of(String.valueOf(app.get("name")));
        }
        return Optional.empty();
    }

    /**
     * The database a write changes: the command's own, or for an admin command naming a namespace or a
     * database ({@code shardCollection: "app.events"}, {@code enableSharding: "app"}) that one.
     */
    static String writtenDatabase(String database, BsonDocument command) {
        BsonValue target = command.get(command.getFirstKey());
        if (!"admin".equals(database) || target == null || !target.isString()) {
            return database;
        }
        String name = target.asString().getValue();
        int dot = name.indexOf('.');
        return dot > 0 ? name.substring(0, dot) : name.isEmpty() ? database : name;
    }

    /** The {@code errmsg} of a reply's first write error ({@code writeErrors}), if it has one. */
    private static Optional<String> firstWriteError(BsonDocument reply) {
        BsonValue errors = reply.get("writeErrors");
        if (errors != null && errors.isArray() && !errors.asArray().isEmpty()) {
            BsonValue first = errors.asArray().get(0);
            if (first.isDocument() && first.asDocument().isString("errmsg")) {
                return Optional.of(first.asDocument().getString("errmsg").getValue());
            }
        }
        return Optional.empty();
    }

    /**
     * A write refused while the clients may only read: MongoDB's answer to a user whose roles do not grant the
     * command (mongo {@code src/mongo/db/commands.cpp}, {@code CommandInvocation::checkAuthorization}: code 13,
     * "not authorized on DB to execute command CMD", the command printed as the server prints it, its
     * {@code documents}, {@code updates} or {@code deletes} of more than one element as their count, as the
     * write commands' {@code snipForLogging} does, mongo {@code write_commands.cpp} {@code redactTooLongLog}).
     */
    static MongoServerError refusedToReadOnly(String database, BsonDocument command) {
        BsonDocument shown = new BsonDocument();
        for (Map.Entry<String, BsonValue> e : command.entrySet()) {
            boolean batch = e.getKey().equals("documents")
                    || e.getKey().equals("updates")
                    || e.getKey().equals("deletes");
            shown.append(
                    e.getKey(),
                    batch && e.getValue().isArray() && e.getValue().asArray().size() > 1
                            ? new BsonInt32(e.getValue().asArray().size())
                            : e.getValue());
        }
        return new MongoServerError(
                ErrorCode.UNAUTHORIZED.number(),
                ErrorCode.UNAUTHORIZED.codeName(),
                "not authorized on " + database + " to execute command " + BsonPrinter.serverString(shown));
    }

    @Override
    public void handleClose(Channel channel) {
        super.handleClose(channel);
        ConnectedClient client = clients.remove(channel);
        if (client != null) {
            counters.disconnected();
            clientLog.accept("client disconnected: " + client.label());
        }
    }

    /**
     * The wire library closes its backend when the server stops listening; the documents outlive the
     * listening (the process keeps using them through {@link MongosServer.InProcess}), so they stay.
     */
    @Override
    public void close() {
        clients.clear();
        sentAway.clear();
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

    /**
     * The copy shares the stored documents ({@link EncodedCollection#copyDocumentsTo}): the target is created with the
     * source's indexes by commands while empty, then receives the documents and the keys of its indexes.
     */
    @Override
    public void copy(String database, String collection, String toDatabase, String toCollection) {
        MongoCollection<?> source = resolveDatabase(database).resolveCollection(collection, false);
        if (!(source instanceof EncodedCollection encoded)) {
            DocumentStorage.super.copy(database, collection, toDatabase, toCollection);
            return;
        }
        MongoDatabase target = resolveDatabase(toDatabase);
        target.createCollectionOrThrowIfExists(toCollection);
        BsonDocument indexes = run(database, new BsonDocument("listIndexes", new BsonString(collection)));
        BsonArray specs = new BsonArray();
        for (BsonValue v : indexes.getDocument("cursor").getArray("firstBatch")) {
            BsonDocument spec = v.asDocument().clone();
            spec.remove("ns");
            if (!"_id_".equals(spec.getString("name").getValue())) {
                specs.add(spec);
            }
        }
        if (!specs.isEmpty()) {
            run(toDatabase, new BsonDocument("createIndexes", new BsonString(toCollection)).append("indexes", specs));
        }
        encoded.copyDocumentsTo((EncodedCollection) target.resolveCollection(toCollection, true));
    }

    /** Codes of the replies this adapter makes itself (mongo src/mongo/base/error_codes.yml). */
    private static final class ErrorCodes {
        static final int INTERNAL_ERROR = 1;
        static final int TOO_MANY_CLIENTS = 6;

        private ErrorCodes() {}
    }
}
