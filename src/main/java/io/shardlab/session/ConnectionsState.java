package io.shardlab.session;

import java.util.List;
import java.util.Optional;

/**
 * Whether the explorer accepts client connections (Simulation → Accept connections), as the engine
 * reports it: an immutable value handed from the simulation and connection threads to the screen.
 *
 * @param connectionString {@code mongodb://127.0.0.1:PORT/} while accepting, empty when stopped
 * @param clients the clients connected now, {@code ADDRESS:PORT (appName)}
 * @param note one line about the port (e.g. the usual one was taken) or why accepting stopped
 * @param error one line saying why accepting could not start
 */
public record ConnectionsState(
        Optional<String> connectionString, List<String> clients, Optional<String> note, Optional<String> error) {

    public ConnectionsState {
        clients = List.copyOf(clients);
    }

    /** Accepting on {@code listener}, with its clients now. */
    static ConnectionsState accepting(MongosEndpoint.Listener listener, Optional<String> note) {
        return new ConnectionsState(
                Optional.of(listener.connectionString()), listener.clients(), note, Optional.empty());
    }

    /** Not accepting; {@code note} says why, if there is something to say. */
    static ConnectionsState stopped(Optional<String> note) {
        return new ConnectionsState(Optional.empty(), List.of(), note, Optional.empty());
    }

    /** Accepting could not start, for the reason {@code message} gives in one line. */
    static ConnectionsState failed(String message) {
        return new ConnectionsState(Optional.empty(), List.of(), Optional.empty(), Optional.of(message));
    }

    /** Whether connections are accepted. */
    public boolean accepting() {
        return connectionString.isPresent();
    }
}
