package io.shardlab.ui.explorer;

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

    /** Not accepting, nothing to say. */
    static final ConnectionsState STOPPED =
            new ConnectionsState(Optional.empty(), List.of(), Optional.empty(), Optional.empty());

    /** Whether connections are accepted. */
    public boolean accepting() {
        return connectionString.isPresent();
    }
}
