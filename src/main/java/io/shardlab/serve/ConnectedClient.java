package io.shardlab.serve;

import io.shardlab.session.ClientConnection;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;

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

    ClientConnection sample() {
        return new ClientConnection(
                id, address, appName, databases.stream().toList(), commands.get(), Optional.ofNullable(lastError));
    }
}
