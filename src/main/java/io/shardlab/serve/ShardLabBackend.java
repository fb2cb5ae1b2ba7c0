package io.shardlab.serve;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.AbstractMongoBackend;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import de.bwaldvogel.mongo.exception.MongoServerException;
import de.bwaldvogel.mongo.oplog.NoopOplog;
import de.bwaldvogel.mongo.wire.message.MessageHeader;
import de.bwaldvogel.mongo.wire.message.MongoQuery;
import io.netty.channel.Channel;
import io.netty.channel.embedded.EmbeddedChannel;
import io.shardlab.bson.BsonPrinter;
import io.shardlab.mongos.ClientAuthentication;
import io.shardlab.mongos.DocumentStorage;
import io.shardlab.mongos.ErrorCode;
import io.shardlab.mongos.MongoCommandException;
import io.shardlab.mongos.MongosCommands;
import io.shardlab.mongos.UserAccounts;
import io.shardlab.session.CommandLane;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The wire library's backend for ShardLab: every command a client sends goes to the command layer
 * ({@link MongosCommands}); the library's memory engine is the {@link DocumentStorage} behind it
 * (documents, query matching, update operators, aggregation, cursors), refusing what a shard refuses
 * of an insert ({@link ShardInsertCheck}).
 *
 * <p>The clients' commands take turns ({@link CommandTurns}) and run through the {@link CommandLane}, or, on a lane
 * that runs them one at a time itself ({@link CommandLane#oneAtATime()}, the window's simulation thread), take their
 * turns in its queue (a turn handed from connection thread to connection thread before the lane's own hand-over
 * made each of a class's commands wait for one more thread to be scheduled);
 * a long write batch runs in slices ({@link WriteBatchSlices}) and shares its turn between two of them,
 * so that a ping is answered within a slice or two of another client's {@code insertMany} of 100,000
 * documents.
 *
 * <p>When users are required ({@link #requireUsers}), each connection authenticates ({@link ClientAuthentication})
 * before its commands reach the command layer, and each command is checked against the user's roles.
 */
final class ShardLabBackend extends AbstractMongoBackend implements DocumentStorage {

    private final ThreadLocal<Channel> current = new ThreadLocal<>();
    /** The channel of commands that come from inside the process (the shell), not from a connection. */
    private final Channel inProcess = new EmbeddedChannel();

    private final MongosCommands commands;
    private final CommandLane lane;
    private final CommandTurns turns = new CommandTurns();
    private final Consumer<String> log;
    /** Whether the clients' commands that change documents or the cluster are refused ({@link #readOnly}). */
    private volatile boolean readOnly;

    private final Map<Channel, ClientAuthentication> authentications = new ConcurrentHashMap<>();
    private volatile UserAccounts users = UserAccounts.NONE;

    /**
     * @param commands makes the command layer over this backend's storage
     * @param lane where the clients' commands run
     * @param log receives one line per command that fails with an InternalError, with its cause
     */
    ShardLabBackend(Function<DocumentStorage, MongosCommands> commands, CommandLane lane, Consumer<String> log) {
        this.lane = lane;
        this.log = log;
        this.commands = commands.apply(this);
    }

    @Override
    protected MongoDatabase openOrCreateDatabase(String databaseName) {
        return new EncodedDatabase(databaseName, getCursorRegistry());
    }

    MongosCommands commands() {
        return commands;
    }

    /**
     * The users clients must authenticate as from now on ({@link UserAccounts#NONE}: none, every client may do
     * everything); connections authenticate again. Commands from inside the process never need one.
     */
    void requireUsers(UserAccounts required) {
        users = required;
        authentications.clear();
    }

    /** Whether clients must authenticate. */
    boolean usersRequired() {
        return users.required();
    }

    /**
     * A client's command, answered as mongos answers it: the reply, or {@code {ok: 0, errmsg, code,
     * codeName}} when it fails (an errmsg-only failure has no code, mongo {@code commands.cpp}
     * {@code appendSimpleCommandStatus}).
     *
     * @param channel the client's connection (its cursors)
     * @param client how the log names the client
     */
    BsonDocument answer(Channel channel, String client, String database, BsonDocument command) {
        ClientAuthentication authentication =
                authentications.computeIfAbsent(channel, c -> new ClientAuthentication(users));
        try {
            Optional<BsonDocument> own = authentication.answer(database, command);
            if (own.isPresent()) {
                return own.get();
            }
            authentication.authorize(database, command);
        } catch (MongoCommandException e) {
            return failure(e.code().number(), e.code().codeName(), e.getMessage());
        }
        BsonDocument reply = answerAuthorized(channel, client, database, command);
        if (!command.isEmpty() && HELLO.contains(command.getFirstKey()) && reply.containsKey("ok")) {
            authentication.addSupportedMechanisms(command, reply);
        }
        return reply;
    }

    private static final Set<String> HELLO = Set.of("hello", "isMaster", "ismaster");

    /** A command the connection's user may run. */
    private BsonDocument answerAuthorized(Channel channel, String client, String database, BsonDocument command) {
        if (readOnly && MongosCommands.changesDataOrCluster(command)) {
            return refusedToReadOnly(database, command);
        }
        if (lane.oneAtATime()) {
            // the lane's own queue is the turns (the window's simulation thread): commands that wait together run
            // together there, and a long batch's slices queue behind the others' commands that came meanwhile
            return WriteBatchSlices.isLong(command)
                    ? WriteBatchSlices.run(command, slice -> answerInTurn(channel, client, database, slice))
                    : answerInTurn(channel, client, database, command);
        }
        if (WriteBatchSlices.isLong(command)) {
            return turns.takeForLongWork(turn -> WriteBatchSlices.run(command, slice -> {
                BsonDocument reply = answerInTurn(channel, client, database, slice);
                turn.share();
                return reply;
            }));
        }
        return turns.take(() -> answerInTurn(channel, client, database, command));
    }

    /** Runs {@code command} on the lane, its turn taken. */
    private BsonDocument answerInTurn(Channel channel, String client, String database, BsonDocument command) {
        try {
            return lane.run(() -> {
                // the storage calls back into this backend on the lane's thread, for this channel
                current.set(channel);
                try {
                    return commands.run(database, command);
                } finally {
                    current.remove();
                }
            });
        } catch (MongoCommandException e) {
            if (e.code() == ErrorCode.NO_CODE) {
                return new BsonDocument("ok", new BsonDouble(0)).append("errmsg", new BsonString(e.getMessage()));
            }
            BsonDocument failure = failure(e.code().number(), e.code().codeName(), e.getMessage());
            if (!e.errorLabels().isEmpty()) {
                // drivers retry a transaction on its labels
                BsonArray labels = new BsonArray();
                e.errorLabels().forEach(label -> labels.add(new BsonString(label)));
                failure.append("errorLabels", labels);
            }
            return failure;
        } catch (MongoServerError e) {
            return failure(e.getCode(), String.valueOf(e.getCodeName()), e.getMessageWithoutErrorCode());
        } catch (MongoServerException e) {
            return new BsonDocument("ok", new BsonDouble(0))
                    .append("errmsg", new BsonString(e.getMessageWithoutErrorCode()));
        } catch (RuntimeException e) {
            String name = command.isEmpty() ? "the command" : command.getFirstKey();
            log.accept("InternalError answering " + client + "'s " + name + ": " + cause(e));
            return failure(
                    WireError.INTERNAL_ERROR,
                    "InternalError",
                    "ShardLab could not run " + name + ": " + e.getMessage());
        }
    }

    /** Refuses (true) or serves again the clients' commands that change documents or the cluster. */
    void readOnly(boolean refuseWrites) {
        readOnly = refuseWrites;
    }

    /**
     * A write refused while the clients may only read: MongoDB's answer to a user whose roles do not grant the
     * command (mongo {@code src/mongo/db/commands.cpp}, {@code CommandInvocation::checkAuthorization}: code 13,
     * "not authorized on DB to execute command CMD", the command printed as the server prints it, its
     * {@code documents}, {@code updates} or {@code deletes} of more than one element as their count, as the
     * write commands' {@code snipForLogging} does, mongo {@code write_commands.cpp} {@code redactTooLongLog}).
     */
    static BsonDocument refusedToReadOnly(String database, BsonDocument command) {
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
        return failure(
                ErrorCode.UNAUTHORIZED.number(),
                ErrorCode.UNAUTHORIZED.codeName(),
                "not authorized on " + database + " to execute command " + BsonPrinter.serverString(shown));
    }

    /**
     * A legacy OP_QUERY find (4.4 and 5.0 still answer one), run by the library's engine in its turn.
     *
     * @return the documents of the first batch and the cursor id
     */
    LegacyQueryResult legacyQuery(Channel channel, WireRequest.Query query) {
        MongoQuery request = new MongoQuery(
                channel,
                new MessageHeader(query.length(), query.requestId(), 0),
                query.fullCollectionName(),
                query.numberToSkip(),
                query.numberToReturn(),
                WireDocuments.fromBson(query.query()),
                query.returnFields() == null ? null : WireDocuments.fromBson(query.returnFields()));
        return turns.take(() -> lane.run(() -> {
            QueryResult result = handleQuery(request);
            List<BsonDocument> documents = new ArrayList<>();
            for (Document d : result.collectDocuments()) {
                documents.add(WireDocuments.toBson(d));
            }
            return new LegacyQueryResult(documents, result.getCursorId());
        }));
    }

    /** What a legacy query returns: its first batch and the cursor to read on. */
    record LegacyQueryResult(List<BsonDocument> documents, long cursorId) {}

    private static BsonDocument failure(int code, String codeName, String message) {
        return new BsonDocument("ok", new BsonDouble(0))
                .append("errmsg", new BsonString(message))
                .append("code", new BsonInt32(code))
                .append("codeName", new BsonString(codeName));
    }

    /** The exception and where it was thrown, on one line. */
    private static String cause(Throwable e) {
        StringBuilder text = new StringBuilder(e.toString());
        StackTraceElement[] frames = e.getStackTrace();
        if (frames.length > 0) {
            text.append(" (at ").append(frames[0]).append(')');
        }
        if (e.getCause() != null && e.getCause() != e) {
            text.append("; caused by ").append(e.getCause());
        }
        return text.toString().replace('\n', ' ');
    }

    /** The connection closed: its cursors go, in its turn. */
    void connectionClosed(Channel channel) {
        authentications.remove(channel);
        turns.take(() -> {
            handleClose(channel);
            return null;
        });
    }

    /**
     * The wire library closes its backend when the server stops listening; the documents outlive the
     * listening (the process keeps using them through {@link MongosServer.InProcess}), so they stay.
     */
    @Override
    public void close() {}

    // ---- DocumentStorage --------------------------------------------------------------------------------

    @Override
    public BsonDocument run(String database, BsonDocument command) {
        if (!command.isEmpty()
                && "insert".equals(command.getFirstKey())
                && command.get("documents") instanceof BsonArray) {
            return insert(database, command);
        }
        return runInEngine(database, command);
    }

    private BsonDocument runInEngine(String database, BsonDocument command) {
        try {
            if ("create".equals(command.getFirstKey())
                    && command.getBoolean("capped", BsonBoolean.FALSE).getValue()) {
                ((EncodedDatabase) resolveDatabase(database))
                        .createCapped(command.getString("create").getValue());
                return new BsonDocument("ok", new BsonDouble(1));
            }
            Channel channel = current.get() == null ? inProcess : current.get();
            return WireDocuments.toBson(
                    handleCommand(channel, database, command.getFirstKey(), WireDocuments.fromBson(command)));
        } catch (MongoServerError e) {
            return failure(e.getCode(), e.getCodeName() == null ? "" : e.getCodeName(), e.getMessageWithoutErrorCode());
        } catch (MongoServerException e) {
            return new BsonDocument("ok", new BsonInt32(0))
                    .append("errmsg", new BsonString(e.getMessageWithoutErrorCode()));
        }
    }

    /**
     * An insert as a shard runs it: the documents it refuses ({@link ShardInsertCheck}) are write errors
     * and, in an ordered batch, the documents after the first refused one are not inserted.
     */
    private BsonDocument insert(String database, BsonDocument command) {
        BsonArray documents = command.getArray("documents");
        boolean ordered = command.getBoolean("ordered", BsonBoolean.TRUE).getValue();
        List<Integer> kept = new ArrayList<>();
        BsonArray refused = new BsonArray();
        for (int i = 0; i < documents.size(); i++) {
            Optional<BsonDocument> refusal = documents.get(i).isDocument()
                    ? ShardInsertCheck.refusal(documents.get(i).asDocument())
                    : Optional.empty();
            if (refusal.isPresent()) {
                BsonDocument error = new BsonDocument("index", new BsonInt32(i));
                refusal.get().forEach(error::append);
                refused.add(error);
                if (ordered) {
                    break;
                }
            } else {
                kept.add(i);
            }
        }
        if (refused.isEmpty()) {
            return withInsertedCount(runInEngine(database, command), documents.size(), ordered);
        }
        BsonArray forward = new BsonArray();
        for (int i : kept) {
            forward.add(documents.get(i));
        }
        BsonDocument reply;
        if (forward.isEmpty()) {
            reply = new BsonDocument("n", new BsonInt32(0)).append("ok", new BsonDouble(1));
        } else {
            BsonDocument engineCommand = command.clone();
            engineCommand.put("documents", forward);
            reply = withInsertedCount(runInEngine(database, engineCommand), forward.size(), ordered);
            if (reply.getNumber("ok", new BsonInt32(0)).doubleValue() != 1) {
                return reply;
            }
        }
        List<BsonValue> errors = new ArrayList<>();
        for (BsonValue e : reply.getArray("writeErrors", new BsonArray())) {
            BsonDocument error = e.asDocument().clone();
            error.put("index", new BsonInt32(kept.get(error.getNumber("index").intValue())));
            errors.add(error);
        }
        if (!(ordered && !errors.isEmpty())) {
            // an ordered batch the engine stopped earlier never reached the refused document
            errors.addAll(refused);
        }
        errors.sort((a, b) -> Integer.compare(
                a.asDocument().getNumber("index").intValue(),
                b.asDocument().getNumber("index").intValue()));
        reply.put("writeErrors", new BsonArray(errors));
        return reply;
    }

    /**
     * The engine's insert reply with {@code n} the documents it inserted: the wire library counts the
     * ones it refused too. An ordered batch inserts those before its first write error, an unordered one
     * all but those with one (mongo {@code src/mongo/db/ops/write_ops_exec.cpp} {@code performInserts}).
     */
    private static BsonDocument withInsertedCount(BsonDocument reply, int attempted, boolean ordered) {
        if (reply.getNumber("ok", new BsonInt32(0)).doubleValue() != 1 || !reply.containsKey("writeErrors")) {
            return reply;
        }
        BsonArray errors = reply.getArray("writeErrors");
        int firstError = attempted;
        for (BsonValue e : errors) {
            firstError = Math.min(firstError, e.asDocument().getNumber("index").intValue());
        }
        reply.put("n", new BsonInt32(ordered ? firstError : attempted - errors.size()));
        return reply;
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

    @Override
    public int keptBytesPerDocument() {
        return EncodedCollection.KEPT_BYTES_PER_DOCUMENT;
    }

    @Override
    public void changeIndexDescription(
            String database, String collection, String indexName, Set<String> removed, BsonDocument appended) {
        ((EncodedDatabase) resolveDatabase(database))
                .changeIndexDescription(collection, indexName, removed, WireDocuments.fromBson(appended));
    }

    /**
     * The documents of {@code database.collection} as their BSON bytes now, in insertion order, a {@code null} at each
     * free position ({@link EncodedCollection#encodedDocuments}); none when it does not exist.
     */
    byte[][] encodedDocuments(String database, String collection) {
        MongoCollection<?> c = resolveDatabase(database).resolveCollection(collection, false);
        return c instanceof EncodedCollection encoded ? encoded.encodedDocuments() : new byte[0][];
    }

    @Override
    public long keptBytes(String database, String collection) {
        MongoCollection<?> c = resolveDatabase(database).resolveCollection(collection, false);
        return c instanceof EncodedCollection encoded
                ? encoded.keptBytes()
                : DocumentStorage.super.keptBytes(database, collection);
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
}
