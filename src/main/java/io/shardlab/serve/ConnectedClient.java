package io.shardlab.serve;

import io.shardlab.mongos.MongosCommands;
import io.shardlab.session.ClientConnection;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * What the backend knows of one client connection: its number, address and {@code appName}, and, counted on the
 * connection's thread, its commands, the databases it wrote and its last error. Read from any thread as a
 * {@link ClientConnection} sample.
 */
final class ConnectedClient {

    private final long id;
    private final String address;
    private final Optional<String> appName;
    private final Set<String> databases = new ConcurrentSkipListSet<>();
    private final AtomicLong commands = new AtomicLong();
    private volatile String lastError;

    ConnectedClient(long id, String address, Optional<String> appName) {
        this.id = id;
        this.address = address;
        this.appName = appName;
    }

    long id() {
        return id;
    }

    /** {@code ADDRESS:PORT (appName)}, or the address alone: the client log's name for it. */
    String label() {
        return appName.map(name -> address + " (" + name + ")").orElse(address);
    }

    /** Who the client is across its connections: its host and appName. */
    String who() {
        int colon = address.lastIndexOf(':');
        return (colon < 0 ? address : address.substring(0, colon)) + "\u0000" + appName.orElse("");
    }

    /** One command arrived. */
    void commandArrived() {
        commands.incrementAndGet();
    }

    /** The command wrote to {@code database}. */
    void wrote(String database) {
        databases.add(database);
    }

    /** The command failed, or had a write error, with {@code message}. */
    void failed(String message) {
        lastError = message;
    }

    /**
     * The reply to one of its commands: a command that changes data or the cluster and succeeded wrote to its
     * database ({@link #writtenDatabase}); a failure, or a reply's first write error, is its last error.
     */
    void answered(String database, BsonDocument command, BsonDocument reply) {
        boolean ok = reply.get("ok") != null
                && reply.get("ok").isNumber()
                && reply.getNumber("ok").doubleValue() == 1;
        if (!ok) {
            failed(reply.getString("errmsg", new BsonString("")).getValue());
            return;
        }
        if (MongosCommands.changesDataOrCluster(command)) {
            wrote(writtenDatabase(database, command));
        }
        firstWriteError(reply).ifPresent(this::failed);
    }

    /**
     * The database a write changes: the command's own, or for an admin command naming a namespace or a
     * database ({@code shardCollection: "app.events"}, {@code enableSharding: "app"}) that one.
     */
    static String writtenDatabase(String database, BsonDocument command) {
        BsonValue target = command.isEmpty() ? null : command.get(command.getFirstKey());
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

    ClientConnection sample() {
        return new ClientConnection(
                id, address, appName, databases.stream().toList(), commands.get(), Optional.ofNullable(lastError));
    }
}
