package io.shardlab.session;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One client connection of a listening mongos, as the wire adapter counts it: who it is, what it wrote and how
 * it fared. An immutable sample handed from the connection threads to whoever asks ({@link
 * MongosEndpoint.Listener#connections()}); the counts only grow while the connection lives.
 *
 * @param id the connection's number, unique while the listener lives (what {@link
 *     MongosEndpoint.Listener#disconnect} takes)
 * @param address the client's {@code HOST:PORT}; an IPv6 host in brackets
 * @param appName the {@code client.application.name} of its handshake (mongosh's {@code --appName}, a driver's
 *     {@code appName=} option; mongosh's own is {@code mongosh 2.12.0}), empty when it sent none
 * @param databases the databases it has written to (insert, update, delete, drop, create…), sorted
 * @param commands the commands it has sent, heartbeats included
 * @param lastError the message of the last command that failed or had a write error, empty when none has
 */
public record ClientConnection(
        long id,
        String address,
        Optional<String> appName,
        List<String> databases,
        long commands,
        Optional<String> lastError) {

    public ClientConnection {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(appName, "appName");
        databases = List.copyOf(databases);
        Objects.requireNonNull(lastError, "lastError");
        if (commands < 0) {
            throw new IllegalArgumentException(
                    "commands: must not be negative, got " + commands); // untranslated: a developer's contract
        }
    }

    /** The client's host: {@link #address} without its port. */
    public String host() {
        int colon = address.lastIndexOf(':');
        return colon < 0 ? address : address.substring(0, colon);
    }

    /** The line the client list shows: {@code ADDRESS:PORT (appName)}, or the address alone. */
    public String label() {
        return appName.map(name -> address + " (" + name + ")").orElse(address);
    }
}
