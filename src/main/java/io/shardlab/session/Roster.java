package io.shardlab.session;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Who is connected to the explorer's mongos, a row per client: a class's roster. A client is what one program on
 * one machine opened (a driver opens a monitoring connection beside the ones it sends commands on; mongosh opens
 * several), so its connections with the same host and {@code appName} are one row. An immutable value, the same for
 * every view of the class (the connections strip, and what a class board or an exercise checker reads).
 *
 * @param clients by name (case-insensitive), then host
 * @param readOnly whether the clients' writes are refused ("eyes on the projector")
 */
public record Roster(List<Client> clients, boolean readOnly) {

    /** Nobody connected, writes served. */
    public static final Roster EMPTY = new Roster(List.of(), false);

    public Roster {
        clients = List.copyOf(clients);
    }

    /**
     * One client.
     *
     * @param name its {@code appName} (what the join text asks students to set to their name), else its host
     * @param host the address it connects from
     * @param appName the {@code appName} its handshake gave, if any
     * @param connections its connections' numbers ({@link ClientConnection#id()}), ascending
     * @param databases the databases its connections wrote to, sorted
     * @param commandsPerSecond commands its connections sent a second, over the last sampling interval
     * @param lastError the last error of its newest connection that had one
     */
    public record Client(
            String name,
            String host,
            Optional<String> appName,
            List<Long> connections,
            List<String> databases,
            double commandsPerSecond,
            Optional<String> lastError) {

        public Client {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(appName, "appName");
            connections = List.copyOf(connections);
            databases = List.copyOf(databases);
            Objects.requireNonNull(lastError, "lastError");
            if (connections.isEmpty()) {
                throw new IllegalArgumentException(
                        "connections: a client has at least one, got none"); // untranslated: a developer's contract
            }
            if (!(commandsPerSecond >= 0)) {
                throw new IllegalArgumentException(String.format(
                        "commandsPerSecond: must be at least 0, got %s", // untranslated: a developer's contract
                        commandsPerSecond));
            }
        }
    }
}
